import type { Language } from '@vela/contracts/common';
import { Link } from 'react-router';
import { usePagesT } from '../../i18n/usePagesT.ts';

interface PaginationProps {
  page: number;
  pageCount: number;
  lang: Language;
  /** The list's other query parameters (a cam filter, an order), kept on every page link. */
  search?: string;
}

/** Numbered page links `?page=N` (the listing carries the `pagination` anchor of spec 2). */
export function Pagination({ page, pageCount, lang, search = '' }: PaginationProps) {
  const t = usePagesT(lang);
  if (pageCount <= 1) return null;
  const href = (p: number) => `?${search ? `${search}&` : ''}page=${p}`;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev">
              {t('pagination.previous')}
            </Link>
          </li>
        ) : null}
        {pages.map((p) => (
          <li key={p}>
            <Link
              to={href(p)}
              aria-label={t('pagination.page', { page: p })}
              aria-current={p === page ? 'page' : undefined}
            >
              {p}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next">
              {t('pagination.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

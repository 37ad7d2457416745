import type { Language } from '@vela/contracts/common';
import { Link } from 'react-router';
import { useActorT } from '../useActorT.ts';

/** Previous / next page links (`?page=N`) of a video tab; no total is counted (spec: counts only where asked). */
export function VideoPager({ page, hasMore, lang }: { page: number; hasMore: boolean; lang: Language }) {
  const t = useActorT(lang);
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pagination" aria-label={t('pager.label')}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={page === 2 ? '?' : `?page=${page - 1}`} rel="prev">
              {t('pager.previous')}
            </Link>
          </li>
        ) : null}
        <li>
          <span aria-current="page">{t('pager.current', { page })}</span>
        </li>
        {hasMore ? (
          <li>
            <Link to={`?page=${page + 1}`} rel="next">
              {t('pager.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

import type { Language } from '@vela/contracts/common';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { CATEGORY_OF_ROUTE, LISTING_ROUTES } from '../listings.ts';
import { useVideosT } from '../useVideosT.ts';
import '../videos.css';

/** Links between the /videos/ pages; the current one is marked. */
export function VideosNav({ lang, current }: { lang: Language; current: string }) {
  const t = useVideosT(lang);
  const entries = [
    ...LISTING_ROUTES.map((name) => ({ name, label: t(`category.${CATEGORY_OF_ROUTE[name]}`) })),
    { name: 'Videos/Stars' as const, label: t('overview.stars') },
  ];
  return (
    <nav aria-label={t('overview.h1')}>
      <ul className="video-nav">
        {entries.map((entry) => (
          <li key={entry.name}>
            <Link to={pathFor(entry.name, lang)} aria-current={entry.name === current ? 'page' : undefined}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

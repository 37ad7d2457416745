/**
 * The media library's frame (spec 2 guest area): the way back to My{brand}, the heading, the tabs
 * videos / photos / audio and, within videos or photos, the sections (spec 2 "videos (shop, pinned,
 * playlist, archive, feed, messenger, clips), photos (shop, pinned, archive, feed, messenger)").
 */
import type { Language } from '@vela/contracts/common';
import { MEDIATHEK_PHOTO_SECTIONS, MEDIATHEK_VIDEO_SECTIONS } from '@vela/contracts/mediathek';
import { pathFor } from '@vela/i18n/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMediathekT } from '../hooks/useMediathekT.ts';
import { type MediathekArea, routeOfArea } from '../mediathekPage.ts';

const hrefOf = (area: MediathekArea, lang: Language) => {
  const route = routeOfArea(area);
  return pathFor(route.name, lang, route.params);
};

export function MediathekLayout({
  lang,
  brand,
  area,
  children,
}: {
  lang: Language;
  brand: string;
  area: MediathekArea;
  children: ReactNode;
}) {
  const t = useMediathekT(lang);
  const tabs: [MediathekArea, string][] = [
    [{ kind: 'videos', section: 'shop' }, t('nav.videos')],
    [{ kind: 'photos', section: 'shop' }, t('nav.photos')],
    [{ kind: 'audio' }, t('nav.audio')],
  ];
  const sections: [MediathekArea, string][] =
    area.kind === 'videos'
      ? MEDIATHEK_VIDEO_SECTIONS.map((section) => [{ kind: 'videos', section }, t(`video.${section}`)])
      : area.kind === 'photos'
        ? MEDIATHEK_PHOTO_SECTIONS.map((section) => [{ kind: 'photos', section }, t(`photo.${section}`)])
        : [];
  const current = area.kind === 'audio' ? null : area.section;
  return (
    <div className="page myvela mediathek">
      <header className="page__header">
        <p className="myvela-back">
          <Link to={pathFor('MyVela', lang)}>{t('back', { brand })}</Link>
        </p>
        <h1>{t('h1')}</h1>
        <p className="page__lead">{t('lead')}</p>
      </header>
      <nav className="tabs mediathek-tabs" aria-label={t('nav.label')}>
        {tabs.map(([tab, label]) => (
          <Link
            key={tab.kind}
            to={hrefOf(tab, lang)}
            aria-current={tab.kind === area.kind ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      {sections.length > 0 ? (
        <nav className="mediathek-sections" aria-label={t('nav.sections')}>
          <ul>
            {sections.map(([section, label]) => {
              const key = section.kind === 'audio' ? 'audio' : section.section;
              return (
                <li key={key}>
                  <Link to={hrefOf(section, lang)} aria-current={key === current ? 'page' : undefined}>
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      <section className="mediathek-body">{children}</section>
    </div>
  );
}

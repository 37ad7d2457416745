import { videosMessages } from '@vela/i18n/messages/videos';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { Link } from 'react-router';
import { Picture } from '../features/catalog/components/Picture.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { languageName } from '../features/catalog/format.ts';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { usePagesT } from '../features/i18n/usePagesT.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import { VideosNav } from '../features/videos/components/VideosNav.tsx';
import { useVideosT } from '../features/videos/useVideosT.ts';
import type { Route } from './+types/videos-stars';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const result = await context.services.videoStars(lang);
  const t = translator(videosMessages, lang);
  const alternates = alternatesFor('Videos/Stars');
  const head = pageHead(context.config, {
    lang,
    seoTitle: result.seo.seoTitle,
    fallbackTitle: t('stars.title'),
    seoDescription: result.seo.seoDescription,
    fallbackDescription: t('stars.description'),
    alternates,
    image: result.stars[0]?.avatar ?? null,
  });
  return { lang, head, ...result };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Video stars (spec 2 /videos/stars/, spec 3/9): the 100 performers with the most videos. */
export default function VideoStarsPage({ loaderData }: Route.ComponentProps) {
  const { lang, stars, seo } = loaderData;
  const t = useVideosT(lang);
  const pt = usePagesT(lang);
  return (
    <div className="page video-stars">
      <header className="page__header">
        <h1 id="stars-title">{seo.h1 || t('stars.h1')}</h1>
        {seo.h2 ? <p className="page__lead">{seo.h2}</p> : null}
      </header>
      <VideosNav lang={lang} current="Videos/Stars" />
      {stars.length > 0 ? (
        <TileGrid
          items={stars}
          keyOf={(s) => s.actorId}
          labelledBy="stars-title"
          render={(s, i) => (
            <Link className="video-star" to={pathFor('Actor', lang, { actorName: s.slug })}>
              <span className="tile__media">
                <Picture image={s.avatar} alt={pt('tile.avatarAlt', { name: s.actorName })} eager={i < 5} />
              </span>
              <span className="video-star__body">
                <span className="video-star__name">{s.actorName}</span>
                <span className={s.online ? 'status status--online' : 'status'}>
                  {s.online ? pt('tile.online') : pt('tile.offline')}
                </span>
                <span className="video-star__meta">
                  {pt('tile.age', { age: s.age })} · {t('stars.videoCount', { count: s.videoCount })} ·{' '}
                  {t('stars.newVideoCount', { count: s.newVideoCount })}
                </span>
                {s.spokenLanguages.length > 0 ? (
                  <span className="video-star__meta">
                    {t('stars.languages', {
                      languages: s.spokenLanguages.map((l) => languageName(l, lang)).join(', '),
                    })}
                  </span>
                ) : null}
              </span>
            </Link>
          )}
        />
      ) : (
        <p className="empty-state">{t('stars.empty')}</p>
      )}
    </div>
  );
}

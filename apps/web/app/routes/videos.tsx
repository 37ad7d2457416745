import { videosMessages } from '@vela/i18n/messages/videos';
import { translator } from '@vela/i18n/translate';
import { HomeBlock } from '../features/catalog/components/HomeBlock.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { linkIfBuilt } from '../features/i18n/implemented.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import { VideoListTile } from '../features/videos/components/VideoListTile.tsx';
import { VideosNav } from '../features/videos/components/VideosNav.tsx';
import { routeOfCategory } from '../features/videos/listings.ts';
import { useVideosT } from '../features/videos/useVideosT.ts';
import type { Route } from './+types/videos';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const guestId = context.viewer ? Number(context.viewer.id) : null;
  const overview = await context.services.videosOverview(lang, guestId);
  const t = translator(videosMessages, lang);
  const alternates = alternatesFor('Videos');
  const head = pageHead(context.config, {
    lang,
    seoTitle: overview.seo.seoTitle,
    fallbackTitle: t('overview.title'),
    seoDescription: overview.seo.seoDescription,
    fallbackDescription: t('overview.description'),
    alternates,
    image: overview.blocks.find((b) => b.items.length > 0)?.items[0]?.preview ?? null,
  });
  return { lang, head, ...overview };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** The /videos/ overview (spec 2): a block per listing category, each linking to its page. */
export default function VideosPage({ loaderData }: Route.ComponentProps) {
  const { lang, blocks, seo } = loaderData;
  const t = useVideosT(lang);
  return (
    <div className="page videos">
      <header className="page__header">
        <h1>{seo.h1 || t('overview.h1')}</h1>
        {seo.h2 ? <p className="page__lead">{seo.h2}</p> : null}
      </header>
      <VideosNav lang={lang} current="Videos" />
      {blocks.map(({ category, items }) => {
        const route = routeOfCategory(category);
        const id = `videos-${category}`;
        return (
          <HomeBlock
            key={category}
            id={id}
            title={t(`category.${category}`)}
            href={route ? linkIfBuilt(route, lang) : null}
          >
            {items.length > 0 ? (
              <TileGrid
                items={items}
                keyOf={(v) => v.id}
                labelledBy={`${id}-title`}
                render={(v) => <VideoListTile video={v} lang={lang} />}
              />
            ) : (
              <p className="empty-state">{t('grid.blockEmpty')}</p>
            )}
          </HomeBlock>
        );
      })}
      {seo.freeText ? (
        <div className="page__text">
          {seo.freeText.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

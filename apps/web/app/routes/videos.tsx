import { videosMessages } from '@vela/i18n/messages/videos';
import { translator } from '@vela/i18n/translate';
import { HomeBlock } from '../features/catalog/components/HomeBlock.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { linkIfBuilt } from '../features/i18n/implemented.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { SeoText } from '../features/seo/components/SeoText.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import { VideoListTile } from '../features/videos/components/VideoListTile.tsx';
import { VideosNav } from '../features/videos/components/VideosNav.tsx';
import { routeOfCategory } from '../features/videos/listings.ts';
import { type BoughtBlock, useGuestOverview } from '../features/videos/useGuestOverview.ts';
import { useVideosT } from '../features/videos/useVideosT.ts';
import type { Route } from './+types/videos';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  // The same page for everyone (decision 0033): a guest's bought block and flags come after hydration.
  const overview = await context.services.videosOverview(lang, null);
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

/**
 * The /videos/ overview (spec 2): a block per listing category, each linking to its page; a
 * logged-in guest's bought block comes last, with the bought flags (useGuestOverview).
 */
export default function VideosPage({ loaderData }: Route.ComponentProps) {
  const { lang, seo } = loaderData;
  const { blocks, bought } = useGuestOverview(loaderData.blocks);
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
      <BoughtVideosBlock bought={bought} lang={lang} />
      <SeoText text={seo.freeText} />
    </div>
  );
}

/** The guest's bought block: a placeholder while the viewer or the videos are on their way. */
function BoughtVideosBlock({
  bought,
  lang,
}: {
  bought: BoughtBlock;
  lang: Route.ComponentProps['loaderData']['lang'];
}) {
  const t = useVideosT(lang);
  if (bought.status === 'none') return null;
  const route = routeOfCategory('boughtVideos');
  const id = 'videos-boughtVideos';
  return (
    <HomeBlock id={id} title={t('category.boughtVideos')} href={route ? linkIfBuilt(route, lang) : null}>
      {bought.status === 'pending' ? (
        <div className="videos__placeholder" aria-busy="true" data-bought-pending="" />
      ) : bought.items.length > 0 ? (
        <TileGrid
          items={bought.items}
          keyOf={(v) => v.id}
          labelledBy={`${id}-title`}
          render={(v) => <VideoListTile video={v} lang={lang} />}
        />
      ) : (
        <p className="empty-state">{t('grid.blockEmpty')}</p>
      )}
    </HomeBlock>
  );
}

import { pagesMessages } from '@vela/i18n/messages/pages';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { ActorTile } from '../features/catalog/components/ActorTile.tsx';
import { BlogPostTile } from '../features/catalog/components/BlogPostTile.tsx';
import { CategoryTile } from '../features/catalog/components/CategoryTile.tsx';
import { ContestTile } from '../features/catalog/components/ContestTile.tsx';
import { HomeBlock } from '../features/catalog/components/HomeBlock.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { TvSeriesTile } from '../features/catalog/components/TvSeriesTile.tsx';
import { VideoTile } from '../features/catalog/components/VideoTile.tsx';
import { HomeFavorites } from '../features/favorites/components/HomeFavorites.tsx';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { linkIfBuilt } from '../features/i18n/implemented.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { usePagesT } from '../features/i18n/usePagesT.ts';
import { TOP_CAMS_BATCH, TopCams } from '../features/performers/components/TopCams.tsx';
import { useOnlineTotal } from '../features/realtime/hooks/useOnlineTotal.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const [home, topCams] = await Promise.all([
    context.services.home(lang),
    // Top cams with its category tabs (spec 2); the first tab comes with the page, the same for
    // everyone (decision 0033: the guest's favorites tab loads when chosen).
    context.services.topCams(lang, 'top100', null, 0, TOP_CAMS_BATCH),
  ]);
  const t = translator(pagesMessages, lang);
  const alternates = alternatesFor('Home');
  const head = pageHead(context.config, {
    lang,
    seoTitle: home.seo.seoTitle,
    fallbackTitle: t('meta.homeTitle'),
    seoDescription: home.seo.seoDescription,
    fallbackDescription: t('meta.homeDescription'),
    alternates,
  });
  return { lang, alternates, head, home, topCams };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Home timeline (spec 2): the blocks the data fills, in the spec's order. */
export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { lang, home, topCams } = loaderData;
  const t = usePagesT(lang);
  const onlineCount = useOnlineTotal(home.onlineCount);
  return (
    <div className="page home">
      <header className="page__header">
        <h1>{home.seo.h1 || t('home.h1')}</h1>
        {home.seo.h2 ? <p className="page__lead">{home.seo.h2}</p> : null}
        <p className="page__meta">{t('home.onlineCount', { count: onlineCount })}</p>
      </header>

      <HomeFavorites lang={lang} />

      {topCams.items.length > 0 ? (
        <TopCams
          lang={lang}
          initial={topCams}
          id="top-cams"
          className="home-block"
          headingHref={linkIfBuilt('Cams', lang)}
        />
      ) : null}

      {home.videoTrends.length > 0 ? (
        <HomeBlock
          id="video-trends"
          title={t('home.block.videoTrends')}
          href={linkIfBuilt('Videos/VideoTrends', lang)}
        >
          <TileGrid
            items={home.videoTrends}
            keyOf={(v) => v.id}
            labelledBy="video-trends-title"
            render={(v) => <VideoTile video={v} lang={lang} />}
          />
        </HomeBlock>
      ) : null}

      {home.newVideos.length > 0 ? (
        <HomeBlock
          id="new-videos"
          title={t('home.block.newVideos')}
          href={linkIfBuilt('Videos/NewVideos', lang)}
        >
          <TileGrid
            items={home.newVideos}
            keyOf={(v) => v.id}
            labelledBy="new-videos-title"
            render={(v) => <VideoTile video={v} lang={lang} />}
          />
        </HomeBlock>
      ) : null}

      {home.newGirls.length > 0 ? (
        <HomeBlock id="new-girls" title={t('home.block.newGirls')} href={linkIfBuilt('NewGirls', lang)}>
          <TileGrid
            items={home.newGirls}
            keyOf={(a) => a.id}
            labelledBy="new-girls-title"
            render={(a) => <ActorTile actor={a} lang={lang} />}
          />
        </HomeBlock>
      ) : null}

      {home.contests.length > 0 ? (
        <HomeBlock id="contests" title={t('home.block.contests')} href={linkIfBuilt('Contests', lang)}>
          <TileGrid
            items={home.contests}
            keyOf={(c) => c.id}
            labelledBy="contests-title"
            render={(c) => <ContestTile contest={c} lang={lang} />}
          />
        </HomeBlock>
      ) : null}

      {home.categories.length > 0 ? (
        // No page lists all categories yet: the heading stays unlinked, each tile links to its category.
        <HomeBlock id="categories" title={t('home.block.categories')} href={null}>
          <TileGrid
            items={home.categories}
            keyOf={(c) => c.id}
            labelledBy="categories-title"
            render={(c) => <CategoryTile category={c} lang={lang} />}
          />
        </HomeBlock>
      ) : null}

      {home.blog.length > 0 ? (
        <HomeBlock id="blog" title={t('home.block.blog')} href={`${pathFor('Home', lang)}#blog`}>
          <TileGrid
            items={home.blog}
            keyOf={(b) => b.id}
            labelledBy="blog-title"
            render={(b) => <BlogPostTile post={b} lang={lang} />}
          />
        </HomeBlock>
      ) : null}

      {home.tv.length > 0 ? (
        <HomeBlock id="tv" title={t('home.block.tv')} href={linkIfBuilt('TV/Media/Series', lang)}>
          <TileGrid
            items={home.tv}
            keyOf={(s) => s.id}
            labelledBy="tv-title"
            render={(s) => <TvSeriesTile series={s} lang={lang} />}
          />
        </HomeBlock>
      ) : null}

      {home.seo.freeText ? <p className="page__text">{home.seo.freeText}</p> : null}
    </div>
  );
}

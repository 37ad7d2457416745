import { videosMessages } from '@vela/i18n/messages/videos';
import { matchPath, pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { data } from 'react-router';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { SeoText } from '../features/seo/components/SeoText.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import { InfiniteVideoGrid } from '../features/videos/components/InfiniteVideoGrid.tsx';
import { VideoListingFilter } from '../features/videos/components/VideoListingFilter.tsx';
import { VideosNav } from '../features/videos/components/VideosNav.tsx';
import {
  CATEGORY_OF_ROUTE,
  isListingRoute,
  listingSearch,
  offsetOfPage,
  parseListingQuery,
} from '../features/videos/listings.ts';
import { useVideosT } from '../features/videos/useVideosT.ts';
import type { Route } from './+types/videos-listing';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const url = new URL(request.url);
  const routeName = matchPath(url.pathname)?.name;
  if (!isListingRoute(routeName)) throw data(null, { status: 404 });
  const category = CATEGORY_OF_ROUTE[routeName];
  const query = parseListingQuery(url.searchParams);
  if (!query) throw data(null, { status: 404 });
  const guestId = context.viewer ? Number(context.viewer.id) : null;
  // An unknown sort in the URL falls back to the stored or default sort (the select shows which).
  const page = await context.services.videoListing(
    lang,
    category,
    { sort: query.sort, filter: query.filter, offset: offsetOfPage(query.page) },
    guestId,
  );
  if (query.page > 1 && page.list.items.length === 0) throw data(null, { status: 404 });
  const t = translator(videosMessages, lang);
  const name = t(`category.${category}`);
  const alternates = alternatesFor(routeName, undefined, query.page > 1 ? `?page=${query.page}` : '');
  const head = pageHead(context.config, {
    lang,
    seoTitle: page.seo.seoTitle,
    fallbackTitle: query.page > 1 ? `${name} · ${t('grid.page', { page: query.page })}` : name,
    seoDescription: page.seo.seoDescription,
    fallbackDescription: t('category.description', { name }),
    alternates,
    image: page.list.items[0]?.preview ?? null,
  });
  const sortInUrl = query.sort && query.sort === page.list.sort ? query.sort : null;
  return {
    lang,
    head,
    routeName,
    category,
    path: pathFor(routeName, lang),
    page: query.page,
    filter: query.filter,
    nextHref: page.list.hasMore ? listingSearch(sortInUrl, query.filter, query.page + 1) : null,
    prevHref: query.page > 1 ? listingSearch(sortInUrl, query.filter, query.page - 1) || '?' : null,
    ...page,
  };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/**
 * A video listing page (spec 2 /videos/all-videos/, new-videos, video-trends, on-sale, free-clips,
 * vip-videos): sort, filter and the infinite video grid.
 */
export default function VideoListingPage({ loaderData }: Route.ComponentProps) {
  const { lang, routeName, category, path, list, tags, seo, filter, nextHref, prevHref } = loaderData;
  const t = useVideosT(lang);
  const gridKey = `${list.sort}|${JSON.stringify(filter)}|${list.offset}`;
  return (
    <div className="page videos-listing">
      <header className="page__header">
        <h1 id="listing-title">{seo.h1 || t(`category.${category}`)}</h1>
        {seo.h2 ? <p className="page__lead">{seo.h2}</p> : null}
      </header>
      <VideosNav lang={lang} current={routeName} />
      <VideoListingFilter
        key={gridKey}
        lang={lang}
        action={path}
        sort={list.sort}
        sorts={list.sorts}
        filter={filter}
        tags={tags}
      />
      <section id="pagination" className="listing" aria-labelledby="listing-title">
        <InfiniteVideoGrid
          key={gridKey}
          lang={lang}
          category={category}
          sort={list.sort}
          filter={filter}
          initial={list.items}
          startOffset={list.offset}
          hasMore={list.hasMore}
          nextHref={nextHref}
          prevHref={prevHref}
          labelledBy="listing-title"
        />
      </section>
      <SeoText text={seo.freeText} />
    </div>
  );
}

import { performersMessages } from '@vela/i18n/messages/performers';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { data } from 'react-router';
import { ListingHeader } from '../features/catalog/components/ListingHeader.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { parsePageParam } from '../features/catalog/pageParam.ts';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { CamFilter } from '../features/performers/components/CamFilter.tsx';
import { PerformerListing } from '../features/performers/components/PerformerListing.tsx';
import { TopCams } from '../features/performers/components/TopCams.tsx';
import { camsSearch, parseCamsQuery } from '../features/performers/performerQuery.ts';
import { usePerformersT } from '../features/performers/usePerformersT.ts';
import { SeoText } from '../features/seo/components/SeoText.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import type { Route } from './+types/cams';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });
  const query = parseCamsQuery(url.searchParams);
  if (!query) throw data(null, { status: 400, statusText: 'Invalid filter' });
  // The same page for everyone (decision 0033): the top 100 tab does not depend on the guest.
  const result = await context.services.camsPage(lang, { ...query, page }, null);
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (page > pageCount) throw data(null, { status: 404 });
  const t = translator(performersMessages, lang);
  const search = camsSearch(query);
  const fullSearch = [search, page > 1 ? `page=${page}` : ''].filter(Boolean).join('&');
  const alternates = alternatesFor('Cams', undefined, fullSearch ? `?${fullSearch}` : '');
  const head = pageHead(context.config, {
    lang,
    seoTitle: result.seo.seoTitle,
    fallbackTitle: t('cams.title'),
    seoDescription: result.seo.seoDescription,
    fallbackDescription: t('cams.description', { brand: context.config.brandName }),
    alternates,
    image: result.actors[0]?.avatar ?? null,
    // Filtered variants of the list are not separate documents for search engines.
    noindex: search !== '',
  });
  return { ...result, lang, alternates, head, pageCount, search };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** An online performer's tile leads into the live-show tab. */
const LIVE_TILES = {};

/** /cams/ (spec 2): every performer, online first then ranking, with the cam filter and the top cams block. */
export default function CamsPage({ loaderData }: Route.ComponentProps) {
  const { lang, seo, actors, total, onlineTotal, page, pageCount, filter, order, topCams, search } =
    loaderData;
  const t = usePerformersT(lang);
  const title = seo.h1 || t('cams.title');
  return (
    <div className="page cams">
      <ListingHeader title={title} subtitle={seo.h2}>
        <span data-testid="cams-total">{t('total', { count: total })}</span>
        {' · '}
        <span data-testid="cams-online">{t('onlineTotal', { count: onlineTotal })}</span>
      </ListingHeader>
      <TopCams lang={lang} initial={topCams} />
      <CamFilter lang={lang} filter={filter} order={order} resetHref={pathFor('Cams', lang)} />
      <PerformerListing
        lang={lang}
        actors={actors}
        page={page}
        pageCount={pageCount}
        label={title}
        emptyText={t('list.empty')}
        search={search}
        live={LIVE_TILES}
      />
      <SeoText text={seo.freeText} />
    </div>
  );
}

import { performersMessages } from '@vela/i18n/messages/performers';
import { matchPath } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { data } from 'react-router';
import { ListingHeader } from '../features/catalog/components/ListingHeader.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { parsePageParam } from '../features/catalog/pageParam.ts';
import { LazyConversionChatOffer } from '../features/conversion-chat/components/LazyConversionChatOffer.tsx';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { PerformerListing } from '../features/performers/components/PerformerListing.tsx';
import { usePerformersT } from '../features/performers/usePerformersT.ts';
import { SeoText } from '../features/seo/components/SeoText.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import type { Route } from './+types/performer-list';

/** The two plain performer lists of spec 2; one page module serves both route names. */
const LISTS = {
  // An online performer's tile leads into the live-show tab with the free chat offer selected
  // (`?chat=free-chat`, features/live/state/selectedOffer.ts).
  FreeChat: {
    load: 'freeChatPage',
    messages: 'freeChat',
    className: 'free-chat',
    live: { chat: 'free-chat' },
  },
  NewGirls: { load: 'newGirlsPage', messages: 'newGirls', className: 'new-girls', live: undefined },
} as const;
type ListName = keyof typeof LISTS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });
  const name: ListName =
    matchPath(new URL(request.url).pathname)?.name === 'NewGirls' ? 'NewGirls' : 'FreeChat';
  const list = LISTS[name];
  const result = await context.services[list.load](lang, page);
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (page > pageCount) throw data(null, { status: 404 });
  const t = translator(performersMessages, lang);
  const alternates = alternatesFor(name, undefined, page > 1 ? `?page=${page}` : '');
  const head = pageHead(context.config, {
    lang,
    seoTitle: result.seo.seoTitle,
    fallbackTitle: t(`${list.messages}.title`),
    seoDescription: result.seo.seoDescription,
    fallbackDescription: t(`${list.messages}.description`, { brand: context.config.brandName }),
    alternates,
    image: result.actors[0]?.avatar ?? null,
  });
  return { ...result, lang, alternates, head, pageCount, name };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/**
 * /free-chat/ (spec 2): performers offering a free chat, online first then ranking; /new-girls/: the
 * newest registered female performers first. 30 per page.
 */
export default function PerformerListPage({ loaderData }: Route.ComponentProps) {
  const { lang, seo, actors, total, onlineTotal, page, pageCount, name } = loaderData;
  const list = LISTS[name];
  const t = usePerformersT(lang);
  const title = seo.h1 || t(`${list.messages}.title`);
  return (
    <div className={`page ${list.className}`}>
      <ListingHeader title={title} subtitle={seo.h2}>
        {t('total', { count: total })} · {t('onlineTotal', { count: onlineTotal })}
      </ListingHeader>
      {name === 'FreeChat' ? <LazyConversionChatOffer /> : null}
      <PerformerListing
        lang={lang}
        actors={actors}
        page={page}
        pageCount={pageCount}
        label={title}
        emptyText={t(`${list.messages}.empty`)}
        live={list.live}
      />
      <SeoText text={seo.freeText} />
    </div>
  );
}

import { performersMessages } from '@vela/i18n/messages/performers';
import { translator } from '@vela/i18n/translate';
import { data } from 'react-router';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { parsePageParam } from '../features/catalog/pageParam.ts';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { PerformerListing } from '../features/performers/components/PerformerListing.tsx';
import { usePerformersT } from '../features/performers/usePerformersT.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import type { Route } from './+types/new-girls';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });
  const result = await context.services.newGirlsPage(lang, page);
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (page > pageCount) throw data(null, { status: 404 });
  const t = translator(performersMessages, lang);
  const alternates = alternatesFor('NewGirls', undefined, page > 1 ? `?page=${page}` : '');
  const head = pageHead(context.config, {
    lang,
    seoTitle: result.seo.seoTitle,
    fallbackTitle: t('newGirls.title'),
    seoDescription: result.seo.seoDescription,
    fallbackDescription: t('newGirls.description', { brand: context.config.brandName }),
    alternates,
    image: result.actors[0]?.avatar ?? null,
  });
  return { ...result, lang, alternates, head, pageCount };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** /new-girls/ (spec 2): the newest registered female performers first, 30 per page. */
export default function NewGirlsPage({ loaderData }: Route.ComponentProps) {
  const { lang, seo, actors, total, onlineTotal, page, pageCount } = loaderData;
  const t = usePerformersT(lang);
  const title = seo.h1 || t('newGirls.title');
  return (
    <div className="page new-girls">
      <header className="page__header">
        <h1>{title}</h1>
        {seo.h2 ? <h2 className="page__subtitle">{seo.h2}</h2> : null}
        <p className="page__meta">
          {t('total', { count: total })} · {t('onlineTotal', { count: onlineTotal })}
        </p>
      </header>
      <PerformerListing
        lang={lang}
        actors={actors}
        page={page}
        pageCount={pageCount}
        label={title}
        emptyText={t('newGirls.empty')}
      />
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

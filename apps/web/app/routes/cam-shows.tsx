import { performersMessages } from '@vela/i18n/messages/performers';
import { translator } from '@vela/i18n/translate';
import { data } from 'react-router';
import { Pagination } from '../features/catalog/components/Pagination.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { parsePageParam } from '../features/catalog/pageParam.ts';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { formatBerlinDateTime } from '../features/performers/berlinTime.ts';
import { CamShowList } from '../features/performers/components/CamShowList.tsx';
import { usePerformersT } from '../features/performers/usePerformersT.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import type { Route } from './+types/cam-shows';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });
  const result = await context.services.camShowsPage(lang, page);
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (page > pageCount) throw data(null, { status: 404 });
  const t = translator(performersMessages, lang);
  const alternates = alternatesFor('CamShows', undefined, page > 1 ? `?page=${page}` : '');
  const head = pageHead(context.config, {
    lang,
    seoTitle: result.seo.seoTitle,
    fallbackTitle: t('camShows.title'),
    seoDescription: result.seo.seoDescription,
    fallbackDescription: t('camShows.description', { brand: context.config.brandName }),
    alternates,
  });
  // Berlin time is formatted here once, so server and browser render the same text.
  const shows = result.shows.map((show) => ({
    ...show,
    startText: formatBerlinDateTime(show.start, lang),
    endText: formatBerlinDateTime(show.end, lang),
  }));
  return { ...result, shows, lang, alternates, head, pageCount };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** /cam-shows/ (spec 2/3): upcoming and running shows, featured first; past shows are not listed. */
export default function CamShowsPage({ loaderData }: Route.ComponentProps) {
  const { lang, seo, shows, total, page, pageCount } = loaderData;
  const t = usePerformersT(lang);
  return (
    <div className="page cam-shows-page">
      <header className="page__header">
        <h1>{seo.h1 || t('camShows.title')}</h1>
        {seo.h2 ? <p className="page__subtitle">{seo.h2}</p> : null}
        <p className="page__meta">{t('shows.timezone')}</p>
      </header>
      <section id="pagination" className="listing" aria-label={t('shows.label')} data-total={total}>
        {shows.length > 0 ? (
          <CamShowList shows={shows} lang={lang} />
        ) : (
          <p className="empty-state">{t('shows.empty')}</p>
        )}
        <Pagination page={page} pageCount={pageCount} lang={lang} />
      </section>
    </div>
  );
}

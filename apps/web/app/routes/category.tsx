import { pagesMessages } from '@vela/i18n/messages/pages';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { data, redirect } from 'react-router';
import { ActorTile } from '../features/catalog/components/ActorTile.tsx';
import { ListingHeader } from '../features/catalog/components/ListingHeader.tsx';
import { Pagination } from '../features/catalog/components/Pagination.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { parsePageParam } from '../features/catalog/pageParam.ts';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { usePagesT } from '../features/i18n/usePagesT.ts';
import { SeoText } from '../features/seo/components/SeoText.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import type { Route } from './+types/category';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });
  const slug = params.categorySlug;
  const result = await context.services.categoryPage(lang, slug, page);
  if (!result) throw data(null, { status: 404 });
  const { category } = result;
  // One URL per page: a slug that matched in another spelling goes to the canonical one.
  if (category.slugs[lang] !== slug) {
    throw redirect(
      `${pathFor('Categories/Category', lang, { categorySlug: category.slugs[lang] })}${url.search}`,
      301,
    );
  }
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (page > pageCount) throw data(null, { status: 404 });
  const t = translator(pagesMessages, lang);
  const alternates = alternatesFor(
    'Categories/Category',
    (l) => ({ categorySlug: category.slugs[l] }),
    page > 1 ? `?page=${page}` : '',
  );
  const head = pageHead(context.config, {
    lang,
    seoTitle: result.seo.seoTitle,
    fallbackTitle: t('category.titleFallback', { name: category.name }),
    seoDescription: result.seo.seoDescription,
    fallbackDescription: category.description || t('category.titleFallback', { name: category.name }),
    alternates,
    image: result.actors[0]?.avatar ?? null,
  });
  return { ...result, lang, alternates, head, page, pageCount };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Category page (spec 2 `/categories/:categorySlug/`): SEO text, actor grid, pagination. */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { lang, category, seo, actors, total, page, pageCount } = loaderData;
  const t = usePagesT(lang);
  return (
    <div className="page category">
      <ListingHeader title={seo.h1 || category.name} subtitle={seo.h2}>
        {t('category.total', { count: total })}
      </ListingHeader>
      <section id="pagination" className="listing" aria-label={seo.h1 || category.name}>
        {actors.length > 0 ? (
          <TileGrid
            items={actors}
            keyOf={(a) => a.id}
            render={(a, i) => <ActorTile actor={a} lang={lang} eager={i < 5} />}
          />
        ) : (
          <p className="empty-state">{t('category.empty')}</p>
        )}
        <Pagination page={page} pageCount={pageCount} lang={lang} />
      </section>
      <SeoText text={seo.freeText || category.description} />
    </div>
  );
}

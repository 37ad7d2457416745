import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { ProSearchPage } from '../features/prosearch/components/ProSearchPage.tsx';
import { loadProSearchPage } from '../features/prosearch/proSearchPage.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import '../features/prosearch/prosearch.css';
import type { Route } from './+types/pro-search';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadProSearchPage(request, context);
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** /<lang>/cams/pro-search/ (spec 2 "pro actor search with map and ZIP code"). */
export default function ProSearchRoute({ loaderData }: Route.ComponentProps) {
  return <ProSearchPage {...loaderData} />;
}

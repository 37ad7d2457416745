import { data } from 'react-router';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import type { Route } from './+types/not-found';

/**
 * Catch-all: every path that is not a built page (unknown paths and route names not built yet)
 * answers HTTP 404 with the localized not-found page rendered by the error boundary.
 */
export function loader(): never {
  throw data(null, { status: 404 });
}

export function meta({ matches, error }: Route.MetaArgs) {
  return errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Never rendered (the loader always throws 404); a component keeps this a page, not a resource route. */
export default function NotFoundPage() {
  return <RouteErrorBoundary />;
}

import { LegalDocument } from '../features/catalog/components/LegalDocument.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { loadLegalPage } from '../features/catalog/legalPage.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import type { Route } from './+types/data-protection';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadLegalPage(request, context, 'PP');
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function DataProtectionPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocument title={loaderData.title} text={loaderData.text} lang={loaderData.lang} />;
}

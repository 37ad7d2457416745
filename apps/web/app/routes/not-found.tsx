import { pagesMessages } from '@vela/i18n/messages/pages';
import { translator } from '@vela/i18n/translate';
import { data } from 'react-router';
import { RouteErrorBoundary } from '~/features/catalog/components/RouteErrorBoundary';
import { FALLBACK_LANGUAGE, isLanguage } from '~/features/i18n/language';
import type { Route } from './+types/not-found';

/**
 * Catch-all: every path that is not a built page (unknown paths and route names not built yet)
 * answers HTTP 404 with the localized not-found page rendered by the error boundary.
 */
export function loader(): never {
  throw data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    | { lang?: unknown; brandName?: string }
    | undefined;
  const lang = isLanguage(root?.lang) ? root.lang : FALLBACK_LANGUAGE;
  const t = translator(pagesMessages, lang);
  const title = t('notFound.title');
  return [
    { title: root?.brandName ? t('meta.title', { title, brand: root.brandName }) : title },
    { name: 'robots', content: 'noindex' },
  ];
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Never rendered (the loader always throws 404); a component keeps this a page, not a resource route. */
export default function NotFoundPage() {
  return <RouteErrorBoundary />;
}

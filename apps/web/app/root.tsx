import type { WebLoadContext } from '@vela/contracts/pages';
import { loadLanguage } from '@vela/i18n/catalogue-loader';
import {
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { RouteErrorBoundary } from './features/catalog/components/RouteErrorBoundary.tsx';
import { parseConsentCookie } from './features/consent/consent.ts';
import { alternatesOf, homeAlternates } from './features/i18n/alternates.ts';
import { FALLBACK_LANGUAGE, languageOfPath } from './features/i18n/language.ts';
import { trailingSlashRedirect } from './features/i18n/trailingSlash.ts';
import { usePageLanguage } from './features/i18n/usePageLanguage.ts';
import { AppShell } from './features/layout/components/AppShell.tsx';
import './styles/base.css';
import './styles/shell.css';
import './styles/pages.css';

declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // One URL per page: every page path ends with a slash (route table); redirect the bare form.
  const slashed = trailingSlashRedirect(url);
  if (slashed) throw redirect(slashed, 301);
  const lang = languageOfPath(url.pathname) ?? FALLBACK_LANGUAGE;
  const navigation = await context.services.navigation(lang);
  return {
    lang,
    navigation,
    consent: parseConsentCookie(request.headers.get('Cookie')),
    brandName: context.config.brandName,
    cspNonce: context.cspNonce,
    /** The logged-in guest (null for a visitor) and the public switches of the shell. */
    viewer: context.viewer,
    /** A page shared by all guests, asked for with a session: the shell reads the viewer itself (decision 0033). */
    viewerPending: context.viewerPending === true,
    config: context.config,
  };
}

/**
 * A client navigation into another language (the language links) reloads the root data and first loads
 * that language's messages into the browser's catalogues: only the page language's come with a page
 * (decision 0039). Hydration uses the server's data as it is.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const lang = languageOfPath(new URL(request.url).pathname) ?? FALLBACK_LANGUAGE;
  const [data] = await Promise.all([serverLoader(), loadLanguage(lang)]);
  return data;
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The root data depends on the language: reload it when a navigation changes the language prefix. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname)) return true;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const lang = usePageLanguage();
  const nonce = root?.cspNonce;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  // The deepest page that knows its translations wins; pages without (404) link each language's home.
  const alternates =
    matches
      .map((m) => alternatesOf(m.loaderData))
      .filter((a) => a !== null)
      .at(-1) ?? homeAlternates();
  return (
    <AppShell
      lang={loaderData.lang}
      alternates={alternates}
      navigation={loaderData.navigation}
      consent={loaderData.consent}
      brandName={loaderData.brandName}
      viewer={loaderData.viewer}
      viewerPending={loaderData.viewerPending}
      config={loaderData.config}
    >
      <Outlet />
    </AppShell>
  );
}

/** Only reached when the root loader itself fails (e.g. navigation data unavailable). */
export function ErrorBoundary() {
  return (
    <main id="content">
      <RouteErrorBoundary />
    </main>
  );
}

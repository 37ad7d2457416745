import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { ProfilePage } from '../features/myvela/components/ProfilePage.tsx';
import { VisitorPrompt } from '../features/myvela/components/VisitorPrompt.tsx';
import { useMyVelaT } from '../features/myvela/hooks/useMyVelaT.ts';
import { loadMyVelaPage } from '../features/myvela/myvelaPage.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import '../features/myvela/myvela.css';
import type { Route } from './+types/myvela-profile';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMyVelaPage(request, context, 'MyVela/Profile');
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Guest area profile (issue 3): account, preferences, newsletters, notifications, password, sessions. */
export default function MyVelaProfileRoute({ loaderData }: Route.ComponentProps) {
  const { lang, brand, viewer, path, loginEnabled } = loaderData;
  const t = useMyVelaT(lang);
  return (
    <div className="page myvela myvela-profile">
      <header className="page__header">
        <p className="myvela-back">
          <Link to={pathFor('MyVela', lang)}>{t('profile.back', { brand })}</Link>
        </p>
        <h1>{t('profile.h1')}</h1>
      </header>
      {viewer ? (
        // Keyed by guest: another login in this tab starts from a fresh state.
        <ProfilePage key={viewer.id} lang={lang} viewer={viewer} path={path} />
      ) : (
        <VisitorPrompt lang={lang} brand={brand} loginEnabled={loginEnabled} targetUrl={path} />
      )}
    </div>
  );
}

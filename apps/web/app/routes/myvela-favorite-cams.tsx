import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { FavoriteCams } from '../features/favorites/components/FavoriteCams.tsx';
import { useFavoritesT } from '../features/favorites/hooks/useFavoritesT.ts';
import { VisitorPrompt } from '../features/myvela/components/VisitorPrompt.tsx';
import { loadMyVelaPage } from '../features/myvela/myvelaPage.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import '../features/myvela/myvela.css';
import '../features/favorites/favorites.css';
import type { Route } from './+types/myvela-favorite-cams';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMyVelaPage(request, context, 'MyVela/FavoriteCams');
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Guest area favorite cams (spec 2): the pinned performers, online first; a login prompt for visitors. */
export default function MyVelaFavoriteCamsRoute({ loaderData }: Route.ComponentProps) {
  const { lang, brand, viewer, path, loginEnabled } = loaderData;
  const t = useFavoritesT(lang);
  return (
    <div className="page myvela favorite-cams">
      <header className="page__header">
        <p className="myvela-back">
          <Link to={pathFor('MyVela', lang)}>{t('back', { brand })}</Link>
        </p>
        <h1>{t('h1')}</h1>
        {viewer ? <p className="page__lead">{t('lead')}</p> : null}
      </header>
      {viewer ? (
        <FavoriteCams key={viewer.id} lang={lang} />
      ) : (
        <VisitorPrompt lang={lang} brand={brand} loginEnabled={loginEnabled} targetUrl={path} />
      )}
    </div>
  );
}

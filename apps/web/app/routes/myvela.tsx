import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { MyVelaHome } from '../features/myvela/components/MyVelaHome.tsx';
import { VisitorPrompt } from '../features/myvela/components/VisitorPrompt.tsx';
import { useMyVelaT } from '../features/myvela/hooks/useMyVelaT.ts';
import { loadMyVelaPage } from '../features/myvela/myvelaPage.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import '../features/myvela/myvela.css';
import type { Route } from './+types/myvela';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMyVelaPage(request, context, 'MyVela');
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Guest area root My{brand} (spec 2): greeting, age verification, sections; a login prompt for visitors. */
export default function MyVelaRoute({ loaderData }: Route.ComponentProps) {
  const { lang, brand, viewer, path, loginEnabled } = loaderData;
  const t = useMyVelaT(lang);
  return (
    <div className="page myvela">
      <header className="page__header">
        <h1>{t('root.h1', { brand })}</h1>
      </header>
      {viewer ? (
        <MyVelaHome lang={lang} guest={viewer} />
      ) : (
        <VisitorPrompt lang={lang} brand={brand} loginEnabled={loginEnabled} targetUrl={path} />
      )}
    </div>
  );
}

import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { VipClubPage } from '../features/vipclub/components/VipClubPage.tsx';
import { loadVipClubPage } from '../features/vipclub/vipclubPage.ts';
import '../features/vipclub/vipclub.css';
import type { Route } from './+types/vipclub';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadVipClubPage(request, context);
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** /<lang>/vipclub/ (spec 2): the VIP club, its prices and the guest's membership. */
export default function VipClubRoute({ loaderData }: Route.ComponentProps) {
  const { lang, viewer, loginEnabled } = loaderData;
  return <VipClubPage lang={lang} viewer={viewer} loginEnabled={loginEnabled} />;
}

import { actorErrorMeta } from '../features/actor/actorMeta.ts';
import { loadActorTab } from '../features/actor/actorPage.ts';
import { ActorErrorBoundary } from '../features/actor/components/ActorErrorBoundary.tsx';
import { ActorProfileHeader } from '../features/actor/components/ActorProfileHeader.tsx';
import { useActorT } from '../features/actor/useActorT.ts';
import '../features/actor/actor.css';
import { ActorTile } from '../features/catalog/components/ActorTile.tsx';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { TOP_CAMS_BATCH, TopCams } from '../features/performers/components/TopCams.tsx';
import { viewerGuestId } from '../features/performers/viewerGuestId.ts';
import { headMeta } from '../features/seo/head.ts';
import type { Route } from './+types/actor-top-cams';

/**
 * The actor's top-cams tab (spec 2 `top-cams/`): the top cams lists (performers' TopCams block)
 * and the online performers sharing a category with this actor, best ranked first.
 */
export async function loader(args: Route.LoaderArgs) {
  const [tab, topCams] = await Promise.all([
    loadActorTab(args, {
      route: 'Actor/TopCams',
      load: (lang, actorName, country) => args.context.services.actorTopCamsPage(lang, actorName, country),
      fallbackTitle: (t, header) => `${header.name}: ${t('tab.topCams')}`,
    }),
    // The top cams lists of spec 2 (top 100 first; the other tabs load on demand).
    args.context.services.topCams(
      requireLanguage(args.request),
      'top100',
      viewerGuestId(args.context),
      0,
      TOP_CAMS_BATCH,
    ),
  ]);
  return { ...tab, topCams };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : actorErrorMeta(matches, error);
}

export function ErrorBoundary() {
  return <ActorErrorBoundary />;
}

export default function ActorTopCamsPage({ loaderData }: Route.ComponentProps) {
  const { lang, header, data, topCams } = loaderData;
  const t = useActorT(lang);
  return (
    <article className="page profile" aria-labelledby="page-title">
      <ActorProfileHeader header={header} lang={lang} current="topCams" />
      {topCams.items.length > 0 ? (
        <TopCams lang={lang} initial={topCams} id="top-cams" className="actor-block" />
      ) : null}
      <section className="actor-block" aria-labelledby="similar-title">
        <h2 id="similar-title">{t('topCams.title')}</h2>
        {data.performers.length > 0 ? (
          <TileGrid
            items={data.performers}
            keyOf={(a) => a.id}
            labelledBy="similar-title"
            render={(a) => <ActorTile actor={a} lang={lang} />}
          />
        ) : (
          <p className="empty-state">{t('topCams.empty')}</p>
        )}
      </section>
    </article>
  );
}

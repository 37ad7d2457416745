import { actorErrorMeta } from '../features/actor/actorMeta.ts';
import { loadActorTab } from '../features/actor/actorPage.ts';
import { ActorErrorBoundary } from '../features/actor/components/ActorErrorBoundary.tsx';
import { ActorProfileHeader } from '../features/actor/components/ActorProfileHeader.tsx';
import { useActorT } from '../features/actor/useActorT.ts';
import '../features/actor/actor.css';
import { ActorTile } from '../features/catalog/components/ActorTile.tsx';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { headMeta } from '../features/seo/head.ts';
import type { Route } from './+types/actor-top-cams';

/** The actor's top-cams tab (spec 2 `top-cams/`): online performers sharing a category, best ranked first. */
export async function loader(args: Route.LoaderArgs) {
  return loadActorTab(args, {
    route: 'Actor/TopCams',
    load: (lang, actorName, country) => args.context.services.actorTopCamsPage(lang, actorName, country),
    fallbackTitle: (t, header) => `${header.name}: ${t('tab.topCams')}`,
  });
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : actorErrorMeta(matches, error);
}

export function ErrorBoundary() {
  return <ActorErrorBoundary />;
}

export default function ActorTopCamsPage({ loaderData }: Route.ComponentProps) {
  const { lang, header, data } = loaderData;
  const t = useActorT(lang);
  return (
    <article className="page profile" aria-labelledby="page-title">
      <ActorProfileHeader header={header} lang={lang} current="topCams" />
      <section className="actor-block" aria-labelledby="top-cams-title">
        <h2 id="top-cams-title">{t('topCams.title')}</h2>
        {data.performers.length > 0 ? (
          <TileGrid
            items={data.performers}
            keyOf={(a) => a.id}
            labelledBy="top-cams-title"
            render={(a) => <ActorTile actor={a} lang={lang} />}
          />
        ) : (
          <p className="empty-state">{t('topCams.empty')}</p>
        )}
      </section>
    </article>
  );
}

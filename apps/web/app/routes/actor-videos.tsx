import type { ActorVideoFilter } from '@vela/contracts/actors';
import { matchPath } from '@vela/i18n/routes';
import { data } from 'react-router';
import { actorErrorMeta } from '../features/actor/actorMeta.ts';
import { loadActorTab } from '../features/actor/actorPage.ts';
import { ActorErrorBoundary } from '../features/actor/components/ActorErrorBoundary.tsx';
import { ActorProfileHeader, TagGroupLinks } from '../features/actor/components/ActorProfileHeader.tsx';
import { VideoPager } from '../features/actor/components/VideoPager.tsx';
import { useActorT } from '../features/actor/useActorT.ts';
import '../features/actor/actor.css';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { VideoTile } from '../features/catalog/components/VideoTile.tsx';
import { parsePageParam } from '../features/catalog/pageParam.ts';
import { headMeta } from '../features/seo/head.ts';
import type { Route } from './+types/actor-videos';

/**
 * The actor's video tabs (spec 2): `videos/` (all, newest first), `videos/classic/` and
 * `videos/tag/:tagGroup/` (the tag group is the tag label, URL-encoded; unknown: 404). 30 a page.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const page = parsePageParam(url.searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });
  const match = matchPath(url.pathname);
  const route =
    match?.name === 'Actor/Videos/Classic'
      ? 'Actor/Videos/Classic'
      : match?.name === 'Actor/Videos/Tag'
        ? 'Actor/Videos/Tag'
        : 'Actor/Videos';
  // matchPath decodes the segment as a whole (a tag label may hold "/" or "&").
  const tagGroup = route === 'Actor/Videos/Tag' ? (match?.params.tagGroup ?? '') : null;
  if (tagGroup === '') throw data(null, { status: 404 });
  const filter: ActorVideoFilter =
    tagGroup !== null
      ? { kind: 'tag', tagGroup }
      : route === 'Actor/Videos/Classic'
        ? { kind: 'classic' }
        : { kind: 'all' };
  return loadActorTab(args, {
    route,
    ...(tagGroup !== null ? { extraParams: { tagGroup } } : {}),
    search: page > 1 ? `?page=${page}` : '',
    load: (lang, actorName, country) =>
      args.context.services.actorVideosPage(lang, actorName, country, filter, page),
    fallbackTitle: (t, header) =>
      tagGroup !== null
        ? t('videos.tagTitle', { tag: tagGroup, name: header.name })
        : route === 'Actor/Videos/Classic'
          ? t('videos.classicTitle', { name: header.name })
          : t('videos.title', { name: header.name }),
  });
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : actorErrorMeta(matches, error);
}

export function ErrorBoundary() {
  return <ActorErrorBoundary />;
}

export default function ActorVideosPage({ loaderData }: Route.ComponentProps) {
  const { lang, header, seo, data: tab } = loaderData;
  const t = useActorT(lang);
  const { filter } = tab;
  const title =
    filter.kind === 'tag'
      ? t('videos.tagTitle', { tag: filter.tagGroup, name: header.name })
      : filter.kind === 'classic'
        ? t('videos.classicTitle', { name: header.name })
        : t('videos.title', { name: header.name });
  return (
    <article className="page profile" aria-labelledby="page-title">
      <ActorProfileHeader
        header={header}
        lang={lang}
        current={filter.kind === 'all' ? 'videos' : filter.kind === 'classic' ? 'classic' : null}
      />
      <section id="pagination" className="listing" aria-labelledby="videos-title">
        <h2 id="videos-title">{filter.kind === 'tag' && seo.h1 ? seo.h1 : title}</h2>
        {filter.kind !== 'classic' ? (
          <TagGroupLinks
            header={header}
            lang={lang}
            current={filter.kind === 'tag' ? filter.tagGroup : null}
          />
        ) : null}
        {tab.videos.length > 0 ? (
          <TileGrid
            items={tab.videos}
            keyOf={(v) => v.id}
            labelledBy="videos-title"
            render={(v, i) => <VideoTile video={v} lang={lang} eager={i < 5} />}
          />
        ) : (
          <p className="empty-state">{t('videos.empty')}</p>
        )}
        <VideoPager page={tab.page} hasMore={tab.hasMore} lang={lang} />
      </section>
      {filter.kind === 'tag' && seo.freeText ? (
        <div className="page__text">
          <p>{seo.freeText}</p>
        </div>
      ) : null}
    </article>
  );
}

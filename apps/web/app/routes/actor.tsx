import type { Language } from '@vela/contracts/common';
import type { ActorTile as ActorTileData } from '@vela/contracts/pages';
import { matchPath, pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { actorErrorMeta } from '../features/actor/actorMeta.ts';
import { loadActorTab } from '../features/actor/actorPage.ts';
import {
  AlbumList,
  ChatRatingsBlock,
  HeatMapTable,
  InterviewList,
} from '../features/actor/components/AboutBlocks.tsx';
import { ActorErrorBoundary } from '../features/actor/components/ActorErrorBoundary.tsx';
import { ActorNote } from '../features/actor/components/ActorNote.tsx';
import { ActorProfileHeader } from '../features/actor/components/ActorProfileHeader.tsx';
import { useActorT } from '../features/actor/useActorT.ts';
import { ActorTile } from '../features/catalog/components/ActorTile.tsx';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { VideoTile } from '../features/catalog/components/VideoTile.tsx';
import { formatChatPrice, formatDate, formatPriceInCoins, languageName } from '../features/catalog/format.ts';
import { useWithoutOfflineActors } from '../features/realtime/hooks/useWithoutOfflineActors.ts';
import '../features/actor/actor.css';
import { usePagesT } from '../features/i18n/usePagesT.ts';
import { SeoText } from '../features/seo/components/SeoText.tsx';
import { headMeta } from '../features/seo/head.ts';
import type { Route } from './+types/actor';

export async function loader(args: Route.LoaderArgs) {
  const route =
    matchPath(new URL(args.request.url).pathname)?.name === 'Actor/AboutMe' ? 'Actor/AboutMe' : 'Actor';
  return loadActorTab(args, {
    route,
    load: async (lang, actorName, country) => {
      const page = await args.context.services.actorAboutPage(lang, actorName, country);
      if (!page || page.status === 'blocked') return page;
      // Spec 9 recommended actors (online only); the page drops one that goes offline (spec 4).
      const recommendedModels = await args.context.services.recommendedModels(page.header.id);
      return { ...page, data: { ...page.data, recommendedModels } };
    },
    fallbackTitle: (_t, header) => header.name,
  });
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : actorErrorMeta(matches, error);
}

export function ErrorBoundary() {
  return <ActorErrorBoundary />;
}

/**
 * Actor profile, about-me tab (spec 2 `/amateur/:actorName/` and `.../about-me/`): facts, prices,
 * chat ratings (rate only from 10 ratings in 90 days), heat map, interviews, promoted and top
 * videos, the albums (the pictures tab), recommendations and the guest's private note.
 */
export default function ActorPage({ loaderData }: Route.ComponentProps) {
  const { lang, header, seo, data } = loaderData;
  const { profile: actor, state } = data;
  const t = usePagesT(lang);
  const at = useActorT(lang);
  return (
    <article className="page profile" aria-labelledby="page-title">
      <ActorProfileHeader header={header} lang={lang} current="aboutMe" title={seo.h1 || header.name} />

      <div className="profile__columns">
        <section aria-labelledby="about-title" className="profile__section">
          <h2 id="about-title">{t('actor.aboutMe')}</h2>
          {actor.aboutMe
            .split(/\n{2,}/)
            .filter(Boolean)
            .map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
        </section>

        <section aria-labelledby="facts-title" className="profile__section">
          <h2 id="facts-title">{t('actor.facts')}</h2>
          <dl className="facts">
            <dt>{t('actor.age')}</dt>
            <dd>{t('tile.age', { age: actor.age })}</dd>
            <dt>{t('actor.gender')}</dt>
            <dd>{t('actor.genderValue', { gender: actor.gender })}</dd>
            <dt>{t('actor.type')}</dt>
            <dd>{t('actor.typeValue', { type: actor.actorType })}</dd>
            {actor.spokenLanguages.length > 0 ? (
              <>
                <dt>{t('actor.languages')}</dt>
                <dd>
                  {actor.spokenLanguages.map((code, i) => (
                    <span key={code} lang={code}>
                      {i > 0 ? ', ' : ''}
                      {languageName(code, lang)}
                    </span>
                  ))}
                </dd>
              </>
            ) : null}
            {actor.city ? (
              <>
                <dt>{t('actor.city')}</dt>
                <dd>{actor.city}</dd>
              </>
            ) : null}
            {actor.height ? (
              <>
                <dt>{t('actor.height')}</dt>
                <dd>{t('actor.heightValue', { cm: actor.height })}</dd>
              </>
            ) : null}
            {actor.zodiac ? (
              <>
                <dt>{t('actor.zodiac')}</dt>
                <dd>{t('actor.zodiacValue', { sign: actor.zodiac })}</dd>
              </>
            ) : null}
            <dt>{t('actor.content')}</dt>
            <dd>
              {t('actor.videoCount', { count: actor.videoCount })},{' '}
              {t('actor.albumCount', { count: actor.albumCount })}
            </dd>
            <dt>{t('actor.registered')}</dt>
            <dd>{formatDate(actor.registeredAt, lang)}</dd>
          </dl>
        </section>

        <section aria-labelledby="prices-title" className="profile__section">
          <h2 id="prices-title">{t('actor.prices')}</h2>
          <dl className="facts">
            <dt>{t('actor.price.chat')}</dt>
            <dd>{formatChatPrice(state.prices.single, lang)}</dd>
            <dt>{t('actor.price.cam2cam')}</dt>
            <dd>{formatChatPrice(state.singleC2CChatPrice, lang)}</dd>
            {state.isVoyeurChatAvailable ? (
              <>
                <dt>{t('actor.price.voyeur')}</dt>
                <dd>{formatChatPrice(state.prices.voyeur, lang)}</dd>
              </>
            ) : null}
            <dt>{t('actor.price.video')}</dt>
            <dd>{formatPriceInCoins(state.prices.video, lang)}</dd>
            <dt>{t('actor.price.message')}</dt>
            <dd>{formatPriceInCoins(state.prices.message, lang)}</dd>
            <dt>{t('actor.freeChat')}</dt>
            <dd>{state.freeChat ? t('actor.yes') : t('actor.no')}</dd>
          </dl>
        </section>

        <ChatRatingsBlock ratings={data.chatRatings} lang={lang} />
        <ActorNote actorId={header.id} actorName={header.name} actorSlug={header.slug} lang={lang} />
        <HeatMapTable heatMap={data.heatMap} lang={lang} />

        {actor.categories.length > 0 ? (
          <section aria-labelledby="categories-title" className="profile__section">
            <h2 id="categories-title">{t('actor.categories')}</h2>
            <ul className="chips">
              {actor.categories.map((c) => (
                <li key={c.id}>
                  <Link className="chip" to={pathFor('Categories/Category', lang, { categorySlug: c.slug })}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {actor.tags.length > 0 ? (
          <section aria-labelledby="tags-title" className="profile__section">
            <h2 id="tags-title">{t('actor.tags')}</h2>
            <ul className="chips">
              {actor.tags.map((tag) => (
                <li key={tag} className="chip chip--static">
                  {tag}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <InterviewList interviews={data.interviews} lang={lang} />
        <AlbumList albums={data.albums} lang={lang} actorName={header.name} actorSlug={header.slug} />
      </div>

      {data.promotedVideo ? (
        <section aria-labelledby="promoted-title" className="actor-block">
          <h2 id="promoted-title">{at('promoted.title')}</h2>
          <TileGrid
            items={[data.promotedVideo]}
            keyOf={(v) => v.id}
            labelledBy="promoted-title"
            render={(v) => <VideoTile video={v} lang={lang} />}
          />
        </section>
      ) : null}

      <section aria-labelledby="top-videos-title" className="actor-block">
        <h2 id="top-videos-title">{at('topVideos.title')}</h2>
        {data.topVideos.length > 0 ? (
          <TileGrid
            items={data.topVideos}
            keyOf={(v) => v.id}
            labelledBy="top-videos-title"
            render={(v) => <VideoTile video={v} lang={lang} />}
          />
        ) : (
          <p className="empty-state">{at('topVideos.empty')}</p>
        )}
      </section>

      {data.recommendations.fromSameActor.length + data.recommendations.fromDifferentActor.length > 0 ? (
        <section aria-labelledby="recommendations-title" className="actor-block">
          <h2 id="recommendations-title">{at('recommendations.title')}</h2>
          {data.recommendations.fromSameActor.length > 0 ? (
            <>
              <h3 id="recommendations-same">{at('recommendations.sameActor', { name: header.name })}</h3>
              <TileGrid
                items={data.recommendations.fromSameActor}
                keyOf={(v) => v.id}
                labelledBy="recommendations-same"
                render={(v) => <VideoTile video={v} lang={lang} />}
              />
            </>
          ) : null}
          {data.recommendations.fromDifferentActor.length > 0 ? (
            <>
              <h3 id="recommendations-other">{at('recommendations.otherActors')}</h3>
              <TileGrid
                items={data.recommendations.fromDifferentActor}
                keyOf={(v) => v.id}
                labelledBy="recommendations-other"
                render={(v) => <VideoTile video={v} lang={lang} />}
              />
            </>
          ) : null}
        </section>
      ) : null}

      <RecommendedModels items={data.recommendedModels} lang={lang} title={at('recommendations.models')} />

      <SeoText text={seo.freeText} heading={seo.h2} />
    </article>
  );
}

/** Spec 9 recommended actors, online only: one that goes offline leaves the list at once (spec 4). */
function RecommendedModels({
  items,
  lang,
  title,
}: {
  items: ActorTileData[];
  lang: Language;
  title: string;
}) {
  const online = useWithoutOfflineActors(items, (actor) => actor.id);
  if (online.length === 0) return null;
  return (
    <section aria-labelledby="recommended-models-title" className="actor-block" data-recommended-models>
      <h2 id="recommended-models-title">{title}</h2>
      <TileGrid
        items={online}
        keyOf={(actor) => actor.id}
        labelledBy="recommended-models-title"
        render={(actor) => <ActorTile actor={actor} lang={lang} />}
      />
    </section>
  );
}

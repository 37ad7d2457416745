/**
 * Actor profile use cases: actor data and state, chat ratings (last 90 days, rate only from 10
 * ratings), heat map, interviews, SEO per actor and tag group (generated when none is stored),
 * video recommendations, promoted and top videos, discounted videos, notes, the hover preview and
 * the profile pages. Every actor read goes through `actorFor`, which answers 404 for an unknown
 * actor and 403 ACTOR_BLOCKED_IN_COUNTRY for a caller from one of the actor's banned countries.
 */
import {
  ACTOR_VIDEOS_PAGE_SIZE,
  type ActorAboutData,
  type ActorData,
  type ActorLiveShowData,
  type ActorPageResult,
  type ActorPageServices,
  type ActorTopCamsData,
  type ActorVideoFilter,
  type ActorVideosData,
  PROFILE_PREVIEW_COVERS,
  RECOMMENDATIONS_COUNT,
  TOP_VIDEOS_COUNT,
  TOP_VIDEOS_MONTHS,
  type VideoRecommendations,
} from '@vela/contracts/actors';
import type { Language } from '@vela/contracts/common';
import type { SeoText } from '@vela/contracts/pages';
import { CHAT_RATINGS_WINDOW_DAYS } from '@vela/contracts/performers';
import type { Db } from '@vela/db/client';
import type { SQL } from '@vela/db/orm';
import { coinsForPrice, formatInteger } from '@vela/domain/money-format';
import { actorMessages } from '@vela/i18n/messages/actor';
import { moneyMessages } from '@vela/i18n/messages/money';
import { translator } from '@vela/i18n/translate';
import { AppError } from '../../http/errors.ts';
import { actorBlockedInCountry, type Country, isBlockedIn } from '../../infra/country.ts';
import {
  ageAt,
  presentActorProfile,
  presentActorTile,
  presentSeo,
  presentVideoTile,
} from '../catalog/catalog.presenter.ts';
import { type ActorRow, createCatalogReads, type SeoRow } from '../catalog/catalog.service.ts';
import {
  presentActorData,
  presentActorState,
  presentAlbumTile,
  presentCamShow,
  presentChatRatings,
  presentHeader,
  presentHeatMap,
  presentInterview,
  presentNote,
  presentProfilePreview,
} from './actors.presenter.ts';
import { createActorsRepository, type VideoSubset } from './actors.repository.ts';

const DAY_MS = 86_400_000;
const ABOUT_ALBUMS = 30;
const INTERVIEWS = 10;
const LIVE_SHOWS = 20;
const RELATED_ONLINE = 12;
const SALES_PAGE_SIZE = 30;
/** Tags of the actor used to find other actors' videos when no video is given. */
const RECOMMENDATION_TAGS = 5;

/** The first UTC day of the top-videos window: 9 months before `now` (spec 9). */
export function topVideosFromDay(now: Date): string {
  const from = new Date(now.getTime());
  from.setUTCMonth(from.getUTCMonth() - TOP_VIDEOS_MONTHS);
  return from.toISOString().slice(0, 10);
}

/** Start of the chat ratings window: the last 90 days (spec 9). */
export function ratingsSince(now: Date): Date {
  return new Date(now.getTime() - CHAT_RATINGS_WINDOW_DAYS * DAY_MS);
}

/** Other owners' boolean flags of an actor's data, as SQL given the actor's id column. */
export type ActorDataFlags = Partial<
  Record<'isActorAvailableForConversionChat' | 'isVoicecallActive', (actorId: SQL) => SQL>
>;

export function createActorsService(db: Db, now: () => Date = () => new Date()) {
  const repo = createActorsRepository(db);
  const catalog = createCatalogReads(db);

  async function lookup(idOrName: number | string): Promise<ActorRow | null> {
    if (typeof idOrName === 'number') return repo.actorById(idOrName);
    return /^\d+$/.test(idOrName)
      ? repo.actorById(Number(idOrName))
      : repo.actorByNameLower(idOrName.toLowerCase());
  }

  /** `lookup`'s key: an id (also as digits) or a name. */
  const keyOf = (idOrName: number | string): { id: number } | { nameLower: string } =>
    typeof idOrName === 'number' || /^\d+$/.test(idOrName)
      ? { id: Number(idOrName) }
      : { nameLower: idOrName.toLowerCase() };

  /** The actor for a REST call: 404 unknown, 403 from a banned country (spec 6). */
  async function actorFor(idOrName: number | string, country: Country): Promise<ActorRow> {
    const actor = await lookup(idOrName);
    if (!actor) throw new AppError('ACTOR_NOT_FOUND', 'No actor with this id or name', 404);
    if (isBlockedIn(actor.bannedCountryCodes, country)) throw actorBlockedInCountry();
    return actor;
  }

  /** Stored SEO text of the actor (or of one of its tag groups), else one generated from the actor's data. */
  async function seoFor(actor: ActorRow, lang: Language, tagGroup: string | null): Promise<SeoText> {
    const pageKey = tagGroup === null ? `Actor:${actor.id}` : `Actor:${actor.id}:Tag:${tagGroup}`;
    const [stored, counts] = await Promise.all([catalog.seoText(pageKey, lang), repo.counts(actor.id)]);
    if (stored) return presentSeo(stored as SeoRow, actor.name);
    const t = translator(actorMessages, lang);
    const age = ageAt(actor.birthDate, now());
    const coins = coinsForPrice(actor.priceSingleCents, 'EUR');
    const price = translator(moneyMessages, lang)('coins', { count: coins, amount: formatInteger(coins) });
    const values = { name: actor.name, age, videos: counts.videoCount, albums: counts.albumCount, price };
    if (tagGroup !== null) {
      const tagValues = { ...values, tag: tagGroup };
      return {
        h1: t('seo.tag.h1', tagValues),
        h2: t('seo.h2', values),
        seoTitle: t('seo.tag.title', tagValues),
        seoDescription: t('seo.tag.description', tagValues),
        freeText: t('seo.tag.freeText', tagValues),
        breadcrumb: actor.name,
        slug: actor.nameLower,
      };
    }
    return {
      h1: actor.name,
      h2: t('seo.h2', values),
      seoTitle: t('seo.title', values),
      seoDescription: t('seo.description', values),
      freeText: t('seo.freeText', values),
      breadcrumb: actor.name,
      slug: actor.nameLower,
    };
  }

  /** Video recommendations; other actors' videos never of an actor blocked in `country` (spec 6). */
  async function recommendations(
    actor: ActorRow,
    videoId: number | null,
    country: Country,
  ): Promise<VideoRecommendations> {
    const tagIds =
      videoId !== null
        ? await repo.tagIdsOfVideo(videoId)
        : await repo.topTagIdsOfActor(actor.id, RECOMMENDATION_TAGS);
    const [same, other] = await Promise.all([
      repo.bestRatedOf(actor.id, videoId, RECOMMENDATIONS_COUNT),
      repo.otherActorsVideosWithTags(actor.id, tagIds, RECOMMENDATIONS_COUNT, country),
    ]);
    return {
      fromSameActor: same.map(presentVideoTile),
      fromDifferentActor: other.filter((v) => v.id !== videoId).map(presentVideoTile),
    };
  }

  async function chatRatings(actor: ActorRow) {
    return presentChatRatings(actor.id, await repo.ratingsSince(actor.id, ratingsSince(now())));
  }

  async function heatMap(actor: ActorRow, lang: Language) {
    const row = await repo.heatMapOf(actor.id);
    return row ? presentHeatMap(row, actor, lang) : null;
  }

  async function interviews(actor: ActorRow, lang: Language) {
    return (await repo.interviewsOf(actor.id, INTERVIEWS)).map((r) => presentInterview(r, lang));
  }

  async function promotedVideo(actor: ActorRow) {
    if (actor.promotedVideoId === null) return null;
    const video = await repo.videoById(actor.promotedVideoId);
    // Only one of the actor's own videos can be promoted on the profile.
    return video && video.actorId === actor.id ? presentVideoTile(video) : null;
  }

  async function topVideos(actor: ActorRow) {
    const rows = await repo.topSellingOf(actor.id, topVideosFromDay(now()), TOP_VIDEOS_COUNT);
    return rows.map(presentVideoTile);
  }

  /** A profile page: null unknown actor, blocked for a banned country, else header + SEO + data. */
  async function page<T>(
    lang: Language,
    actorName: string,
    country: Country,
    tagGroup: string | null,
    load: (actor: ActorRow) => Promise<T | null>,
  ): Promise<ActorPageResult<T>> {
    const actor = await repo.actorByNameLower(actorName.toLowerCase());
    if (!actor) return null;
    if (isBlockedIn(actor.bannedCountryCodes, country)) return { status: 'blocked' };
    const [data, tagGroups, counts, seo] = await Promise.all([
      load(actor),
      repo.tagGroupsOf(actor.id),
      repo.counts(actor.id),
      seoFor(actor, lang, tagGroup),
    ]);
    if (data === null) return null;
    return {
      status: 'ok',
      header: presentHeader(actor, { tagGroups: tagGroups.map((g) => g.label), ...counts }, now()),
      seo,
      data,
    };
  }

  async function subsetOf(actor: ActorRow, filter: ActorVideoFilter): Promise<VideoSubset | null> {
    if (filter.kind !== 'tag') return filter;
    const tag = await repo.tagByLabel(filter.tagGroup);
    if (!tag || !(await repo.actorHasTag(actor.id, tag.id))) return null;
    return { kind: 'tag', tagId: tag.id };
  }

  const pages: ActorPageServices = {
    actorAboutPage(lang, actorName, country) {
      return page(lang, actorName, country, null, async (actor): Promise<ActorAboutData> => {
        const at = now();
        const [details, seoRow, ratings, heat, talks, promoted, top, albums, recs] = await Promise.all([
          catalog.actorDetails(actor.id),
          catalog.seoText(`Actor:${actor.id}`, lang),
          chatRatings(actor),
          heatMap(actor, lang),
          interviews(actor, lang),
          promotedVideo(actor),
          topVideos(actor),
          repo.albumsOf(actor.id, ABOUT_ALBUMS),
          recommendations(actor, null, country),
        ]);
        return {
          profile: presentActorProfile(actor, details, seoRow, lang, at).actor,
          state: presentActorData(actor, at),
          chatRatings: ratings,
          heatMap: heat,
          interviews: talks,
          promotedVideo: promoted,
          topVideos: top,
          albums: albums.map(presentAlbumTile),
          recommendations: recs,
        };
      });
    },

    actorVideosPage(lang, actorName, country, filter, pageNumber) {
      const tagGroup = filter.kind === 'tag' ? filter.tagGroup : null;
      return page(lang, actorName, country, tagGroup, async (actor): Promise<ActorVideosData | null> => {
        if (!Number.isInteger(pageNumber) || pageNumber < 1) return null;
        const subset = await subsetOf(actor, filter);
        if (!subset) return null;
        const rows = await repo.videosOf(
          actor.id,
          subset,
          (pageNumber - 1) * ACTOR_VIDEOS_PAGE_SIZE,
          ACTOR_VIDEOS_PAGE_SIZE + 1,
        );
        if (pageNumber > 1 && rows.length === 0) return null;
        return {
          filter,
          videos: rows.slice(0, ACTOR_VIDEOS_PAGE_SIZE).map(presentVideoTile),
          page: pageNumber,
          pageSize: ACTOR_VIDEOS_PAGE_SIZE,
          hasMore: rows.length > ACTOR_VIDEOS_PAGE_SIZE,
        };
      });
    },

    actorLiveShowPage(lang, actorName, country) {
      return page(lang, actorName, country, null, async (actor): Promise<ActorLiveShowData> => {
        const at = now();
        const shows = (await repo.upcomingShowsOf(actor.id, at, LIVE_SHOWS)).map((s) =>
          presentCamShow(s, at),
        );
        return { isLiveNow: actor.isOnline || shows.some((s) => s.hasStarted), shows };
      });
    },

    actorTopCamsPage(lang, actorName, country) {
      return page(lang, actorName, country, null, async (actor): Promise<ActorTopCamsData> => {
        const at = now();
        const rows = await repo.relatedOnline(actor.id, RELATED_ONLINE, country);
        return { performers: rows.map((r) => presentActorTile(r, at)) };
      });
    },
  };

  return {
    pages,
    actorFor,

    actorData: async (actor: ActorRow): Promise<ActorData> => presentActorData(actor, now()),
    /**
     * `actorFor` + `actorData` with other owners' flags of the actor (spec 3, e.g.
     * isActorAvailableForConversionChat, isVoicecallActive) read in the actor's one statement.
     */
    async actorDataFor(
      idOrName: number | string,
      country: Country,
      flags: ActorDataFlags = {},
    ): Promise<ActorData> {
      const asked: Record<string, (actorId: SQL) => SQL> = {};
      for (const [name, of] of Object.entries(flags)) if (of) asked[name] = of;
      const found = await repo.actorWith(keyOf(idOrName), asked);
      if (!found) throw new AppError('ACTOR_NOT_FOUND', 'No actor with this id or name', 404);
      if (isBlockedIn(found.actor.bannedCountryCodes, country)) throw actorBlockedInCountry();
      const values = Object.fromEntries(Object.keys(asked).map((name) => [name, found.extra[name] === true]));
      return { ...presentActorData(found.actor, now()), ...values };
    },
    actorState: (actor: ActorRow) => presentActorState(actor),
    previewImage: (actor: ActorRow) => ({ actorId: actor.id, image: presentActorData(actor, now()).avatar }),
    promotedVideo,
    topVideos,
    chatRatings,
    heatMap,
    interviews,
    recommendations,
    seoContent: async (actor: ActorRow, lang: Language, tagGroup: string | null) => {
      if (tagGroup !== null) {
        const tag = await repo.tagByLabel(tagGroup);
        if (!tag || !(await repo.actorHasTag(actor.id, tag.id)))
          throw new AppError('TAG_GROUP_NOT_FOUND', 'The actor has no videos with this tag', 404);
      }
      return seoFor(actor, lang, tagGroup);
    },

    async discountedVideos(actor: ActorRow, offset: number) {
      const rows = await repo.videosOf(actor.id, { kind: 'discounted' }, offset, SALES_PAGE_SIZE + 1);
      return {
        videos: rows.slice(0, SALES_PAGE_SIZE).map(presentVideoTile),
        offset,
        limit: SALES_PAGE_SIZE,
        hasMore: rows.length > SALES_PAGE_SIZE,
      };
    },

    async profilePreview(actor: ActorRow) {
      const covers = await repo.albumsOf(actor.id, PROFILE_PREVIEW_COVERS);
      return presentProfilePreview(actor, covers, now());
    },

    async noteOf(guestId: number, actor: ActorRow) {
      return presentNote(actor.id, await repo.noteOf(guestId, actor.id));
    },

    /** Stores the guest's own note; an empty (or blank) comment deletes it. */
    async storeNote(guestId: number, actor: ActorRow, comment: string) {
      if (comment.trim() === '') {
        await repo.deleteNote(guestId, actor.id);
        return presentNote(actor.id, null);
      }
      return presentNote(actor.id, await repo.storeNote(guestId, actor.id, comment, now()));
    },
  };
}

export type ActorsService = ReturnType<typeof createActorsService>;

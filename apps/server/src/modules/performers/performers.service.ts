/**
 * Performer list use cases: /cams/, /new-girls/, /free-chat/, /cam-shows/, top cams, models lists.
 * Every list is for a caller's country and never offers a performer blocked there (spec 6); kept
 * lists are kept per country.
 */
import type { Language } from '@vela/contracts/common';
import {
  CHAT_RATINGS_MIN_COUNT,
  CHAT_RATINGS_WINDOW_DAYS,
  groupOfCategory,
  PERFORMER_PAGE_SIZE,
  type PerformerFilter,
  type PerformerOrder,
  type PerformerPageServices,
  PREFERRED_MODELS_COUNT,
  RECOMMENDED_MODELS_COUNT,
  TOP_CAMS_TOP_LIMIT,
  type TopCamCategory,
  type TopCamList,
} from '@vela/contracts/performers';
import type { Db } from '@vela/db/client';
import { cachedLoader } from '../../infra/cache.ts';
import type { Country } from '../../infra/country.ts';
import { presentActorTile, presentSeo } from '../catalog/catalog.presenter.ts';
import { type ActorRow, createCatalogReads } from '../catalog/catalog.service.ts';
import { presentCamShow, presentTopCam } from './performers.presenter.ts';
import { createPerformersRepository } from './performers.repository.ts';

const DAY_MS = 86_400_000;
/**
 * Best chats list from the rates the counters job computed when they are younger than this (the
 * job runs every COUNTERS_JOB_INTERVAL_MS); older, or never computed: summed live.
 */
export const CHAT_RATES_MAX_AGE_MS = DAY_MS;

/** Start of the chat ratings window (spec 9: ratings cover the last 90 days). */
export function ratingsSince(now: Date): Date {
  return new Date(now.getTime() - CHAT_RATINGS_WINDOW_DAYS * DAY_MS);
}

/** One run of the best-chat rates. */
export interface ChatRatesRefresh {
  since: string;
  /** Actors listed; null when skipped: another node was computing the rates, or they were fresh enough. */
  actors: number | null;
  skipped: boolean;
}

/** SEO fallback headings when no SEO text is stored for the page. */
const HEADINGS: Record<string, Record<Language, string>> = {
  Cams: { en: 'Live cams', de: 'Livecams', nl: 'Livecams', es: 'Cámaras en vivo' },
  NewGirls: { en: 'New girls', de: 'Neue Girls', nl: 'Nieuwe meiden', es: 'Chicas nuevas' },
  FreeChat: { en: 'Free chat', de: 'Gratis-Chat', nl: 'Gratis chat', es: 'Chat gratis' },
  CamShows: { en: 'Cam shows', de: 'Cam-Shows', nl: 'Camshows', es: 'Shows de cámara' },
};

export function createPerformersService(
  db: Db,
  now: () => Date = () => new Date(),
  options: { topCamsCacheMs?: number } = {},
) {
  const repo = createPerformersRepository(db);
  const catalog = createCatalogReads(db);

  const seo = async (pageKey: string, lang: Language) =>
    presentSeo(await catalog.seoText(pageKey, lang), HEADINGS[pageKey]?.[lang] ?? pageKey);

  const tiles = (rows: ActorRow[]) => {
    const at = now();
    return rows.map((r) => presentActorTile(r, at));
  };

  /** Whether the counters job computed the best-chat rates recently enough to list from them. */
  async function chatRatesFresh(): Promise<boolean> {
    const refreshedAt = await repo.chatRatesRefreshedAt();
    return refreshedAt !== null && now().getTime() - refreshedAt.getTime() < CHAT_RATES_MAX_AGE_MS;
  }

  async function topCamsOf(rows: ActorRow[], lang: Language) {
    const at = now();
    const ratings = await repo.ratingsOf(
      rows.map((r) => r.id),
      ratingsSince(at),
    );
    return rows.map((r) => presentTopCam(r, ratings.get(r.id), lang, at));
  }

  async function loadTopCams(
    lang: Language,
    category: TopCamCategory,
    viewerGuestId: number | null,
    offset: number,
    limit: number,
    country: Country,
  ): Promise<TopCamList> {
    const page = (items: TopCamList['items'], total: number, loginRequired: boolean): TopCamList => ({
      category,
      items,
      total,
      offset,
      limit,
      loginRequired,
    });
    let result: { rows: ActorRow[]; total: number };
    const group = groupOfCategory(category);
    if (category === 'top100') {
      // Only the first 100 of the ranking belong to the list.
      const take = Math.max(0, Math.min(limit, TOP_CAMS_TOP_LIMIT - offset));
      const listed = await repo.list({}, 'ranking', offset, take, country);
      result = { rows: take > 0 ? listed.rows : [], total: Math.min(listed.total, TOP_CAMS_TOP_LIMIT) };
    } else if (category === 'favorites') {
      if (viewerGuestId === null) return page([], 0, true);
      result = await repo.favorites(viewerGuestId, offset, limit, country);
    } else if (category === 'bestChats') {
      result = (await chatRatesFresh())
        ? await repo.bestChatsPrecomputed(offset, limit, country)
        : await repo.bestChats(ratingsSince(now()), CHAT_RATINGS_MIN_COUNT, offset, limit, country);
    } else if (category === 'videocall') {
      result = await repo.videocall(offset, limit, country);
    } else if (group) {
      result = await repo.list({ actorType: group }, 'ranking', offset, limit, country);
    } else {
      return page([], 0, false);
    }
    return page(await topCamsOf(result.rows, lang), result.total, false);
  }

  // The lists other than favorites are the same for everyone: a short cache in front of them
  // (home and /cams/ ask for top 100 on every render), kept per country (spec 6 banned countries).
  const sharedTopCams = options.topCamsCacheMs
    ? cachedLoader(
        (key: string) => {
          const [lang, category, offset, limit, country] = key.split(':') as [
            Language,
            TopCamCategory,
            string,
            string,
            string,
          ];
          return loadTopCams(lang, category, null, Number(offset), Number(limit), country || null);
        },
        { ttlMs: options.topCamsCacheMs, max: 500 },
      )
    : null;

  function topCams(
    lang: Language,
    category: TopCamCategory,
    viewerGuestId: number | null,
    offset: number,
    limit: number,
    country: Country,
  ): Promise<TopCamList> {
    if (sharedTopCams && category !== 'favorites')
      return sharedTopCams(`${lang}:${category}:${offset}:${limit}:${country ?? ''}`);
    return loadTopCams(lang, category, viewerGuestId, offset, limit, country);
  }

  const pageOffset = (page: number) => (page - 1) * PERFORMER_PAGE_SIZE;

  /**
   * `count` online performers most like `seeds` (never `seeds` themselves), topped up with the
   * best-ranked online ones.
   */
  async function similarThenBest(seeds: number[], count: number, country: Country) {
    const similar = await repo.similarOnline(seeds, seeds, count, country);
    const rest =
      similar.length < count
        ? await repo.bestOnline([...seeds, ...similar.map((a) => a.id)], count - similar.length, country)
        : [];
    return tiles([...similar, ...rest]);
  }

  /** Spec 9 recommended actors: 9 online, similar ones first, never `actorId` itself. */
  async function recommendedModels(actorId: number | null, country: Country) {
    return similarThenBest(actorId === null ? [] : [actorId], RECOMMENDED_MODELS_COUNT, country);
  }

  /** The page loaders' calls for a caller from `country`. */
  const pagesIn = (country: Country): PerformerPageServices => ({
    recommendedModels: (actorId) => recommendedModels(actorId, country),
    async camsPage(lang, query, viewerGuestId) {
      const [listed, seoText, top] = await Promise.all([
        repo.list(query.filter, query.order, pageOffset(query.page), PERFORMER_PAGE_SIZE, country),
        seo('Cams', lang),
        topCams(lang, 'top100', viewerGuestId, 0, 10, country),
      ]);
      return {
        actors: tiles(listed.rows),
        total: listed.total,
        onlineTotal: listed.onlineTotal,
        page: query.page,
        pageSize: PERFORMER_PAGE_SIZE,
        seo: seoText,
        filter: query.filter,
        order: query.order,
        topCams: top,
      };
    },

    async newGirlsPage(lang, page) {
      const [listed, seoText] = await Promise.all([
        repo.newestFemale(pageOffset(page), PERFORMER_PAGE_SIZE, country),
        seo('NewGirls', lang),
      ]);
      return {
        actors: tiles(listed.rows),
        total: listed.total,
        onlineTotal: listed.onlineTotal,
        page,
        pageSize: PERFORMER_PAGE_SIZE,
        seo: seoText,
      };
    },

    async freeChatPage(lang, page) {
      const [listed, seoText] = await Promise.all([
        repo.list({ freeChat: true }, 'ranking', pageOffset(page), PERFORMER_PAGE_SIZE, country),
        seo('FreeChat', lang),
      ]);
      return {
        actors: tiles(listed.rows),
        total: listed.total,
        onlineTotal: listed.onlineTotal,
        page,
        pageSize: PERFORMER_PAGE_SIZE,
        seo: seoText,
      };
    },

    async camShowsPage(lang, page) {
      const at = now();
      const [listed, seoText] = await Promise.all([
        repo.camShows(at, pageOffset(page), PERFORMER_PAGE_SIZE, country),
        seo('CamShows', lang),
      ]);
      return {
        shows: listed.rows.map((r) => presentCamShow(r, at)),
        total: listed.total,
        page,
        pageSize: PERFORMER_PAGE_SIZE,
        seo: seoText,
      };
    },

    topCams: (lang, category, viewerGuestId, offset, limit) =>
      topCams(lang, category, viewerGuestId, offset, limit, country),
  });

  return {
    pagesIn,
    topCams,

    /** The counters job's run: best-chat rates over the last 90 days (actors: null when another node is at it). */
    async refreshChatRates(freshForMs = 0): Promise<ChatRatesRefresh> {
      const at = now();
      const since = ratingsSince(at);
      const fresh =
        freshForMs > 0 ? { since: new Date(at.getTime() - freshForMs), sameWindow: false } : undefined;
      const listed = await repo.refreshChatRates(since, CHAT_RATINGS_MIN_COUNT, at, fresh);
      return { since: since.toISOString(), actors: listed, skipped: listed === null };
    },

    /** GraphQL models list: items, total and online total. */
    async models(
      filter: PerformerFilter,
      order: PerformerOrder,
      offset: number,
      limit: number,
      country: Country,
    ) {
      const listed = await repo.list(filter, order, offset, limit, country);
      return { items: tiles(listed.rows), total: listed.total, onlineTotal: listed.onlineTotal };
    },

    /**
     * Spec 7 preferred models (3): for a guest with favorites the online performers most like
     * them (not the favorites themselves), topped up with the best-ranked online ones.
     */
    async preferredModels(viewerGuestId: number | null, country: Country) {
      const favorites = viewerGuestId === null ? [] : await repo.favoriteIds(viewerGuestId);
      return similarThenBest(favorites, PREFERRED_MODELS_COUNT, country);
    },

    /**
     * Spec 9 recommended actors (9): online only (going offline removes an actor), never the
     * given actor; those sharing the most categories with it first, then the best-ranked.
     */
    recommendedModels,

    async camShows(offset: number, limit: number, country: Country) {
      const at = now();
      const listed = await repo.camShows(at, offset, limit, country);
      return { items: listed.rows.map((r) => presentCamShow(r, at)), total: listed.total };
    },

    onlineCount: () => repo.onlineCount(),

    /** Spec 3 favorite actor items and the online count of them. */
    async favoriteActors(guestId: number, country: Country) {
      const items = await repo.favoriteItems(guestId, country);
      return { items, onlineCount: items.filter((i) => i.isOnline).length };
    },
  };
}

export type PerformersService = ReturnType<typeof createPerformersService>;

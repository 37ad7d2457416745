/**
 * Catalog use cases behind the page loaders: home, category page, actor profile, navigation. The
 * home blocks and the category page are for a caller's country and never offer a performer blocked
 * there (spec 6); the navigation's online count is the site-wide figure.
 */
import type { Language } from '@vela/contracts/common';
import type { PageServices } from '@vela/contracts/pages';
import type { Db } from '@vela/db/client';
import { type Country, isBlockedIn } from '../../infra/country.ts';
import {
  categoryDescription,
  categoryName,
  categorySlugs,
  presentActorProfile,
  presentActorTile,
  presentBlogPostTile,
  presentCategoryTile,
  presentContestTile,
  presentSeo,
  presentTvSeriesTile,
  presentVideoTile,
} from './catalog.presenter.ts';
import { type CatalogRepository, createCatalogRepository } from './catalog.repository.ts';

/** The catalog's rows as other modules receive them (their presenters and repositories type with them). */
export type { ActorRow, CategoryRow, SeoRow } from './catalog.repository.ts';

/** Spec 9: trending window last 8 days. */
export const TRENDING_WINDOW_DAYS = 8;
/** Spec 2: page size for actor listings. */
export const CATEGORY_PAGE_SIZE = 30;
export const HOME_TILE_COUNT = 10;
export const HOME_CONTEST_COUNT = 6;
export const HOME_BLOG_COUNT = 3;
export const HOME_TV_COUNT = 6;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The UTC days of the trending window ending at `now`: the 8 days up to and including today.
 */
export function trendingWindow(now: Date): { fromDay: string; toDay: string } {
  return {
    fromDay: isoDay(new Date(now.getTime() - (TRENDING_WINDOW_DAYS - 1) * DAY_MS)),
    toDay: isoDay(now),
  };
}

type CatalogPages = Pick<PageServices, 'home' | 'categoryPage' | 'actorProfile' | 'navigation'>;

/** The catalog's page calls; those that list performers take the caller's country last. */
export interface CatalogService {
  home(lang: Language, country: Country): ReturnType<CatalogPages['home']>;
  categoryPage(
    lang: Language,
    slug: string,
    page: number,
    country: Country,
  ): ReturnType<CatalogPages['categoryPage']>;
  /** null also for a performer blocked in `country`. */
  actorProfile(lang: Language, actorName: string, country: Country): ReturnType<CatalogPages['actorProfile']>;
  navigation: CatalogPages['navigation'];
}

/**
 * What other modules read of the catalog (the actor profile, the performer and video listings): the
 * SEO text of a page key in a language (else English), and an actor's categories, tags and counts.
 */
export function createCatalogReads(db: Db) {
  const repo = createCatalogRepository(db);
  return {
    seoText: repo.seoText,
    actorDetails: repo.actorDetails,
    actorBans: repo.actorBans,
    actorCards: repo.actorCards,
    addPinnedIn: repo.addPinnedIn,
  };
}

export type CatalogReads = ReturnType<typeof createCatalogReads>;

export function createCatalogService(db: Db, now: () => Date = () => new Date()): CatalogService {
  const repo: CatalogRepository = createCatalogRepository(db);

  return {
    async home(lang: Language, country: Country) {
      const at = now();
      const { fromDay, toDay } = trendingWindow(at);
      const [topCams, newGirls, trends, newest, categories, contests, blog, tv, onlineCount, seo] =
        await Promise.all([
          repo.topActors(HOME_TILE_COUNT, country),
          repo.newestActors('F', HOME_TILE_COUNT, country),
          repo.trendingVideos(fromDay, toDay, HOME_TILE_COUNT, country),
          repo.newestVideos(HOME_TILE_COUNT, country),
          repo.categoriesWithCounts(),
          repo.contestsAround(at, HOME_CONTEST_COUNT),
          repo.newestBlogPosts(HOME_BLOG_COUNT),
          repo.tvSeries(HOME_TV_COUNT),
          repo.onlineCount(),
          repo.seoText('Home', lang),
        ]);
      // Contests block: running ones first, then the next to start, then the last to end.
      const contestRows = [...contests.active, ...contests.next, ...contests.last].slice(
        0,
        HOME_CONTEST_COUNT,
      );
      return {
        topCams: topCams.map((a) => presentActorTile(a, at)),
        newGirls: newGirls.map((a) => presentActorTile(a, at)),
        videoTrends: trends.map(presentVideoTile),
        newVideos: newest.map(presentVideoTile),
        categories: categories.map((c) => presentCategoryTile(c, lang)),
        contests: contestRows.map((c) => presentContestTile(c, lang, at)),
        blog: blog.map((b) => presentBlogPostTile(b, lang)),
        tv: tv.map((s) => presentTvSeriesTile(s, lang)),
        onlineCount,
        seo: presentSeo(seo, ''),
      };
    },

    async categoryPage(lang, slug, page, country) {
      const category = await repo.categoryBySlug(lang, slug);
      if (!category) return null;
      const current = Number.isInteger(page) && page >= 1 ? page : 1;
      const at = now();
      const [{ actors, total }, seo] = await Promise.all([
        repo.actorsInCategory(category.id, (current - 1) * CATEGORY_PAGE_SIZE, CATEGORY_PAGE_SIZE, country),
        repo.seoText(`Categories/Category:${category.id}`, lang),
      ]);
      return {
        category: {
          id: category.id,
          name: categoryName(category, lang),
          description: categoryDescription(category, lang),
          slugs: categorySlugs(category),
        },
        actors: actors.map((a) => presentActorTile(a, at)),
        total,
        page: current,
        pageSize: CATEGORY_PAGE_SIZE,
        seo: presentSeo(seo, categoryName(category, lang)),
      };
    },

    async actorProfile(lang, actorName, country) {
      // Spec 5: actor names are lower-cased in URLs; the lookup is case-insensitive.
      const actor = await repo.actorByNameLower(actorName.toLowerCase());
      if (!actor || isBlockedIn(actor.bannedCountryCodes, country)) return null;
      const [details, seo] = await Promise.all([
        repo.actorDetails(actor.id),
        repo.seoText(`Actor:${actor.id}`, lang),
      ]);
      return presentActorProfile(actor, details, seo, lang, now());
    },

    async navigation(lang) {
      const [categories, onlineCount] = await Promise.all([repo.listCategories(), repo.onlineCount()]);
      return {
        categories: categories.map((c) => ({
          id: c.id,
          slug: categorySlugs(c)[lang],
          name: categoryName(c, lang),
        })),
        onlineCount,
      };
    },
  };
}

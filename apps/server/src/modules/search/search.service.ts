/**
 * Global search (spec 2/3/5/9): grouped results with the spec 2 page sizes, capped counts,
 * proposals, a 5-minute cache per query, last searches and the tag service. Every search is for
 * a caller's country (spec 6: performers blocked there and their content are never found), and
 * results are kept per country.
 */
import type { Language } from '@vela/contracts/common';
import {
  SEARCH_COUNT_CAP,
  SEARCH_GROUP_TYPES,
  SEARCH_PAGE_SIZES,
  SEARCH_PATTERN_MAX_LENGTH,
  SEARCH_PATTERN_MIN_LENGTH,
  type SearchActorItem,
  type SearchAlbumItem,
  type SearchGroup,
  type SearchGroups,
  type SearchGroupType,
  type SearchItemOf,
  type SearchResult,
  type SearchTag,
} from '@vela/contracts/search';
import { normalizeSearchPattern, RECENT_SEARCHES_LIMIT } from '@vela/domain/recent-searches';
import { countryCodeOf } from '@vela/domain/restrictions';
import { pathFor } from '@vela/i18n/routes';
import { AppError } from '../../http/errors.ts';
import { cachedLoader } from '../../infra/cache.ts';
import type { Country } from '../../infra/country.ts';
import {
  eur,
  imageRef,
  presentActorTile,
  presentBlogPostTile,
  presentTvSeriesTile,
  presentVideoTile,
} from '../catalog/catalog.presenter.ts';
import type {
  Found,
  SearchActorRow,
  SearchAlbumRow,
  SearchRepository,
  SearchVideoRow,
} from './search.repository.ts';

/** Spec 9: search results are cached per query for 5 minutes. */
export const SEARCH_CACHE_TTL_MS = 5 * 60 * 1000;
/** Suggestions (proposals) per pattern. */
export const SEARCH_SUGGESTIONS_LIMIT = 8;

type GroupPage<T extends SearchGroupType> = Omit<SearchGroup<T>, 'link'>;
type GroupPages = { [T in SearchGroupType]: GroupPage<T> };
interface CachedResult {
  groups: Partial<GroupPages>;
  proposals: string[];
}

/** The pattern as searched: trimmed, inner whitespace collapsed; 400 when too short or too long. */
export function searchablePattern(raw: string): string {
  const pattern = normalizeSearchPattern(raw);
  if (pattern.length < SEARCH_PATTERN_MIN_LENGTH) {
    throw new AppError(
      'SEARCH_PATTERN_TOO_SHORT',
      `searchPattern must have at least ${SEARCH_PATTERN_MIN_LENGTH} characters`,
      400,
    );
  }
  if (pattern.length > SEARCH_PATTERN_MAX_LENGTH) {
    throw new AppError(
      'VALIDATION_ERROR',
      `searchPattern must have at most ${SEARCH_PATTERN_MAX_LENGTH} characters`,
      400,
    );
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused on purpose.
  if (/[\u0000-\u001f\u007f]/.test(pattern)) {
    throw new AppError('VALIDATION_ERROR', 'searchPattern must not contain control characters', 400);
  }
  return pattern;
}

function actorItem(row: SearchActorRow, lang: Language, at: Date): SearchActorItem {
  const tile = presentActorTile(row, at);
  return {
    ...tile,
    aspect: tile.avatar.aspect,
    link: pathFor('Actor', lang, { actorName: row.nameLower }),
    online: row.isOnline,
    mobileVideoCall: row.isOnlineMobileVideocall,
  };
}

function videoItem(row: SearchVideoRow, lang: Language) {
  return {
    ...presentVideoTile(row),
    asmr: row.asmr,
    link: pathFor('Actor/Videos', lang, { actorName: row.actorName.toLowerCase() }),
  };
}

function albumItem(row: SearchAlbumRow, lang: Language): SearchAlbumItem {
  const slug = row.actorName.toLowerCase();
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    cover: imageRef(row.coverKey, 16),
    price: eur(row.priceCents),
    likes: row.likes,
    createdAt: row.createdAt.toISOString(),
    actor: { id: row.actorId, name: row.actorName, slug },
    link: pathFor('Actor/Pictures', lang, { actorName: slug, albumId: row.id }),
  };
}

export function createSearchService(
  repo: SearchRepository,
  options: { now?: () => Date; clock?: { now(): number } } = {},
) {
  const now = options.now ?? (() => new Date());

  function page<T extends SearchGroupType>(
    type: T,
    offset: number,
    result: Found<unknown>,
    items: SearchItemOf[T][],
  ): GroupPage<T> {
    return {
      type,
      count: Math.min(result.total, SEARCH_COUNT_CAP),
      countCapped: result.total > SEARCH_COUNT_CAP,
      offset,
      pageSize: SEARCH_PAGE_SIZES[type],
      items,
    };
  }

  async function loadGroup(
    type: SearchGroupType,
    lang: Language,
    pattern: string,
    offset: number,
    country: Country,
  ): Promise<GroupPage<SearchGroupType>> {
    const size = SEARCH_PAGE_SIZES[type];
    const at = now();
    switch (type) {
      case 'actors': {
        const r = await repo.actors(pattern, size, offset, country);
        return page(
          type,
          offset,
          r,
          r.rows.map((row) => actorItem(row, lang, at)),
        );
      }
      case 'models': {
        const r = await repo.models(pattern, size, offset, country);
        return page(
          type,
          offset,
          r,
          r.rows.map((row) => ({
            ...actorItem(row, lang, at),
            link: pathFor('Actor/Videos', lang, { actorName: row.nameLower }),
            videoCount: row.videoCount,
          })),
        );
      }
      case 'videos':
      case 'asmr': {
        const r = await repo.videos(pattern, type === 'asmr', size, offset, country);
        return page(
          type,
          offset,
          r,
          r.rows.map((row) => videoItem(row, lang)),
        );
      }
      case 'photos':
      case 'galleries': {
        const r = await repo.albums(pattern, type === 'photos', size, offset, country);
        return page(
          type,
          offset,
          r,
          r.rows.map((row) => albumItem(row, lang)),
        );
      }
      case 'tv': {
        const r = await repo.tv(pattern, lang, size, offset);
        return page(
          type,
          offset,
          r,
          r.rows.map((row) => ({
            ...presentTvSeriesTile(row, lang),
            link: pathFor('TV/Mediathek/Series', lang, { series: row.key }),
          })),
        );
      }
      case 'mediathek': {
        const r = await repo.mediathek(pattern, size, offset);
        return page(
          type,
          offset,
          r,
          r.rows.map((row) => ({
            id: row.id,
            title: row.title,
            duration: row.durationS,
            airedAt: row.airedAt.toISOString(),
            image: imageRef(row.imageKey, 16),
            series: { id: row.seriesId, key: row.seriesKey, title: row.seriesTitle[lang] },
            link: pathFor('TV/Mediathek/Videos', lang, { key: row.seriesKey }),
          })),
        );
      }
      case 'blog': {
        const r = await repo.blog(pattern, lang, size, offset);
        // The blog has no post page yet: items carry no link.
        return page(
          type,
          offset,
          r,
          r.rows.map((row) => ({ ...presentBlogPostTile(row, lang), link: null })),
        );
      }
    }
  }

  /** Suggestions for a caller from `country`: never the name of a performer blocked there. */
  async function suggestions(rawPrefix: string, country: Country): Promise<string[]> {
    const prefix = normalizeSearchPattern(rawPrefix).toLowerCase();
    if (prefix.length < SEARCH_PATTERN_MIN_LENGTH || prefix.length > SEARCH_PATTERN_MAX_LENGTH) return [];
    const [popular, names, labels] = await Promise.all([
      repo.popularPatterns(prefix, SEARCH_SUGGESTIONS_LIMIT, country),
      repo.actorNamesStartingWith(prefix, SEARCH_SUGGESTIONS_LIMIT, country),
      repo.tagsMatching(prefix, 'prefix', SEARCH_SUGGESTIONS_LIMIT),
    ]);
    const seen = new Set<string>();
    const out: string[] = [];
    for (const value of [...popular, ...names, ...labels.map((t) => t.label)]) {
      const key = value.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(value);
      if (out.length === SEARCH_SUGGESTIONS_LIMIT) break;
    }
    return out;
  }

  /**
   * Key: language, country ('' unknown), group ('*' = all), offset, lower-cased pattern (matching
   * ignores case).
   */
  async function compute(key: string): Promise<CachedResult> {
    const [lang, countryText, group, offsetText, pattern] = key.split('\u0000') as [
      Language,
      string,
      SearchGroupType | '*',
      string,
      string,
    ];
    const country = countryCodeOf(countryText);
    const offset = Number(offsetText);
    if (group !== '*') {
      return { groups: { [group]: await loadGroup(group, lang, pattern, offset, country) }, proposals: [] };
    }
    const [pages, proposals] = await Promise.all([
      Promise.all(SEARCH_GROUP_TYPES.map((type) => loadGroup(type, lang, pattern, 0, country))),
      suggestions(pattern, country),
    ]);
    return { groups: Object.fromEntries(pages.map((p) => [p.type, p])), proposals };
  }
  const cached = cachedLoader<string, CachedResult>(compute, {
    ttlMs: SEARCH_CACHE_TTL_MS,
    max: 2000,
    ...(options.clock ? { clock: options.clock } : {}),
  });

  const keyOf = (
    lang: Language,
    country: Country,
    group: SearchGroupType | '*',
    offset: number,
    pattern: string,
  ) => [lang, country ?? '', group, String(offset), pattern.toLowerCase()].join('\u0000');

  function withLink<T extends SearchGroupType>(
    groupPage: GroupPage<T>,
    lang: Language,
    pattern: string,
  ): SearchGroup<T> {
    const base = pathFor('Search/Videos', lang, { searchPattern: pattern });
    return { ...groupPage, link: groupPage.type === 'actors' ? base : `${base}?group=${groupPage.type}` };
  }

  async function search(lang: Language, rawPattern: string, country: Country): Promise<SearchResult> {
    const pattern = searchablePattern(rawPattern);
    const result = await cached(keyOf(lang, country, '*', 0, pattern));
    const groups = Object.fromEntries(
      SEARCH_GROUP_TYPES.map((type) => [
        type,
        withLink(result.groups[type] as GroupPage<typeof type>, lang, pattern),
      ]),
    ) as unknown as SearchGroups;
    return { searchPattern: pattern, proposals: result.proposals, ...groups };
  }

  async function searchGroup(
    lang: Language,
    rawPattern: string,
    group: SearchGroupType,
    offset: number,
    country: Country,
  ): Promise<SearchGroup<SearchGroupType>> {
    const pattern = searchablePattern(rawPattern);
    const result = await cached(keyOf(lang, country, group, offset, pattern));
    return withLink(result.groups[group] as GroupPage<SearchGroupType>, lang, pattern);
  }

  return {
    search,
    searchGroup,
    suggestions,

    /** Forgets every kept search result (the catalog changed). */
    clearCache(): void {
      cached.clear();
    },

    /** How long the kept result of this search has left (ms; 0 when none is kept). */
    resultTtl(
      lang: Language,
      rawPattern: string,
      country: Country,
      group?: SearchGroupType,
      offset = 0,
    ): number {
      const pattern = searchablePattern(rawPattern);
      return cached.remainingTtl(
        group ? keyOf(lang, country, group, offset, pattern) : keyOf(lang, country, '*', 0, pattern),
      );
    },

    /** The search page for a caller from `country`: all groups, with `group` replaced by its page at `offset`. */
    async globalSearch(
      country: Country,
      lang: Language,
      rawPattern: string,
      group?: SearchGroupType,
      offset = 0,
    ): Promise<SearchResult> {
      const all = await search(lang, rawPattern, country);
      if (!group || offset === 0) return all;
      return { ...all, [group]: await searchGroup(lang, rawPattern, group, offset, country) };
    },

    lastSearches(guestId: number): Promise<string[]> {
      return repo.lastSearches(guestId, RECENT_SEARCHES_LIMIT);
    },

    /** Stores a logged-in guest's search; answers their last searches. */
    async storeSearchPattern(guestId: number, rawPattern: string): Promise<string[]> {
      const pattern = searchablePattern(rawPattern);
      await repo.storePattern(guestId, pattern, RECENT_SEARCHES_LIMIT, now());
      return repo.lastSearches(guestId, RECENT_SEARCHES_LIMIT);
    },

    async searchTags(rawText: string, limit: number): Promise<SearchTag[]> {
      const text = searchablePattern(rawText);
      const rows = await repo.tagsMatching(text, 'contains', limit);
      return rows.map((r) => ({ id: r.id, label: r.label, videoCount: null }));
    },

    mostPopularTags: cachedMostPopular(repo, options.clock),
  };
}

/** Most popular tags per requested count, cached 5 minutes (an aggregate over video_tags). */
function cachedMostPopular(repo: SearchRepository, clock?: { now(): number }) {
  const load = cachedLoader<string, { tags: SearchTag[] }>(
    async (key) => {
      const rows = await repo.mostPopularTags(Number(key));
      return { tags: rows.map((r) => ({ id: r.id, label: r.label, videoCount: r.video_count })) };
    },
    { ttlMs: SEARCH_CACHE_TTL_MS, max: 64, ...(clock ? { clock } : {}) },
  );
  return async (count: number): Promise<SearchTag[]> => (await load(String(count))).tags;
}

export type SearchService = ReturnType<typeof createSearchService>;

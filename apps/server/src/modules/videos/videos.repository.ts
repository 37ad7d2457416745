/**
 * All SQL of the video listings. Every listing is one query whose ORDER BY matches an index on
 * `videos` (`<col> desc|asc, id`), so a page is an index scan that stops after `limit + 1` rows
 * (hasMore without a count). Subsets use the same predicates as the partial indexes (`free`,
 * `price_cents < base_price_cents`, `vip`, `vip30`). Every listing is for a caller's country: the
 * videos of performers blocked there (spec 6) are left out before the page is cut.
 */
import type { Db } from '@vela/db/client';
import { queryRows } from '@vela/db/client';
import { and, eq, gte, lt, type SQL, sql } from '@vela/db/orm';
import { videos } from '@vela/db/schema';
import {
  type ActingGroup,
  VIDEO_TYPE_RULES,
  type VideoSort,
  type VideoType,
} from '@vela/domain/video-listings';
import type { Country } from '../../infra/country.ts';
import {
  actorBannedCodes,
  actorBansNoCountry,
  actorIdOfferedIn,
  actorRowsSql,
} from '../catalog/actor-sql.ts';
import { counterState, type FreshEnough, recomputeCounter } from '../catalog/counters.ts';
import { type MediaKeyUse, mediaAgeRatingSql, mediaOfKindLikeSql } from '../catalog/media-facts.ts';
import { tagIdsLabelledSql, tagLabelsSql } from '../catalog/tag-sql.ts';
import { boughtAmongSql, isBoughtSql } from '../promotions/purchase-sql.ts';

/** A listing as the repository runs it (the service has resolved category, sort, windows and guest). */
export interface ListingSpec {
  sort: VideoSort;
  types: readonly VideoType[];
  /** Top videos: released at or after this instant. */
  releasedSince?: Date;
  releasedFrom?: Date;
  /** Exclusive upper bound. */
  releasedBefore?: Date;
  modelIds?: readonly number[];
  actingGroups?: readonly ActingGroup[];
  ids?: readonly number[];
  /** Tag labels, compared lower-cased; a video with any of them matches. */
  tags?: readonly string[];
  /** UTC days of the trending window (inclusive). */
  trending: TrendingWindow;
  /**
   * Where the trending sort reads the window's sales: `precomputed` (video_trending, filled by the
   * trending job for this window) or `live` (summed from video_sales_daily per request).
   */
  trendingSource?: 'precomputed' | 'live';
  /** The caller (bought flags, the bought type); null for a visitor. */
  guestId: number | null;
  /** The caller's country: videos of performers blocked there are left out (spec 6). */
  country: Country;
  offset: number;
  /** Rows to fetch (the page size plus one). */
  fetch: number;
}

export interface TrendingWindow {
  fromDay: string;
  toDay: string;
}

/** How the trending window is recorded in `counters`. */
const trendingWindowKey = (window: TrendingWindow) => `${window.fromDay}/${window.toDay}`;

export interface ListingRow {
  id: number;
  actorId: number;
  title: string;
  durationS: number;
  ageRating: number;
  vip: boolean;
  /** Spec 3 isVip30Offer: included for VIP members like a VIP video. */
  vip30: boolean;
  free: boolean;
  isNew: boolean;
  classic: boolean;
  priceCents: number;
  basePriceCents: number;
  releasedAt: Date;
  likes: number;
  previewKey: string;
  previewAgeRating: number;
  actorName: string;
  bought: boolean;
  /** Spec 3 guestInfo.flatrate: the caller's VIP includes this video (set by the service, per guest). */
  flatrate?: boolean;
  /** Spec 3 guestInfo.liked: the caller likes this video (set by the service, per guest). */
  liked?: boolean;
}

export interface VideoStarRow {
  actorId: number;
  actorName: string;
  nameLower: string;
  birthDate: string;
  online: boolean;
  spokenLanguages: string[];
  avatarKey: string;
  videoCount: number;
  newVideoCount: number;
}

/** ORDER BY per sort, matching videos_released_idx, videos_likes_idx, videos_sales_idx, videos_price_idx and videos_duration_idx (backwards for the descending ones). */
const ORDER_BY: Record<Exclude<VideoSort, 'trending'>, SQL> = {
  newest: sql`v.released_at desc, v.id`,
  topRated: sql`v.likes desc, v.id`,
  bestSelling: sql`v.sales_count desc, v.id`,
  mostExpensive: sql`v.price_cents desc, v.id desc`,
  cheapest: sql`v.price_cents, v.id`,
  longest: sql`v.duration_s desc, v.id desc`,
  shortest: sql`v.duration_s, v.id`,
};

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function typeCondition(type: VideoType, spec: ListingSpec): SQL {
  const rule = VIDEO_TYPE_RULES[type];
  switch (rule.kind) {
    case 'flag': {
      const column = sql.raw(`v.${rule.flag === 'vip30' ? 'vip30' : rule.flag}`);
      return rule.value ? sql`${column}` : sql`not ${column}`;
    }
    case 'discounted':
      return sql`v.price_cents < v.base_price_cents`;
    case 'bought':
      return isBoughtSql(spec.guestId ?? -1, 'video', sql`v.id`);
    case 'trending':
      return sql`exists (select 1 from video_sales_daily d where d.video_id = v.id and d.day between ${spec.trending.fromDay} and ${spec.trending.toDay})`;
  }
}

function conditionsOf(spec: ListingSpec): SQL[] {
  const where: SQL[] = [];
  if (spec.country !== null) where.push(actorIdOfferedIn(spec.country, sql`v.actor_id`));
  for (const type of spec.types) {
    // The trending sort joins the window's sales: the type is implied by the join.
    if (type === 'trending' && spec.sort === 'trending') continue;
    where.push(typeCondition(type, spec));
  }
  if (spec.releasedSince) where.push(sql`v.released_at >= ${spec.releasedSince.toISOString()}`);
  if (spec.releasedFrom) where.push(sql`v.released_at >= ${spec.releasedFrom.toISOString()}`);
  if (spec.releasedBefore) where.push(sql`v.released_at < ${spec.releasedBefore.toISOString()}`);
  if (spec.modelIds?.length) where.push(sql`v.actor_id in (${list(spec.modelIds)})`);
  if (spec.ids?.length) where.push(sql`v.id in (${list(spec.ids)})`);
  if (spec.actingGroups?.length) where.push(sql`a.actor_type in (${list(spec.actingGroups)})`);
  if (spec.tags?.length)
    where.push(
      sql`exists (select 1 from video_tags vt where vt.video_id = v.id and vt.tag_id in (${tagIdsLabelledSql(spec.tags.map((t) => t.toLowerCase()))}))`,
    );
  return where;
}

const TILE_COLUMNS = (guestId: number | null) => sql`
  v.id, v.actor_id as "actorId", v.title, v.duration_s as "durationS", v.age_rating as "ageRating",
  v.vip, v.vip30, v.free, v.is_new as "isNew", v.classic, v.price_cents as "priceCents",
  v.base_price_cents as "basePriceCents", v.released_at as "releasedAt", v.likes,
  v.preview_key as "previewKey",
  coalesce(${mediaAgeRatingSql(sql`v.preview_key`)}, 18) as "previewAgeRating",
  a.name as "actorName",
  ${guestId === null ? sql`false` : isBoughtSql(guestId, 'video', sql`v.id`)} as "bought"`;

/** The SQL of one listing page (exported for the EXPLAIN test and the bench). */
export function listingQuery(spec: ListingSpec): SQL {
  const conditions = conditionsOf(spec);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  if (spec.sort === 'trending') {
    // Precomputed: the window's rows in rank order (video_trending_rank_idx), the page cut after the
    // filters. Live: every sale of the window summed first (a few hundred thousand rows on a big
    // catalog), which is what the trending job saves the listings from.
    const sold =
      spec.trendingSource === 'precomputed'
        ? sql`(
        select t.video_id, t.sales from video_trending t
        where t.from_day = ${spec.trending.fromDay} and t.to_day = ${spec.trending.toDay}
      ) sold`
        : sql`(
        select d.video_id, sum(d.sales)::int as sales
        from video_sales_daily d
        where d.day between ${spec.trending.fromDay} and ${spec.trending.toDay}
        group by d.video_id
      ) sold`;
    return sql`select ${TILE_COLUMNS(spec.guestId)}
      from ${sold}
      join videos v on v.id = sold.video_id
      join ${actorRowsSql()} a on a.id = v.actor_id
      ${where}
      order by sold.sales desc, sold.video_id
      limit ${spec.fetch} offset ${spec.offset}`;
  }
  // The page is cut from the index first; only its rows are joined to their actor and preview
  // (joining before the offset cost a join and a lookup for every skipped row). Every video has its
  // actor (foreign key), so the inner join drops nothing.
  const filterByActor = spec.actingGroups?.length
    ? sql`join ${actorRowsSql()} a on a.id = v.actor_id`
    : sql``;
  return sql`select ${TILE_COLUMNS(spec.guestId)}
    from (
      select v.* from videos v
      ${filterByActor}
      ${where}
      order by ${ORDER_BY[spec.sort]}
      limit ${spec.fetch} offset ${spec.offset}
    ) v
    join ${actorRowsSql()} a on a.id = v.actor_id
    order by ${ORDER_BY[spec.sort]}`;
}

const toNumber = (v: unknown) => Number(v);

export function createVideosRepository(db: Db) {
  return {
    async listing(spec: ListingSpec): Promise<ListingRow[]> {
      const rows = await queryRows<Record<string, unknown>>(db, listingQuery(spec));
      return rows.map((r) => ({
        id: toNumber(r.id),
        actorId: toNumber(r.actorId),
        title: String(r.title),
        durationS: toNumber(r.durationS),
        ageRating: toNumber(r.ageRating),
        vip: Boolean(r.vip),
        vip30: Boolean(r.vip30),
        free: Boolean(r.free),
        isNew: Boolean(r.isNew),
        classic: Boolean(r.classic),
        priceCents: toNumber(r.priceCents),
        basePriceCents: toNumber(r.basePriceCents),
        releasedAt: r.releasedAt instanceof Date ? r.releasedAt : new Date(String(r.releasedAt)),
        likes: toNumber(r.likes),
        previewKey: String(r.previewKey),
        previewAgeRating: toNumber(r.previewAgeRating),
        actorName: String(r.actorName),
        bought: Boolean(r.bought),
      }));
    },

    /**
     * Recomputes the trending list for `window` (listings keep reading the old rows until the
     * transaction commits). Null when another node is at it or the list is `fresh` enough.
     */
    async refreshTrending(window: TrendingWindow, at: Date, fresh?: FreshEnough): Promise<number | null> {
      const listed = await recomputeCounter(
        db,
        'trending',
        trendingWindowKey(window),
        at,
        async (tx) => {
          await tx.execute(sql`delete from video_trending`);
          const [inserted] = await queryRows<{ n: number }>(
            tx,
            sql`with listed as (
                insert into video_trending (from_day, to_day, video_id, sales)
                select ${window.fromDay}, ${window.toDay}, d.video_id, sum(d.sales)::int
                from video_sales_daily d
                where d.day between ${window.fromDay} and ${window.toDay}
                group by d.video_id
                returning 1)
              select count(*)::int as n from listed`,
          );
          return inserted?.n ?? 0;
        },
        fresh,
      );
      // Fresh statistics: the planner reads the list through its rank index only when it knows its size.
      if (listed !== null) await db.execute(sql`analyze video_trending`);
      return listed;
    },

    /** Whether video_trending holds `window` (the trending job has computed it). */
    async trendingComputed(window: TrendingWindow): Promise<boolean> {
      return (await counterState(db, 'trending'))?.window === trendingWindowKey(window);
    },

    /** Which of `videoIds` the guest bought (purchases_guest_item_unique). */
    async boughtAmong(guestId: number, videoIds: readonly number[]): Promise<Set<number>> {
      if (videoIds.length === 0) return new Set();
      const rows = await queryRows<{ id: number }>(db, boughtAmongSql(guestId, 'video', videoIds));
      return new Set(rows.map((r) => Number(r.id)));
    },

    /** The actors with the most videos (spec 3 video stars), most videos first; none blocked in `country`. */
    async videoStars(limit: number, country: Country): Promise<VideoStarRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select a.id as "actorId", a.name as "actorName", a.name_lower as "nameLower",
              a.birth_date::text as "birthDate", a.is_online as "online",
              a.spoken_languages as "spokenLanguages", a.avatar_key as "avatarKey",
              s.video_count as "videoCount", s.new_count as "newVideoCount"
            from (
              select actor_id, count(*)::int as video_count, (count(*) filter (where is_new))::int as new_count
              from videos
              group by actor_id
              having ${actorIdOfferedIn(country, sql`actor_id`)}
              order by video_count desc, actor_id
              limit ${limit}
            ) s
            join ${actorRowsSql()} a on a.id = s.actor_id
            order by s.video_count desc, a.id`,
      );
      return rows.map((r) => ({
        actorId: toNumber(r.actorId),
        actorName: String(r.actorName),
        nameLower: String(r.nameLower),
        birthDate: String(r.birthDate),
        online: Boolean(r.online),
        spokenLanguages: Array.isArray(r.spokenLanguages) ? (r.spokenLanguages as string[]) : [],
        avatarKey: String(r.avatarKey),
        videoCount: toNumber(r.videoCount),
        newVideoCount: toNumber(r.newVideoCount),
      }));
    },

    /** Tag labels for the filter form, alphabetical. */
    async tagLabels(limit: number): Promise<string[]> {
      const rows = await queryRows<{ label: string }>(db, tagLabelsSql(limit));
      return rows.map((r) => r.label);
    },

    /** The video's preview key and its actor's banned countries (spec 6); null when there is no such video. */
    async previewOf(videoId: number): Promise<{ previewKey: string; bannedCountryCodes: string[] } | null> {
      const [row] = await queryRows<{ previewKey: string; banned: unknown }>(
        db,
        sql`select v.preview_key as "previewKey", a.banned_country_codes as "banned"
            from videos v join ${actorRowsSql()} a on a.id = v.actor_id where v.id = ${videoId}`,
      );
      if (!row) return null;
      return {
        previewKey: row.previewKey,
        bannedCountryCodes: Array.isArray(row.banned) ? (row.banned as string[]) : [],
      };
    },

    /**
     * Up to `limit` images of the preview's kind: the preview first, then the following keys in key
     * order, wrapping around (the same list every time).
     */
    async picturesLike(previewKey: string, limit: number): Promise<{ key: string; ageRating: number }[]> {
      const rows = await queryRows<{ key: string; ageRating: unknown }>(
        db,
        mediaOfKindLikeSql(previewKey, limit),
      );
      return rows.map((r) => ({ key: r.key, ageRating: toNumber(r.ageRating) }));
    },

    async tileGridSettings(guestId: number, type: string): Promise<Record<string, unknown> | null> {
      const [row] = await queryRows<{ settings: Record<string, unknown> }>(
        db,
        sql`select settings from tile_grid_settings where guest_id = ${guestId} and type = ${type}`,
      );
      return row?.settings ?? null;
    },

    async storeTileGridSettings(guestId: number, type: string, settings: Record<string, unknown>) {
      await db.execute(
        sql`insert into tile_grid_settings (guest_id, type, settings, updated_at)
            values (${guestId}, ${type}, ${JSON.stringify(settings)}::jsonb, now())
            on conflict (guest_id, type) do update set settings = excluded.settings, updated_at = now()`,
      );
    },
  };
}

export type VideosRepository = ReturnType<typeof createVideosRepository>;

/**
 * A video as an item to buy (the promotions module's read port): its price, free flag, age rating
 * and performer, with the performer's banned country codes (spec 6) from the same read.
 */
export async function videoForSale(db: Db, id: number) {
  const [row] = await db
    .select({
      id: videos.id,
      actorId: videos.actorId,
      // The playback module reads the same row (the catalogue length).
      durationS: videos.durationS,
      priceCents: videos.priceCents,
      free: videos.free,
      ageRating: videos.ageRating,
      vip: videos.vip,
      vip30: videos.vip30,
      bannedCountryCodes: sql<string[]>`coalesce(${actorBannedCodes(videos.actorId)}, '{}')`,
    })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
}

/**
 * The summed list price of the VIP videos released in [from, until): the VIP30 value of a VIP period
 * (the subscriptions module's read port). `db` may be the caller's transaction.
 */
export async function vipReleasesValueCents(db: Db, from: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ value: sql<string | number | null>`coalesce(sum(${videos.basePriceCents}), 0)` })
    .from(videos)
    .where(and(eq(videos.vip, true), gte(videos.releasedAt, from), lt(videos.releasedAt, until)));
  return Number(row?.value ?? 0);
}

/** Video posters as uses of a media key (the media gate's lookup; catalog/media-facts.ts). */
export const videoPreviewUse: MediaKeyUse = {
  open: (key) =>
    sql`exists (select 1 from ${videos} v where v.preview_key = ${key} and ${actorBansNoCountry(sql`v.actor_id`)})`,
  bannedCodes: (key) =>
    sql`select ${actorBannedCodes(sql`v.actor_id`)} as codes from ${videos} v where v.preview_key = ${key}`,
};

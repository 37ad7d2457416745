/**
 * Deterministic seed generator. Every row is a pure function of (size, seed, now): a seeded PRNG
 * drives all choices and every date is an offset from `now`, which defaults to the fixed
 * reference date SEED_REFERENCE_DATE (never the wall clock). Rows are streamed in batches, each
 * table group inside one transaction, so the same code seeds 400 actors on PGlite and 100,000
 * actors / 1,000,000 videos on PostgreSQL.
 */
import type { Language } from '@vela/contracts/common';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Database, type Db, queryRows } from '../client.ts';
import { clipDirOf } from '../clip-pool.ts';
import * as t from '../schema.ts';
import { seedBonusCodes } from './bonus-codes.ts';
import {
  camShowOf,
  chatRatingsOf,
  heatMapOf,
  interviewPublishedAt,
  interviewTitle,
  placeOf,
} from './catalog-extras.ts';
import { generateClips } from './clips.ts';
import {
  ABOUT_ME,
  BANNED_COUNTRY_SETS,
  BLOG_BODY,
  BLOG_CATEGORY_TOPICS,
  BLOG_EXCERPT,
  CATEGORY_DESCRIPTION,
  CATEGORY_NAMES,
  CITIES,
  CONTEST_DESCRIPTION,
  CONTEST_THEMES,
  fill,
  type Localized,
  SEO,
  STAGE_NAMES,
  STAGE_PREFIXES,
  slugify,
  TAGS,
  TV_DESCRIPTION,
  TV_SERIES,
  VIDEO_ADJECTIVES,
  VIDEO_NOUNS,
  ZODIAC,
} from './content.ts';
import { seedConversionChatActors } from './conversion-chat.ts';
import { generateImages, type ImagePool, imagePool, POOL_COUNTS, type PoolImage } from './images.ts';
import { LEGAL_PRODUCT, legalHtml } from './legal.ts';
import { seedMessenger } from './messenger.ts';
import { createRandom, type Random } from './random.ts';
import { seedTicketShows } from './ticket-shows.ts';
import { seedToys } from './toys.ts';

/** Default `now` of a seed run: all seeded dates are spread relative to it. */
export const SEED_REFERENCE_DATE = new Date('2026-11-01T00:00:00.000Z');
export const SEED_BRAND = 'Vela';

/**
 * The UTC day of a moment, as a seed reference date. A first start seeds relative to the current day so that
 * time-windowed content (trending in the last 8 days, new videos, running contests) is alive; the same seed
 * number and the same day always give the same rows.
 */
export function seedDayOf(moment: Date): Date {
  return new Date(`${moment.toISOString().slice(0, 10)}T00:00:00.000Z`);
}

export type SeedSize = 'demo' | 'bench' | 'test';

export interface SeedOptions {
  size: SeedSize;
  seed: number;
  mediaDir: string;
  /** Reference date; defaults to SEED_REFERENCE_DATE (2026-11-01T00:00Z). */
  now?: Date;
  log?: (msg: string) => void;
}

export interface SeedReport {
  size: SeedSize;
  seed: number;
  now: string;
  counts: Record<string, number>;
  images: { written: number; skipped: number };
  /** The video clip pool (seed/clips.ts): clips generated now, clips already present. */
  clips: { written: number; skipped: number };
  ms: number;
}

interface SizeConfig {
  actors: number;
  videos: number;
  albums: number;
  blogPostsPerCategory: number;
  contests: number;
  tvSeries: number;
  /** Actors (ids 1..n) that get chat ratings, a heat map and maybe interviews (bounded for bench). */
  extrasActors: number;
  camShows: number;
  pool: 'demo' | 'test';
  batch: number;
}

export const SIZES: Record<SeedSize, SizeConfig> = {
  test: {
    actors: 40,
    videos: 200,
    albums: 60,
    blogPostsPerCategory: 1,
    contests: 12,
    tvSeries: 3,
    extrasActors: 40,
    camShows: 20,
    pool: 'test',
    batch: 500,
  },
  demo: {
    actors: 400,
    videos: 8_000,
    albums: 3_000,
    blogPostsPerCategory: 4,
    contests: 12,
    tvSeries: 8,
    extrasActors: 400,
    camShows: 60,
    pool: 'demo',
    batch: 1_000,
  },
  bench: {
    actors: 100_000,
    videos: 1_000_000,
    albums: 100_000,
    blogPostsPerCategory: 10,
    contests: 12,
    tvSeries: 8,
    extrasActors: 5_000,
    camShows: 500,
    pool: 'demo',
    batch: 5_000,
  },
};

/** Tables the seed fills, in dependency order (children after parents). */
export const SEEDED_TABLES = [
  t.mediaImages,
  t.categories,
  t.tags,
  t.actors,
  t.actorCategories,
  t.actorTags,
  t.videos,
  t.videoTags,
  t.videoSalesDaily,
  t.albums,
  t.pictures,
  t.blogPosts,
  t.contests,
  t.tvSeries,
  t.tvEpisodes,
  t.legalTexts,
  t.seoTexts,
  t.chatRatings,
  t.actorHeatMaps,
  t.actorInterviews,
  t.camShows,
] as const;

const LANGS: Language[] = ['de', 'en', 'nl', 'es'];
const DAY = 86_400_000;

const localized = (f: (lang: Language) => string): Localized => ({
  de: f('de'),
  en: f('en'),
  nl: f('nl'),
  es: f('es'),
});

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Stage names: unique case-insensitively; some carry an underscore (search escaping is tested). */
function actorName(index: number, order: number[]): string {
  const combos = STAGE_PREFIXES.length * STAGE_NAMES.length;
  const combo = order[index % combos]!;
  const prefix = STAGE_PREFIXES[combo % STAGE_PREFIXES.length]!;
  const name = STAGE_NAMES[Math.floor(combo / STAGE_PREFIXES.length)]!;
  const round = Math.floor(index / combos);
  const sep = combo % 7 === 3 ? '_' : '';
  return `${prefix}${sep}${name}${round > 0 ? round : ''}`;
}

function price(r: Random, min: number, max: number): number {
  // Prices end in 9 cents (1.49, 2.99, ...).
  return r.int(Math.ceil(min / 10), Math.floor(max / 10)) * 10 - 1;
}

/**
 * Insert rows in batches inside one transaction. Each batch travels as one JSON parameter expanded
 * by `json_populate_recordset` (one bind value instead of rows × columns: much faster than a wide
 * multi-row VALUES list for 10^5–10^6 rows, and the same SQL on PGlite and PostgreSQL).
 */
async function insertRows(db: Db, table: PgTable, rows: Iterable<Record<string, unknown>>, batch: number) {
  const columns = getTableColumns(table);
  const name = sql.identifier(tableName(table));
  let keys: string[] | undefined;
  let columnList: SQL | undefined;
  let chunk: Record<string, unknown>[] = [];
  let count = 0;
  await db.transaction(async (tx) => {
    const flush = async () => {
      if (chunk.length === 0 || !keys || !columnList) return;
      await tx.execute(
        sql`insert into ${name} (${columnList}) select ${columnList} from json_populate_recordset(null::${name}, ${JSON.stringify(chunk)}::json)`,
      );
      count += chunk.length;
      chunk = [];
    };
    for (const row of rows) {
      if (!keys) {
        keys = Object.keys(row);
        columnList = sql.join(
          keys.map((k) => sql.identifier(columns[k]!.name)),
          sql`, `,
        );
      }
      const record: Record<string, unknown> = {};
      for (const k of keys) record[columns[k]!.name] = row[k];
      chunk.push(record);
      if (chunk.length >= batch) await flush();
    }
    await flush();
  });
  return count;
}

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const rows = await queryRows<{ filled: boolean }>(
    database.db,
    sql`select exists (select 1 from ${t.categories}) or exists (select 1 from ${t.actors}) or exists (select 1 from ${t.legalTexts}) as filled`,
  );
  return !rows[0]?.filled;
}

/** Remove all seeded rows (TRUNCATE … RESTART IDENTITY CASCADE: rows referencing them go too). */
export async function truncateSeededTables(database: Database): Promise<void> {
  const names = SEEDED_TABLES.map((table) => sql.identifier(tableName(table)));
  await database.db.execute(sql`truncate ${sql.join(names, sql`, `)} restart identity cascade`);
}

function tableName(table: PgTable): string {
  return (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')]!;
}

export async function seedDatabase(database: Database, opts: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const cfg = SIZES[opts.size];
  const now = opts.now ?? SEED_REFERENCE_DATE;
  const nowMs = now.getTime();
  const db = database.db;
  // Independent streams per table: a change to one table's generator leaves the others as they were.
  const stream = (n: number) => createRandom((opts.seed * 1_000_003 + n * 7_919) >>> 0);
  const counts: Record<string, number> = {};
  const step = async (name: string, table: PgTable, rows: Iterable<Record<string, unknown>>) => {
    const t0 = performance.now();
    counts[name] = await insertRows(db, table, rows, cfg.batch);
    log(`${name}: ${counts[name]} rows in ${Math.round(performance.now() - t0)} ms`);
  };

  // Images first: the pool is needed by every entity.
  const pool: ImagePool = imagePool(POOL_COUNTS[cfg.pool]);
  const allImages = Object.values(pool).flat();
  const imagesPromise = generateImages(opts.mediaDir, allImages, { log });
  // The video clips (ffmpeg children) are made while the rows are inserted; awaited at the end.
  const clipsPromise = generateClips(clipDirOf(opts.mediaDir), cfg.pool, { log });
  clipsPromise.catch(() => {}); // a failure is reported by the await below, not as unhandled
  await step(
    'media_images',
    t.mediaImages,
    allImages.map(({ key, kind, width, height, ageRating }) => ({ key, kind, width, height, ageRating })),
  );

  const pick = (r: Random, kind: keyof ImagePool): PoolImage => r.pick(pool[kind]);

  // Categories.
  const categoryRows = CATEGORY_NAMES.map((names, i) => {
    const descriptions = localized((lang) => fill(CATEGORY_DESCRIPTION[lang], { name: names[lang] }));
    return {
      id: i + 1,
      slugDe: slugify(names.de),
      slugEn: slugify(names.en),
      slugEs: slugify(names.es),
      nameDe: names.de,
      nameEn: names.en,
      nameNl: names.nl,
      nameEs: names.es,
      descriptionDe: descriptions.de,
      descriptionEn: descriptions.en,
      descriptionNl: descriptions.nl,
      descriptionEs: descriptions.es,
      imageKey: pool.category[i % pool.category.length]!.key,
      sort: i + 1,
    };
  });
  await step('categories', t.categories, categoryRows);
  await step(
    'tags',
    t.tags,
    TAGS.map((label, i) => ({ id: i + 1, label })),
  );

  // Actors.
  const nameOrder = createRandom(opts.seed ^ 0x5eed).sample(
    Array.from({ length: STAGE_PREFIXES.length * STAGE_NAMES.length }, (_, i) => i),
    STAGE_PREFIXES.length * STAGE_NAMES.length,
  );
  const actorNames = (id: number) => actorName(id - 1, nameOrder);
  function* actors() {
    const r = stream(1);
    const rx = stream(12);
    for (let id = 1; id <= cfg.actors; id++) {
      const name = actorNames(id);
      const gender = r.chance(0.75) ? 'F' : r.chance(0.6) ? 'M' : 'N';
      const actorType =
        gender === 'F'
          ? r.pick(['F', 'F', 'F', 'FF', 'FM'] as const)
          : gender === 'M'
            ? r.pick(['M', 'M', 'FM'] as const)
            : 'S';
      const age = r.int(18, 60);
      const birth = new Date(nowMs - (age * 365.25 + r.int(1, 360)) * DAY);
      const single = price(r, 99, 299);
      const online = r.chance(0.15);
      const about = r.pick(ABOUT_ME);
      const row = {
        id,
        name,
        nameLower: name.toLowerCase(),
        gender,
        actorType,
        birthDate: isoDay(birth),
        spokenLanguages: r.sample(LANGS, r.int(1, 3)),
        city: r.chance(0.85) ? r.pick(CITIES) : null,
        heightCm: r.chance(0.9) ? r.int(150, 195) : null,
        zodiac: r.chance(0.9) ? r.pick(ZODIAC) : null,
        aboutMe: localized((lang) => fill(about[lang], { name })),
        isOnline: online,
        onlineSince: online ? new Date(nowMs - r.int(1, 300) * 60_000) : null,
        freeChat: r.chance(0.2),
        isVoyeurChatAvailable: r.chance(0.5),
        isLivePreviewEnabled: r.chance(0.6),
        bannedCountryCodes: r.chance(0.08) ? r.pick(BANNED_COUNTRY_SETS) : [],
        priceVideoCents: price(r, 199, 399),
        priceSingleCents: single,
        priceSinglec2cCents: single + 50,
        priceVoyeurCents: Math.max(49, Math.round(single / 20) * 10 - 1),
        priceMessageCents: price(r, 29, 99),
        multiChatPriceCents: price(r, 49, 149),
        voucherChatMinutes: r.pick([0, 0, 0, 3, 5, 10]),
        freeMessages: r.pick([0, 0, 1, 3]),
        avatarKey: pick(r, 'avatar').key,
        rankingPoints: r.int(0, 10_000),
        // Newer actors are rarer: quadratic spread over three years.
        registeredAt: new Date(nowMs - Math.floor(r.next() ** 2 * 3 * 365 * DAY) - r.int(1, 3_600) * 1000),
      };
      // Issue 5 columns from their own stream (the values above stay as they were).
      const place = placeOf(rx, row.city);
      const videocall = online && rx.chance(0.35);
      yield {
        ...row,
        isOnlineMobileVideocall: videocall,
        rankingPointsVideoCall: videocall ? rx.int(0, 10_000) : rx.int(0, 500),
        priceVideocallCents: price(rx, 149, 399),
        isCurrentlyTicketShow: online && rx.chance(0.05),
        pinnedCount: rx.int(0, 3_000),
        countryCode: place?.countryCode ?? null,
        zipCode: place?.zipCode ?? null,
        lat: place?.lat ?? null,
        lon: place?.lon ?? null,
        sedcardLikes: rx.int(0, 900),
        sedcardDislikes: rx.int(0, 80),
      };
    }
  }
  await step('actors', t.actors, actors());

  function* actorCategories() {
    const r = stream(2);
    const ids = categoryRows.map((c) => c.id);
    for (let id = 1; id <= cfg.actors; id++) {
      for (const categoryId of r.sample(ids, r.int(2, 5))) yield { actorId: id, categoryId };
    }
  }
  await step('actor_categories', t.actorCategories, actorCategories());

  function* actorTags() {
    const r = stream(3);
    const ids = TAGS.map((_, i) => i + 1);
    for (let id = 1; id <= cfg.actors; id++) {
      for (const tagId of r.sample(ids, r.int(3, 6))) yield { actorId: id, tagId };
    }
  }
  await step('actor_tags', t.actorTags, actorTags());

  // Videos, their tags and daily sales (sales are derived from the same stream so they stay consistent).
  const salesWindowDays = 30;
  const videoSales: { videoId: number; day: string; sales: number }[] = [];
  function* videos() {
    const r = stream(4);
    const rv = stream(13);
    for (let id = 1; id <= cfg.videos; id++) {
      const releasedAt = new Date(nowMs - Math.floor(r.next() * 2 * 365 * DAY) - r.int(60, 86_399) * 1000);
      const ageDays = (nowMs - releasedAt.getTime()) / DAY;
      const free = r.chance(0.08);
      const basePrice = free ? 0 : price(r, 199, 1_499);
      const discounted = !free && r.chance(0.15);
      const likes = r.int(0, 5_000);
      let recentSales = 0;
      if (r.chance(0.3)) {
        const days = r.int(1, 6);
        const maxBack = Math.min(salesWindowDays, Math.floor(ageDays));
        for (const back of r.sample(
          Array.from({ length: maxBack }, (_, i) => i + 1),
          days,
        )) {
          const sales = r.int(1, 20);
          recentSales += sales;
          videoSales.push({ videoId: id, day: isoDay(new Date(nowMs - back * DAY)), sales });
        }
      }
      const row = {
        id,
        actorId: r.int(1, cfg.actors),
        title: `${r.pick(VIDEO_ADJECTIVES)} ${r.pick(VIDEO_NOUNS)}${r.chance(0.3) ? ` ${r.int(2, 9)}` : ''}`,
        durationS: r.int(60, 2_400),
        ageRating: r.chance(0.3) ? 16 : 18,
        vip: r.chance(0.1),
        free,
        isNew: ageDays <= 30,
        classic: ageDays > 365 && r.chance(0.2),
        priceCents: discounted ? Math.round((basePrice * 0.7) / 10) * 10 - 1 : basePrice,
        basePriceCents: basePrice,
        releasedAt,
        likes,
        salesCount: recentSales + r.int(0, 500),
        views: likes * r.int(2, 20) + r.int(0, 1_000),
        previewKey: pick(r, 'preview').key,
      };
      // Issue 5 flags from their own stream.
      yield {
        ...row,
        vip30: rv.chance(row.vip ? 0.4 : 0.02),
        camRecording: rv.chance(0.1),
        vxselect: rv.chance(0.1),
        shared: rv.chance(0.15),
        asmr: rv.chance(0.03),
        dislikes: rv.int(0, Math.max(1, Math.round(likes / 10))),
      };
    }
  }
  await step('videos', t.videos, videos());
  // Every third actor promotes their best liked video.
  await db.execute(
    sql`update actors set promoted_video_id = best.id from (select distinct on (actor_id) actor_id, id from videos order by actor_id, likes desc, id) best where best.actor_id = actors.id and actors.id % 3 = 0`,
  );
  await step('video_sales_daily', t.videoSalesDaily, videoSales);
  videoSales.length = 0;
  function* videoTags() {
    const r = stream(5);
    const ids = TAGS.map((_, i) => i + 1);
    for (let id = 1; id <= cfg.videos; id++) {
      for (const tagId of r.sample(ids, r.int(1, 3))) yield { videoId: id, tagId };
    }
  }
  await step('video_tags', t.videoTags, videoTags());

  // Albums and pictures.
  const pictureCounts: number[] = [];
  function* albums() {
    const r = stream(6);
    for (let id = 1; id <= cfg.albums; id++) {
      const type = r.chance(0.8) ? 'image' : 'video';
      pictureCounts.push(r.int(4, 12));
      yield {
        id,
        actorId: r.int(1, cfg.actors),
        type,
        title: `${r.pick(VIDEO_ADJECTIVES)} ${r.pick(VIDEO_NOUNS)} ${type === 'image' ? 'photos' : 'clips'}`,
        priceCents: r.chance(0.1) ? 0 : price(r, 99, 999),
        totalViews: r.int(0, 20_000),
        likes: r.int(0, 800),
        dislikes: r.int(0, 60),
        createdAt: new Date(nowMs - Math.floor(r.next() * 2 * 365 * DAY)),
        coverKey: pick(r, 'picture').key,
      };
    }
  }
  await step('albums', t.albums, albums());
  function* pictures() {
    const r = stream(7);
    const rp = stream(14);
    let id = 1;
    for (let albumId = 1; albumId <= cfg.albums; albumId++) {
      for (let position = 1; position <= pictureCounts[albumId - 1]!; position++) {
        // The album pictures' own pool (never a cover's key: those files stay public).
        const image = pick(r, 'photo');
        yield {
          id: id++,
          albumId,
          imageKey: image.key,
          ageRating: image.ageRating,
          position,
          likes: rp.int(0, 300),
          dislikes: rp.int(0, 30),
        };
      }
    }
  }
  await step('pictures', t.pictures, pictures());

  // Blog posts: every blog category id of spec 3.
  function* blogPosts() {
    const r = stream(8);
    let id = 1;
    for (const categoryId of t.BLOG_CATEGORY_IDS) {
      const topic = BLOG_CATEGORY_TOPICS[categoryId]!;
      for (let n = 1; n <= cfg.blogPostsPerCategory; n++) {
        yield {
          id,
          categoryId,
          slug: `${slugify(topic.en)}-${id}`,
          title: localized((lang) => `${topic[lang]} #${n}`),
          excerpt: localized((lang) => fill(BLOG_EXCERPT[lang], { n })),
          body: localized((lang) => `<p>${fill(BLOG_BODY[lang], { n })}</p>`),
          publishedAt: new Date(nowMs - r.int(1, 365) * DAY - r.int(0, 86_399) * 1000),
          imageKey: pick(r, 'blog').key,
          featured: categoryId === 506 || r.chance(0.1),
        };
        id++;
      }
    }
  }
  await step('blog_posts', t.blogPosts, blogPosts());

  // Contests: 12 days apart, 20 days long; the last ones are running or upcoming relative to now.
  function* contests() {
    const r = stream(9);
    for (let i = 0; i < cfg.contests; i++) {
      const theme = CONTEST_THEMES[i % CONTEST_THEMES.length]!;
      const startsAt = new Date(nowMs + ((i - (cfg.contests - 3)) * 12 - 3) * DAY);
      yield {
        id: i + 1,
        title: localized((lang) => `${theme[lang]} ${startsAt.getUTCFullYear()}`),
        description: CONTEST_DESCRIPTION,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 20 * DAY),
        imageKey: pick(r, 'contest').key,
      };
    }
  }
  await step('contests', t.contests, contests());

  const episodesPerSeries: number[] = [];
  function* tvSeries() {
    const r = stream(10);
    for (let i = 0; i < cfg.tvSeries; i++) {
      const series = TV_SERIES[i % TV_SERIES.length]!;
      episodesPerSeries.push(r.int(4, 10));
      yield {
        id: i + 1,
        key: series.key,
        title: series.title,
        description: TV_DESCRIPTION,
        imageKey: pick(r, 'tv').key,
      };
    }
  }
  await step('tv_series', t.tvSeries, tvSeries());
  function* tvEpisodes() {
    const r = stream(11);
    let id = 1;
    for (let s = 1; s <= cfg.tvSeries; s++) {
      const title = TV_SERIES[(s - 1) % TV_SERIES.length]!.title.en;
      for (let e = 1; e <= episodesPerSeries[s - 1]!; e++) {
        yield {
          id: id++,
          seriesId: s,
          title: `${title} – Episode ${e}`,
          durationS: r.int(15, 60) * 60,
          airedAt: new Date(nowMs - (episodesPerSeries[s - 1]! - e) * 7 * DAY - r.int(1, 6) * DAY),
          imageKey: pick(r, 'tv').key,
        };
      }
    }
  }
  await step('tv_episodes', t.tvEpisodes, tvEpisodes());

  // Issue 5: chat ratings, heat maps and interviews of the first actors; scheduled cam shows.
  const extrasActors = Math.min(cfg.extrasActors, cfg.actors);
  function* chatRatings() {
    const r = stream(15);
    for (let actorId = 1; actorId <= extrasActors; actorId++) {
      if (r.chance(0.75)) yield* chatRatingsOf(r, actorId, nowMs);
    }
  }
  await step('chat_ratings', t.chatRatings, chatRatings());
  function* heatMaps() {
    const r = stream(16);
    for (let actorId = 1; actorId <= extrasActors; actorId++) yield heatMapOf(r, actorId);
  }
  await step('actor_heat_maps', t.actorHeatMaps, heatMaps());
  function* interviews() {
    const r = stream(17);
    let id = 1;
    for (let actorId = 1; actorId <= extrasActors; actorId++) {
      if (!r.chance(0.25)) continue;
      for (let n = r.int(1, 2); n > 0; n--) {
        yield {
          id: id++,
          actorId,
          title: interviewTitle(r, actorNames(actorId)),
          imageKey: pick(r, 'picture').key,
          durationS: r.int(60, 900),
          publishedAt: interviewPublishedAt(r, nowMs),
        };
      }
    }
  }
  await step('actor_interviews', t.actorInterviews, interviews());
  function* camShows() {
    const r = stream(18);
    for (let id = 1; id <= cfg.camShows; id++) yield camShowOf(r, id, cfg.actors, nowMs);
  }
  await step('cam_shows', t.camShows, camShows());
  // Upcoming priced ticket shows of online performers (issue 18), ids after the random ones.
  counts.ticket_shows = await seedTicketShows(db, nowMs, cfg.camShows + 1);

  // Legal texts: every type in every language; the terms have an older and a current version.
  function* legalTexts() {
    let id = 1;
    for (const type of ['PP', 'GTC', 'IMP'] as const) {
      for (const language of LANGS) {
        const versions =
          type === 'GTC'
            ? [
                { version: '1.0', publishedAt: new Date(nowMs - 400 * DAY) },
                { version: '2.0', publishedAt: new Date(nowMs - 30 * DAY) },
              ]
            : [{ version: '1.0', publishedAt: new Date(nowMs - 400 * DAY) }];
        for (const { version, publishedAt } of versions) {
          yield {
            id: id++,
            type,
            product: LEGAL_PRODUCT,
            version,
            language,
            html: legalHtml(type, language),
            publishedAt,
          };
        }
      }
    }
  }
  await step('legal_texts', t.legalTexts, legalTexts());

  // SEO texts: Home, every category and every actor, in four languages.
  function* seoTexts() {
    let id = 1;
    const row = (
      pageKey: string,
      language: Language,
      tpl: Record<string, string>,
      v: Record<string, string>,
      slug: string,
    ) => ({
      id: id++,
      pageKey,
      language,
      h1: fill(tpl.h1!, v),
      h2: fill(tpl.h2!, v),
      seoTitle: fill(tpl.title!, v),
      seoDescription: fill(tpl.description!, v),
      freeText: fill(tpl.text!, v),
      breadcrumb: fill(tpl.breadcrumb!, v),
      slug,
    });
    for (const lang of LANGS) yield row('Home', lang, SEO.home[lang], { brand: SEED_BRAND }, '');
    for (const c of categoryRows) {
      const names: Localized = { de: c.nameDe, en: c.nameEn, nl: c.nameNl, es: c.nameEs };
      const slugs: Localized = { de: c.slugDe, en: c.slugEn, nl: c.slugEn, es: c.slugEs };
      for (const lang of LANGS) {
        yield row(
          `Categories/Category:${c.id}`,
          lang,
          SEO.category[lang],
          { brand: SEED_BRAND, name: names[lang] },
          slugs[lang],
        );
      }
    }
    for (let actorId = 1; actorId <= cfg.actors; actorId++) {
      const name = actorNames(actorId);
      for (const lang of LANGS) {
        yield row(`Actor:${actorId}`, lang, SEO.actor[lang], { brand: SEED_BRAND, name }, name.toLowerCase());
      }
    }
  }
  await step('seo_texts', t.seoTexts, seoTexts());
  counts.bonus_codes = await seedBonusCodes(db); // demo bonus codes (issue 4), idempotent
  counts.conversion_chat_actors = await seedConversionChatActors(db); // issue 18, idempotent
  counts.toys = await seedToys(db); // issue 18 toy control, idempotent
  // issue 19 messenger: every performer's messaging prices and the gift catalogue, idempotent
  const giftImages = pool.category.map((image) => image.key);
  Object.assign(counts, await seedMessenger(db, giftImages));

  // Serial columns: continue after the explicit ids.
  for (const table of SEEDED_TABLES) {
    const name = tableName(table);
    if (!('id' in table)) continue;
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), greatest(coalesce((select max(id) from ${sql.identifier(name)}), 0), 1))`,
    );
  }
  if (database.kind === 'postgres') await db.execute(sql`analyze`);

  const images = await imagesPromise;
  const { written, skipped } = await clipsPromise;
  const ms = Math.round(performance.now() - started);
  log(`seed ${opts.size} (seed ${opts.seed}) done in ${ms} ms`);
  return {
    size: opts.size,
    seed: opts.seed,
    now: now.toISOString(),
    counts,
    images,
    clips: { written, skipped },
    ms,
  };
}

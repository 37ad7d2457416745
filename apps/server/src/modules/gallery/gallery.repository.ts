/**
 * All SQL of the photos slice (issue 5 deliverable 4): albums, pictures, sedcards, their ratings,
 * album comments and album views. Every listing reads by an index with a LIMIT:
 * - albums of an actor: albums_actor_created_idx; all albums: albums_created_idx
 * - pictures of an album: pictures_album_position_idx
 * - comments of an album: album_comments_album_created_idx (album_id, created_at desc, id)
 * - own rating / own comment / own view / purchase: the primary keys and unique constraints.
 * Counters (likes, dislikes, comment_count, total_views) move by a delta in the transaction that
 * writes the row they count; the tables' checks keep them >= 0.
 */
import { type Db, queryRows } from '@vela/db/client';
import { eq, sql } from '@vela/db/orm';
import { albums, pictures } from '@vela/db/schema/gallery';
import { ALBUM_PREVIEW_PICTURES } from '@vela/domain/album-access';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import {
  actorBannedCodes,
  actorBansNoCountry,
  actorIdOfferedIn,
  actorRowsSql,
} from '../catalog/actor-sql.ts';
import { type MediaKeyUse, mediaAgeRatingSql } from '../catalog/media-facts.ts';
import { pinnedPicturesSql } from '../favorites/pinned-sql.ts';
import { isBoughtSql } from '../promotions/purchase-sql.ts';
import type { PictureFile } from './picture-media.ts';

export type RatingKind = 'album' | 'picture' | 'sedcard';
export type StoredRating = -1 | 0 | 1;

/** Where each kind of rating lives and which counters it moves (constants, never input). */
const RATING_TABLES: Record<
  RatingKind,
  { ratings: string; itemColumn: string; counters: string; likes: string; dislikes: string }
> = {
  album: {
    ratings: 'album_ratings',
    itemColumn: 'album_id',
    counters: 'albums',
    likes: 'likes',
    dislikes: 'dislikes',
  },
  picture: {
    ratings: 'picture_ratings',
    itemColumn: 'picture_id',
    counters: 'pictures',
    likes: 'likes',
    dislikes: 'dislikes',
  },
  sedcard: {
    ratings: 'sedcard_ratings',
    itemColumn: 'actor_id',
    counters: 'actors',
    likes: 'sedcard_likes',
    dislikes: 'sedcard_dislikes',
  },
};

/** Lock keys of one guest's rating of one item: [kind + guest, item]. */
const KIND_KEYS: Record<RatingKind, number> = { album: 1, picture: 2, sedcard: 3 };

export interface AlbumRow {
  id: number;
  actorId: number;
  actorName: string;
  actorSlug: string;
  actorAvatarKey: string;
  actorIsOnline: boolean;
  /** The actor's banned countries (spec 6), as stored. */
  actorBannedCountryCodes: string[];
  type: 'image' | 'video';
  title: string;
  priceCents: number;
  totalViews: number;
  likes: number;
  dislikes: number;
  commentCount: number;
  createdAt: Date;
  coverKey: string;
  coverAgeRating: number;
  pictureCount: number;
  ownRating: StoredRating;
  isBought: boolean;
}

export interface PictureRow {
  id: number;
  albumId: number;
  imageKey: string;
  ageRating: number;
  position: number;
  likes: number;
  dislikes: number;
  ownRating: StoredRating;
}

/** A picture listed outside its album (pinned photos): with what decides whether it is open. */
export interface PictureAccessRow extends PictureRow {
  /** 1 for its album's first picture by position, then 2, … */
  rank: number;
  albumPriceCents: number;
  /** The caller bought its album. */
  albumBought: boolean;
}

export interface CommentRow {
  id: number;
  text: string;
  createdAt: Date;
  guestName: string;
  isOwn: boolean;
}

export interface SedcardRow {
  actorId: number;
  /** The actor's banned countries (spec 6), as stored. */
  bannedCountryCodes: string[];
  name: string;
  slug: string;
  avatarKey: string;
  likes: number;
  dislikes: number;
  ownRating: StoredRating;
}

export interface CounterRow {
  likes: number;
  dislikes: number;
}

type Raw = Record<string, unknown>;

const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const toRating = (value: unknown): StoredRating => {
  const n = Number(value ?? 0);
  return n === 1 ? 1 : n === -1 ? -1 : 0;
};

function albumOf(row: Raw): AlbumRow {
  return {
    id: Number(row.id),
    actorId: Number(row.actor_id),
    actorName: String(row.actor_name),
    actorSlug: String(row.actor_slug),
    actorAvatarKey: String(row.actor_avatar_key),
    actorIsOnline: row.actor_is_online === true,
    actorBannedCountryCodes: Array.isArray(row.actor_banned_country_codes)
      ? (row.actor_banned_country_codes as string[])
      : [],
    type: row.type === 'video' ? 'video' : 'image',
    title: String(row.title),
    priceCents: Number(row.price_cents),
    totalViews: Number(row.total_views),
    likes: Number(row.likes),
    dislikes: Number(row.dislikes),
    commentCount: Number(row.comment_count),
    createdAt: toDate(row.created_at),
    coverKey: String(row.cover_key),
    coverAgeRating: Number(row.cover_age_rating ?? 18),
    pictureCount: Number(row.picture_count),
    ownRating: toRating(row.own_rating),
    isBought: row.is_bought === true,
  };
}

/** The album columns with the actor, the cover's age rating and the guest's own rating and purchase. */
const albumSelect = (guestId: number | null) => sql`
  select a.id, a.actor_id, ac.name as actor_name, ac.name_lower as actor_slug, ac.avatar_key as actor_avatar_key,
         ac.is_online as actor_is_online, ac.banned_country_codes as actor_banned_country_codes, a.type, a.title, a.price_cents, a.total_views, a.likes, a.dislikes,
         a.comment_count, a.created_at, a.cover_key,
         ${mediaAgeRatingSql(sql`a.cover_key`)} as cover_age_rating,
         (select count(*)::int from pictures p where p.album_id = a.id) as picture_count,
         (select r.rating from album_ratings r where r.album_id = a.id and r.guest_id = ${guestId}) as own_rating,
         ${isBoughtSql(guestId, 'album', sql`a.id`)} as is_bought
  from albums a join ${actorRowsSql()} ac on ac.id = a.actor_id`;

/** A picture row of the raw queries (picture_ratings joined as own_rating). */
function pictureOf(row: Raw): PictureRow {
  return {
    id: Number(row.id),
    albumId: Number(row.album_id),
    imageKey: String(row.image_key),
    ageRating: Number(row.age_rating),
    position: Number(row.position),
    likes: Number(row.likes),
    dislikes: Number(row.dislikes),
    ownRating: toRating(row.own_rating),
  };
}

/** SQL: the picture `p`'s rank in its album (1 for the first by position, then 2, …). */
const pictureRankSql = sql`(select count(*)::int from pictures p2 where p2.album_id = p.album_id
  and (p2.position < p.position or (p2.position = p.position and p2.id < p.id))) + 1`;

/**
 * Screen names of guests by id, in one read: the guests module's (decision 0030; the guests
 * repository's `screenNamesOf`). An album comment names its author.
 */
export type GuestScreenNames = (guestIds: readonly number[]) => Promise<Map<number, string>>;

export function createGalleryRepository(db: Db, screenNamesOf: GuestScreenNames) {
  return {
    async albumById(albumId: number, guestId: number | null): Promise<AlbumRow | null> {
      const [row] = await queryRows<Raw>(db, sql`${albumSelect(guestId)} where a.id = ${albumId}`);
      return row ? albumOf(row) : null;
    },

    /** Albums newest first (of one actor or all) offered in `country` (spec 6), offset paging. */
    async albums(
      filter: { actorId: number | null; limit: number; offset: number },
      guestId: number | null,
      country: Country,
    ): Promise<AlbumRow[]> {
      const offered = actorOfferedIn(country, sql`ac.banned_country_codes`);
      const where =
        filter.actorId === null
          ? sql`where ${offered}`
          : sql`where a.actor_id = ${filter.actorId} and ${offered}`;
      const rows = await queryRows<Raw>(
        db,
        sql`${albumSelect(guestId)} ${where} order by a.created_at desc, a.id limit ${filter.limit} offset ${filter.offset}`,
      );
      return rows.map(albumOf);
    },

    async picturesOf(albumId: number, guestId: number | null, limit: number): Promise<PictureRow[]> {
      const rows = await queryRows<Raw>(
        db,
        sql`select p.id, p.album_id, p.image_key, p.age_rating, p.position, p.likes, p.dislikes,
                   (select r.rating from picture_ratings r where r.picture_id = p.id and r.guest_id = ${guestId}) as own_rating
            from pictures p where p.album_id = ${albumId}
            order by p.position, p.id limit ${limit}`,
      );
      return rows.map(pictureOf);
    },

    /**
     * The guest's pinned pictures offered in `country` (spec 6), newest pin first
     * (favorite_pictures_guest_newest_idx), and how many.
     */
    async pinnedPictures(
      guestId: number,
      limit: number,
      country: Country,
    ): Promise<{ rows: (PictureAccessRow & { pinnedAt: Date })[]; total: number }> {
      const offered = actorIdOfferedIn(
        country,
        sql`(select al.actor_id from albums al where al.id = p.album_id)`,
      );
      const [rows, counted] = await Promise.all([
        queryRows<Raw>(
          db,
          sql`select p.id, p.album_id, p.image_key, p.age_rating, p.position, p.likes, p.dislikes, f.created_at as pinned_at,
                     (select r.rating from picture_ratings r where r.picture_id = p.id and r.guest_id = ${guestId}) as own_rating,
                     ${pictureRankSql} as rank, al.price_cents as album_price_cents,
                     ${isBoughtSql(guestId, 'album', sql`p.album_id`)} as album_bought
              from (${pinnedPicturesSql(guestId)}) f join pictures p on p.id = f.picture_id
              join albums al on al.id = p.album_id
              where ${offered}
              order by f.created_at desc, p.id limit ${limit}`,
        ),
        queryRows<Raw>(
          db,
          sql`select count(*)::int as n from (${pinnedPicturesSql(guestId)}) f join pictures p on p.id = f.picture_id
              where ${offered}`,
        ),
      ]);
      return {
        rows: rows.map((row) => ({
          ...pictureOf(row),
          rank: Number(row.rank),
          albumPriceCents: Number(row.album_price_cents),
          albumBought: row.album_bought === true,
          pinnedAt: new Date(row.pinned_at as string | Date),
        })),
        total: Number(counted[0]?.n ?? 0),
      };
    },

    /** The actor of a sedcard by id or lower-cased name. */
    async sedcardOf(
      actor: { id: number } | { slug: string },
      guestId: number | null,
    ): Promise<SedcardRow | null> {
      const where = 'id' in actor ? sql`ac.id = ${actor.id}` : sql`ac.name_lower = ${actor.slug}`;
      const [row] = await queryRows<Raw>(
        db,
        sql`select ac.id, ac.name, ac.name_lower, ac.avatar_key, ac.sedcard_likes, ac.sedcard_dislikes, ac.banned_country_codes,
                   (select r.rating from sedcard_ratings r where r.actor_id = ac.id and r.guest_id = ${guestId}) as own_rating
            from ${actorRowsSql()} ac where ${where}`,
      );
      if (!row) return null;
      return {
        actorId: Number(row.id),
        bannedCountryCodes: Array.isArray(row.banned_country_codes)
          ? (row.banned_country_codes as string[])
          : [],
        name: String(row.name),
        slug: String(row.name_lower),
        avatarKey: String(row.avatar_key),
        likes: Number(row.sedcard_likes),
        dislikes: Number(row.sedcard_dislikes),
        ownRating: toRating(row.own_rating),
      };
    },

    /**
     * The banned countries (spec 6) of the actor whose album, picture or sedcard `itemId` is; null
     * when there is no such item.
     */
    async bannedCountriesOf(kind: RatingKind, itemId: number): Promise<string[] | null> {
      const query =
        kind === 'album'
          ? sql`select ac.banned_country_codes from albums a join ${actorRowsSql()} ac on ac.id = a.actor_id where a.id = ${itemId}`
          : kind === 'picture'
            ? sql`select ac.banned_country_codes from pictures p join albums a on a.id = p.album_id
                  join ${actorRowsSql()} ac on ac.id = a.actor_id where p.id = ${itemId}`
            : sql`select ac.banned_country_codes from ${actorRowsSql()} ac where ac.id = ${itemId}`;
      const [row] = await queryRows<Raw>(db, query);
      if (!row) return null;
      return Array.isArray(row.banned_country_codes) ? (row.banned_country_codes as string[]) : [];
    },

    /**
     * Photos of an actor's image albums everyone may see (album-access.ts: each album's preview
     * pictures, and every picture of a free album), newest album first, up to an age rating.
     */
    async actorPhotos(
      actorId: number,
      options: { maxAgeRating: 16 | 18; limit: number; offset: number },
    ): Promise<{ id: number; albumId: number; imageKey: string; ageRating: number }[]> {
      const rows = await queryRows<Raw>(
        db,
        sql`select p.id, p.album_id, p.image_key, p.age_rating
            from albums a join pictures p on p.album_id = a.id
            where a.actor_id = ${actorId} and a.type = 'image' and p.age_rating <= ${options.maxAgeRating}
              and (a.price_cents = 0 or ${pictureRankSql} <= ${ALBUM_PREVIEW_PICTURES})
            order by a.created_at desc, a.id, p.position, p.id
            limit ${options.limit} offset ${options.offset}`,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        albumId: Number(row.album_id),
        imageKey: String(row.image_key),
        ageRating: Number(row.age_rating),
      }));
    },

    /**
     * Sets one guest's rating of one item and moves the item's counters by the difference, in one
     * transaction. Concurrent ratings by the same guest of the same item are serialized by a
     * transaction-scoped advisory lock; the counter update takes the item's row lock. Null when the
     * item does not exist.
     */
    async rate(
      kind: RatingKind,
      guestId: number,
      itemId: number,
      next: StoredRating,
      deltaOf: (previous: StoredRating, next: StoredRating) => { likes: number; dislikes: number },
    ): Promise<CounterRow | null> {
      const t = RATING_TABLES[kind];
      const ratings = sql.raw(t.ratings);
      const itemColumn = sql.raw(t.itemColumn);
      const counters = sql.raw(t.counters);
      const likes = sql.raw(t.likes);
      const dislikes = sql.raw(t.dislikes);
      return db.transaction(async (tx) => {
        const [exists] = await queryRows<Raw>(tx, sql`select 1 as one from ${counters} where id = ${itemId}`);
        if (!exists) return null;
        await queryRows(
          tx,
          sql`select pg_advisory_xact_lock(${KIND_KEYS[kind] * 1_000_000_000 + (guestId % 1_000_000_000)}::bigint)`,
        );
        const [previousRow] = await queryRows<Raw>(
          tx,
          sql`select rating from ${ratings} where guest_id = ${guestId} and ${itemColumn} = ${itemId}`,
        );
        const previous = toRating(previousRow?.rating);
        const delta = deltaOf(previous, next);
        if (next === 0) {
          await queryRows(
            tx,
            sql`delete from ${ratings} where guest_id = ${guestId} and ${itemColumn} = ${itemId}`,
          );
        } else if (next !== previous) {
          await queryRows(
            tx,
            sql`insert into ${ratings} (guest_id, ${itemColumn}, rating) values (${guestId}, ${itemId}, ${next})
                on conflict (guest_id, ${itemColumn}) do update set rating = excluded.rating`,
          );
        }
        const [counts] =
          delta.likes === 0 && delta.dislikes === 0
            ? await queryRows<Raw>(
                tx,
                sql`select ${likes} as likes, ${dislikes} as dislikes from ${counters} where id = ${itemId}`,
              )
            : await queryRows<Raw>(
                tx,
                sql`update ${counters} set ${likes} = ${likes} + ${delta.likes}, ${dislikes} = ${dislikes} + ${delta.dislikes}
                    where id = ${itemId} returning ${likes} as likes, ${dislikes} as dislikes`,
              );
        return { likes: Number(counts?.likes ?? 0), dislikes: Number(counts?.dislikes ?? 0) };
      });
    },

    /** Comments of an album, newest first. */
    async comments(
      albumId: number,
      guestId: number | null,
      limit: number,
      offset: number,
    ): Promise<CommentRow[]> {
      const rows = await queryRows<Raw>(
        db,
        sql`select c.id, c.text, c.created_at, c.guest_id, (c.guest_id = ${guestId}) as is_own
            from album_comments c
            where c.album_id = ${albumId}
            order by c.created_at desc, c.id limit ${limit} offset ${offset}`,
      );
      // The authors' names in one read (a comment's guest always exists: it cascades).
      const names = await screenNamesOf(rows.map((row) => Number(row.guest_id)));
      return rows.flatMap((row) => {
        const name = names.get(Number(row.guest_id));
        return name === undefined ? [] : [commentOf({ ...row, screen_name: name })];
      });
    },

    async hasCommented(albumId: number, guestId: number): Promise<boolean> {
      const [row] = await queryRows<Raw>(
        db,
        sql`select 1 as one from album_comments where album_id = ${albumId} and guest_id = ${guestId}`,
      );
      return row !== undefined;
    },

    /**
     * Adds a guest's comment and raises the album's comment count in one transaction. Null when
     * the guest already commented (album_comments_album_guest_unique decides, also under races);
     * undefined when the album does not exist.
     */
    async addComment(
      albumId: number,
      guestId: number,
      text: string,
    ): Promise<{ comment: CommentRow; total: number } | null | undefined> {
      const added = await db.transaction(async (tx) => {
        const [album] = await queryRows<Raw>(tx, sql`select id from albums where id = ${albumId}`);
        if (!album) return undefined;
        const [inserted] = await queryRows<Raw>(
          tx,
          sql`insert into album_comments (album_id, guest_id, text) values (${albumId}, ${guestId}, ${text})
              on conflict on constraint album_comments_album_guest_unique do nothing
              returning id, text, created_at`,
        );
        if (!inserted) return null;
        const [counts] = await queryRows<Raw>(
          tx,
          sql`update albums set comment_count = comment_count + 1 where id = ${albumId} returning comment_count`,
        );
        return { inserted, total: Number(counts?.comment_count ?? 0) };
      });
      if (!added) return added;
      // After the transaction: a PGlite transaction holds the only connection.
      const name = (await screenNamesOf([guestId])).get(guestId);
      return {
        comment: commentOf({ ...added.inserted, screen_name: name ?? '', is_own: true }),
        total: added.total,
      };
    },

    /** Records a logged-in guest's view once; the album's total views rise only with a new view row. */
    async recordView(
      albumId: number,
      guestId: number,
    ): Promise<{ recorded: boolean; totalViews: number } | null> {
      return db.transaction(async (tx) => {
        const [album] = await queryRows<Raw>(tx, sql`select total_views from albums where id = ${albumId}`);
        if (!album) return null;
        const [inserted] = await queryRows<Raw>(
          tx,
          sql`insert into album_views (guest_id, album_id) values (${guestId}, ${albumId})
              on conflict do nothing returning guest_id`,
        );
        if (!inserted) return { recorded: false, totalViews: Number(album.total_views) };
        const [counts] = await queryRows<Raw>(
          tx,
          sql`update albums set total_views = total_views + 1 where id = ${albumId} returning total_views`,
        );
        return { recorded: true, totalViews: Number(counts?.total_views ?? 0) };
      });
    },
  };
}

function commentOf(row: Raw): CommentRow {
  return {
    id: Number(row.id),
    text: String(row.text),
    createdAt: toDate(row.created_at),
    guestName: String(row.screen_name),
    isOwn: row.is_own === true,
  };
}

export type GalleryRepository = ReturnType<typeof createGalleryRepository>;

/**
 * The performer of an album or a picture (the favorites module's read port: whose banned
 * countries apply to a pin); null when there is no such item.
 */
export async function performerOfItem(db: Db, item: 'album' | 'picture', id: number): Promise<number | null> {
  const [row] =
    item === 'album'
      ? await db.select({ actorId: albums.actorId }).from(albums).where(eq(albums.id, id))
      : await db
          .select({ actorId: albums.actorId })
          .from(pictures)
          .innerJoin(albums, eq(albums.id, pictures.albumId))
          .where(eq(pictures.id, id));
  return row ? row.actorId : null;
}

/**
 * An album as an item to buy (the promotions module's read port): its price and performer, its age
 * rating (the highest of its pictures; 16 without pictures), free when it costs nothing, and the
 * performer's banned country codes (spec 6) from the same read.
 */
export async function albumForSale(db: Db, id: number) {
  const [row] = await db
    .select({
      id: albums.id,
      actorId: albums.actorId,
      priceCents: albums.priceCents,
      ageRating: sql<number>`coalesce((select max(${pictures.ageRating}) from ${pictures} where ${pictures.albumId} = ${albums.id}), 16)::int`,
      bannedCountryCodes: sql<string[]>`coalesce(${actorBannedCodes(albums.actorId)}, '{}')`,
    })
    .from(albums)
    .where(eq(albums.id, id));
  return row ? { ...row, ageRating: Number(row.ageRating), free: row.priceCents === 0 } : undefined;
}

/** What the signed picture route needs of a picture (picture-media.ts); null for an unknown id. */
export async function pictureFileOf(db: Db, pictureId: number): Promise<PictureFile | null> {
  const [row] = await db
    .select({
      imageKey: pictures.imageKey,
      ageRating: pictures.ageRating,
      bannedCountryCodes: sql<string[]>`coalesce(${actorBannedCodes(albums.actorId)}, '{}')`,
    })
    .from(pictures)
    .innerJoin(albums, eq(albums.id, pictures.albumId))
    .where(eq(pictures.id, pictureId));
  return row ? { ...row, ageRating: Number(row.ageRating) } : null;
}

/**
 * SQL: whether an album picture uses the pool key `key` — such a file is served only through a
 * signed URL (picture-media.ts), never directly under /media/ (the media gate's lookup).
 */
export const albumPictureKeySql = (key: string) =>
  sql`select exists (select 1 from ${pictures} p where p.image_key = ${key}) as "signedOnly"`;

/** Album covers as uses of a media key (the media gate's lookup; catalog/media-facts.ts). */
export const albumCoverUse: MediaKeyUse = {
  open: (key) =>
    sql`exists (select 1 from ${albums} al where al.cover_key = ${key} and ${actorBansNoCountry(sql`al.actor_id`)})`,
  bannedCodes: (key) =>
    sql`select ${actorBannedCodes(sql`al.actor_id`)} as codes from ${albums} al where al.cover_key = ${key}`,
};

/** Pictures as uses of a media key (the media gate's lookup; catalog/media-facts.ts). */
export const pictureImageUse: MediaKeyUse = {
  open: (key) =>
    sql`exists (select 1 from ${pictures} p join ${albums} al on al.id = p.album_id where p.image_key = ${key} and ${actorBansNoCountry(sql`al.actor_id`)})`,
  bannedCodes: (key) =>
    sql`select ${actorBannedCodes(sql`al.actor_id`)} as codes from ${pictures} p join ${albums} al on al.id = p.album_id where p.image_key = ${key}`,
};

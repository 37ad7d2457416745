/**
 * All SQL of the media library (issue 17 deliverable 6): its own tables (playlists, playlist items,
 * archive) and the lists that combine them with what the guest bought and pinned. The purchases and
 * the pins are their owners' tables: each list embeds the owner's SQL part (promotions'
 * `purchasedItemsSql`/`boughtAmongSql`, favorites' `pinnedAlbumsSql`; decision 0030/0037), so a page
 * of a section is one statement plus its count and no other module's table is named here.
 */
import type { Db } from '@vela/db/client';
import { queryRows } from '@vela/db/client';
import { and, asc, eq, type SQL, sql } from '@vela/db/orm';
import { mediathekArchive, mediathekPlaylistItems, mediathekPlaylists } from '@vela/db/schema/mediathek';
import { pinnedAlbumsSql } from '../favorites/pinned-sql.ts';
import { boughtAmongSql, purchasedItemsSql } from '../promotions/purchase-sql.ts';

export type MediaType = 'video' | 'photo';

/** An item of a section page: its id, when it got there, and (archive) where it came from. */
export interface ListedItem {
  id: number;
  at: Date;
  from: 'purchased' | 'pinned';
}

export interface PlaylistRow {
  id: number;
  name: string;
  position: number;
  itemCount: number;
  updatedAt: Date;
}

type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

const playlistOf = (r: Record<string, unknown>): PlaylistRow => ({
  id: Number(r.id),
  name: String(r.name),
  position: Number(r.position),
  itemCount: Number(r.item_count),
  updatedAt: toDate(r.updated_at),
});

/** A playlist's columns with its number of videos. */
const playlistColumns = sql`p.id, p.name, p.position, p.updated_at,
  (select count(*)::int from ${mediathekPlaylistItems} i where i.playlist_id = p.id) as item_count`;

/** The items of a guest's media type not in the archive, newest first. */
const notArchived = (guestId: number, mediaType: MediaType, itemId: SQL) =>
  sql`not exists (select 1 from ${mediathekArchive} ar where ar.guest_id = ${guestId}
        and ar.media_type = ${mediaType} and ar.item_id = ${itemId})`;

/**
 * The sources of each list as one derived table (item_id, created_at, origin): bought videos;
 * bought albums; pinned albums. A photo may be both bought and pinned: it counts once, as bought.
 */
function sourceOf(guestId: number, list: 'videos' | 'boughtAlbums' | 'pinnedAlbums' | 'albums'): SQL {
  switch (list) {
    case 'videos':
      return sql`(select item_id, created_at, 'purchased' as origin from (${purchasedItemsSql(guestId, 'video')}) p)`;
    case 'boughtAlbums':
      return sql`(select item_id, created_at, 'purchased' as origin from (${purchasedItemsSql(guestId, 'album')}) p)`;
    case 'pinnedAlbums':
      return sql`(select f.album_id as item_id, f.created_at, 'pinned' as origin from (${pinnedAlbumsSql(guestId)}) f
                  where f.album_id not in (select item_id from (${purchasedItemsSql(guestId, 'album')}) b))`;
    case 'albums':
      return sql`(${sourceOf(guestId, 'boughtAlbums')} union all ${sourceOf(guestId, 'pinnedAlbums')})`;
  }
}

export function createMediathekRepository(db: Db) {
  async function page(source: SQL, where: SQL, orderAt: SQL, limit: number, offset: number) {
    const [rows, counted] = await Promise.all([
      queryRows<Record<string, unknown>>(
        db,
        sql`select s.item_id, ${orderAt} as at, s.origin from ${source} s where ${where}
            order by ${orderAt} desc, s.item_id desc limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${source} s where ${where}`),
    ]);
    const items: ListedItem[] = rows.map((r) => ({
      id: Number(r.item_id),
      at: toDate(r.at),
      from: r.origin === 'pinned' ? 'pinned' : 'purchased',
    }));
    return { items, total: Number(counted[0]?.n ?? 0) };
  }

  const archivedAt = (guestId: number, mediaType: MediaType) =>
    sql`(select ar.archived_at from ${mediathekArchive} ar where ar.guest_id = ${guestId}
          and ar.media_type = ${mediaType} and ar.item_id = s.item_id)`;

  return {
    /** Bought videos (shop) or bought albums / pinned albums (photos), without the archived ones. */
    listed(
      guestId: number,
      list: 'videos' | 'boughtAlbums' | 'pinnedAlbums',
      limit: number,
      offset: number,
    ): Promise<{ items: ListedItem[]; total: number }> {
      const mediaType: MediaType = list === 'videos' ? 'video' : 'photo';
      return page(
        sourceOf(guestId, list),
        notArchived(guestId, mediaType, sql`s.item_id`),
        sql`s.created_at`,
        limit,
        offset,
      );
    },

    /** The archived items still bought (videos) or bought/pinned (albums), newest archived first. */
    archived(
      guestId: number,
      mediaType: MediaType,
      limit: number,
      offset: number,
    ): Promise<{ items: ListedItem[]; total: number }> {
      return page(
        sourceOf(guestId, mediaType === 'video' ? 'videos' : 'albums'),
        sql`not ${notArchived(guestId, mediaType, sql`s.item_id`)}`,
        archivedAt(guestId, mediaType),
        limit,
        offset,
      );
    },

    /** Whether the item is in one of the guest's lists (bought video; bought or pinned album). */
    async isListed(guestId: number, mediaType: MediaType, itemId: number): Promise<boolean> {
      const source = sourceOf(guestId, mediaType === 'video' ? 'videos' : 'albums');
      const rows = await queryRows(db, sql`select 1 from ${source} s where s.item_id = ${itemId} limit 1`);
      return rows.length > 0;
    },

    /** Which of `videoIds` the guest bought. */
    async boughtVideos(guestId: number, videoIds: readonly number[]): Promise<Set<number>> {
      if (videoIds.length === 0) return new Set();
      const rows = await queryRows<{ id: number }>(db, boughtAmongSql(guestId, 'video', videoIds));
      return new Set(rows.map((r) => Number(r.id)));
    },

    async archive(guestId: number, mediaType: MediaType, itemId: number): Promise<void> {
      await db.insert(mediathekArchive).values({ guestId, mediaType, itemId }).onConflictDoNothing();
    },

    /** Restores; false when the item was not archived. */
    async restore(guestId: number, mediaType: MediaType, itemId: number): Promise<boolean> {
      const rows = await db
        .delete(mediathekArchive)
        .where(
          and(
            eq(mediathekArchive.guestId, guestId),
            eq(mediathekArchive.mediaType, mediaType),
            eq(mediathekArchive.itemId, itemId),
          ),
        )
        .returning({ itemId: mediathekArchive.itemId });
      return rows.length > 0;
    },

    /** The guest's playlists in order, with their item counts. */
    async playlists(guestId: number): Promise<PlaylistRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select ${playlistColumns} from ${mediathekPlaylists} p where p.guest_id = ${guestId}
            order by p.position, p.id`,
      );
      return rows.map(playlistOf);
    },

    /** One playlist of the guest (null: none, or another guest's). */
    async playlist(
      guestId: number,
      playlistId: number,
      executor: Executor = db,
    ): Promise<PlaylistRow | null> {
      const rows = await queryRows<Record<string, unknown>>(
        executor as Db,
        sql`select ${playlistColumns} from ${mediathekPlaylists} p where p.id = ${playlistId} and p.guest_id = ${guestId}`,
      );
      return rows[0] ? playlistOf(rows[0]) : null;
    },

    /** The video ids of a playlist in order. */
    async itemIds(playlistId: number, executor: Executor = db): Promise<number[]> {
      const rows = await executor
        .select({ videoId: mediathekPlaylistItems.videoId })
        .from(mediathekPlaylistItems)
        .where(eq(mediathekPlaylistItems.playlistId, playlistId))
        .orderBy(asc(mediathekPlaylistItems.position), asc(mediathekPlaylistItems.addedAt));
      return rows.map((r) => r.videoId);
    },

    /**
     * Runs `work` in a transaction that holds the guest's media library lock (one change of a
     * guest's playlists at a time, so the limits hold under concurrent calls).
     */
    inGuestLock<T>(guestId: number, work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mediathek'), ${guestId}::int)`);
        return work(tx);
      });
    },

    async countPlaylists(tx: Executor, guestId: number): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        tx as Db,
        sql`select count(*)::int as n from ${mediathekPlaylists} where guest_id = ${guestId}`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    async createPlaylist(tx: Executor, guestId: number, name: string): Promise<number> {
      const [row] = await tx
        .insert(mediathekPlaylists)
        .values({
          guestId,
          name,
          position: sql`(select coalesce(max(position), -1) + 1 from ${mediathekPlaylists} where guest_id = ${guestId})`,
        })
        .returning({ id: mediathekPlaylists.id });
      return row!.id;
    },

    async rename(tx: Executor, playlistId: number, name: string): Promise<void> {
      await tx
        .update(mediathekPlaylists)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(mediathekPlaylists.id, playlistId));
    },

    /** Writes the whole order (positions 0..n-1). */
    async reorder(tx: Executor, playlistId: number, videoIds: readonly number[]): Promise<void> {
      if (videoIds.length > 0)
        await tx.execute(
          sql`update ${mediathekPlaylistItems} i set position = o.position
              from (select * from unnest(${sql.raw(`array[${videoIds.map((id) => Number(id)).join(',')}]::int[]`)})
                    with ordinality as t(video_id, position)) o
              where i.playlist_id = ${playlistId} and i.video_id = o.video_id`,
        );
      await tx
        .update(mediathekPlaylists)
        .set({ updatedAt: sql`now()` })
        .where(eq(mediathekPlaylists.id, playlistId));
    },

    async deletePlaylist(guestId: number, playlistId: number): Promise<boolean> {
      const rows = await db
        .delete(mediathekPlaylists)
        .where(and(eq(mediathekPlaylists.id, playlistId), eq(mediathekPlaylists.guestId, guestId)))
        .returning({ id: mediathekPlaylists.id });
      return rows.length > 0;
    },

    /** Appends; false when the video is already in it. */
    async addItem(tx: Executor, playlistId: number, videoId: number): Promise<boolean> {
      const rows = await tx
        .insert(mediathekPlaylistItems)
        .values({
          playlistId,
          videoId,
          position: sql`(select coalesce(max(position), 0) + 1 from ${mediathekPlaylistItems} where playlist_id = ${playlistId})`,
        })
        .onConflictDoNothing()
        .returning({ videoId: mediathekPlaylistItems.videoId });
      if (rows.length > 0)
        await tx
          .update(mediathekPlaylists)
          .set({ updatedAt: sql`now()` })
          .where(eq(mediathekPlaylists.id, playlistId));
      return rows.length > 0;
    },

    async removeItem(tx: Executor, playlistId: number, videoId: number): Promise<boolean> {
      const rows = await tx
        .delete(mediathekPlaylistItems)
        .where(
          and(eq(mediathekPlaylistItems.playlistId, playlistId), eq(mediathekPlaylistItems.videoId, videoId)),
        )
        .returning({ videoId: mediathekPlaylistItems.videoId });
      return rows.length > 0;
    },
  };
}

export type MediathekRepository = ReturnType<typeof createMediathekRepository>;

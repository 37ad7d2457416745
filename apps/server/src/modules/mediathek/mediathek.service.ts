/**
 * The media library's use cases (issue 17 deliverable 6; spec 2 guest area "mediathek", spec 3
 * "Media library"). Always the caller's own data: every read and change names the guest, and a
 * playlist of another guest is answered as unknown (404), never shown or changed.
 *
 * The facts it shows are their owners' (decision 0030), through the ports below: video tiles and
 * their access flags (videos), albums and pinned pictures (gallery), whether the guest is a VIP
 * (subscriptions). What the guest bought and pinned is read in the repository's statements through
 * the owners' SQL parts.
 */

import type { GalleryAlbum } from '@vela/contracts/gallery';
import type {
  MediathekAlbum,
  MediathekMessengerMedia,
  MediathekPhotoSection,
  MediathekVideo,
  MediathekVideoSection,
  PhotoSection,
  PinnedPicture,
  Playlist,
  PlaylistSummary,
  VideoSection,
} from '@vela/contracts/mediathek';
import {
  FILLED_PHOTO_SECTIONS,
  FILLED_VIDEO_SECTIONS,
  MEDIATHEK_ALBUMS_PAGE_SIZE,
  MEDIATHEK_VIDEOS_PAGE_SIZE,
  PLAYLIST_ITEMS_MAX,
  PLAYLISTS_MAX,
} from '@vela/contracts/mediathek';
import { videoAccess } from '@vela/domain/video-access';
import { AppError } from '../../http/errors.ts';
import type { Country } from '../../infra/country.ts';
import { presentVideoTile } from '../catalog/catalog.presenter.ts';
import type { VideoRow } from '../videos/video-tile.ts';
import type { ListedItem, MediaType, MediathekRepository, PlaylistRow } from './mediathek.repository.ts';

/** What the media library asks other modules (wired in app.ts with the owners' functions). */
export interface MediathekPorts {
  /** The videos module's tiles by id (with the free/vip/vip30 flags), of performers offered in `country`. */
  videoTiles(ids: readonly number[], country: Country): Promise<VideoRow[]>;
  /** The gallery's album as the guest sees it; an AppError (404/403) for an unknown or blocked album. */
  album(albumId: number, guestId: number, country: Country): Promise<GalleryAlbum>;
  /** The gallery's list of the guest's pinned pictures (newest pin first). */
  pinnedPictures(guestId: number, country: Country): Promise<PinnedPicture[]>;
  /** The subscriptions module: the guest holds a running VIP subscription. */
  isVip(guestId: number): Promise<boolean>;
  /**
   * The messenger module: the photos the guest bought in the messenger, newest purchase first (issue
   * 19). Without it the messenger section is not filled (`available: false`).
   */
  messengerPhotos?(
    guestId: number,
    limit: number,
    offset: number,
  ): Promise<{ items: MediathekMessengerMedia[]; total: number }>;
  /**
   * The messenger module: the clips the guest bought in the messenger, newest purchase first (issue
   * 19). Without it the videos' messenger section is not filled (`available: false`).
   */
  messengerClips?(
    guestId: number,
    limit: number,
    offset: number,
  ): Promise<{ items: MediathekMessengerMedia[]; total: number }>;
}

const playlistNotFound = () => new AppError('NOT_FOUND', 'No such playlist', 404);

type Paging = { offset: number; limit?: number | undefined };

const isFilled = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

function presentSummary(row: PlaylistRow): PlaylistSummary {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    itemCount: row.itemCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createMediathekService(deps: { repository: MediathekRepository; ports: MediathekPorts }) {
  const { repository, ports } = deps;

  /** Tiles for `ids` in the ids' order; a video not offered in `country` is left out. */
  async function tilesInOrder(ids: readonly number[], country: Country): Promise<VideoRow[]> {
    const rows = await ports.videoTiles(ids, country);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  }

  /** Whether the guest may watch the video in full: bought, free or included in the guest's VIP. */
  async function watchable(guestId: number, rows: readonly VideoRow[]): Promise<Set<number>> {
    const needsCheck = rows.filter((row) => !row.free);
    if (needsCheck.length === 0) return new Set(rows.map((row) => row.id));
    const [owned, isVip] = await Promise.all([
      repository.boughtVideos(
        guestId,
        needsCheck.map((row) => row.id),
      ),
      needsCheck.some((row) => row.vip || row.vip30) ? ports.isVip(guestId) : Promise.resolve(false),
    ]);
    return new Set(
      rows
        .filter((row) => videoAccess(row, { owned: owned.has(row.id), isVip }) === 'full')
        .map((row) => row.id),
    );
  }

  /** Albums for listed items, in order; an album unknown or blocked in `country` is left out. */
  async function albumsOf(
    guestId: number,
    items: readonly ListedItem[],
    source: 'purchased' | 'pinned' | 'archived',
    country: Country,
  ): Promise<MediathekAlbum[]> {
    const albums = await Promise.all(
      items.map(async (item) => {
        try {
          const album = await ports.album(item.id, guestId, country);
          const entry: MediathekAlbum = {
            album,
            source: source === 'archived' ? 'archived' : item.from,
            origin: 'shop',
            from: item.from,
            at: item.at.toISOString(),
          };
          return entry;
        } catch (error) {
          if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403))
            return null;
          throw error;
        }
      }),
    );
    return albums.filter((album): album is MediathekAlbum => album !== null);
  }

  async function ownPlaylist(guestId: number, playlistId: number): Promise<PlaylistRow> {
    const row = await repository.playlist(guestId, playlistId);
    if (!row) throw playlistNotFound();
    return row;
  }

  async function presentPlaylist(row: PlaylistRow, country: Country): Promise<Playlist> {
    const rows = await tilesInOrder(await repository.itemIds(row.id), country);
    return {
      id: row.id,
      name: row.name,
      position: row.position,
      updatedAt: row.updatedAt.toISOString(),
      items: rows.map((video, position) => ({ video: presentVideoTile(video), position })),
    };
  }

  /**
   * A messenger section (photos or videos): what the guest bought in the messenger, through the
   * messenger module's port, a page of `empty`'s size; without the port it is not filled.
   */
  async function messengerSection<Empty extends { offset: number; limit: number }>(
    port: 'messengerPhotos' | 'messengerClips',
    guestId: number,
    empty: Empty,
  ) {
    const bought = await ports[port]?.(guestId, empty.limit, empty.offset);
    if (!bought) return { ...empty, available: false };
    return {
      ...empty,
      messengerMedia: bought.items,
      total: bought.total,
      hasMore: empty.offset + bought.items.length < bought.total,
      available: true,
    };
  }

  return {
    async videoSection(
      guestId: number,
      section: MediathekVideoSection,
      paging: Paging,
      country: Country,
    ): Promise<VideoSection> {
      const limit = paging.limit ?? MEDIATHEK_VIDEOS_PAGE_SIZE;
      const empty = { section, items: [], offset: paging.offset, limit, total: 0, hasMore: false };
      if (!isFilled(FILLED_VIDEO_SECTIONS, section)) return { ...empty, available: false };
      if (section === 'messenger') return messengerSection('messengerClips', guestId, empty);
      const { items, total } =
        section === 'shop'
          ? await repository.listed(guestId, 'videos', limit, paging.offset)
          : await repository.archived(guestId, 'video', limit, paging.offset);
      const at = new Map(items.map((item) => [item.id, item.at]));
      const rows = await tilesInOrder(
        items.map((item) => item.id),
        country,
      );
      const full = await watchable(guestId, rows);
      const videos: MediathekVideo[] = rows.map((row) => ({
        video: presentVideoTile(row),
        watchable: full.has(row.id),
        source: section === 'shop' ? 'purchased' : 'archived',
        origin: 'shop',
        at: (at.get(row.id) ?? new Date(0)).toISOString(),
      }));
      return {
        ...empty,
        items: videos,
        total,
        hasMore: paging.offset + items.length < total,
        available: true,
      };
    },

    async photoSection(
      guestId: number,
      section: MediathekPhotoSection,
      paging: Paging,
      country: Country,
    ): Promise<PhotoSection> {
      const limit = Math.min(paging.limit ?? MEDIATHEK_ALBUMS_PAGE_SIZE, MEDIATHEK_ALBUMS_PAGE_SIZE);
      const empty = {
        section,
        albums: [],
        pictures: [],
        offset: paging.offset,
        limit,
        total: 0,
        hasMore: false,
      };
      if (!isFilled(FILLED_PHOTO_SECTIONS, section)) return { ...empty, available: false };
      if (section === 'messenger') return messengerSection('messengerPhotos', guestId, empty);
      const listed =
        section === 'archive'
          ? await repository.archived(guestId, 'photo', limit, paging.offset)
          : await repository.listed(
              guestId,
              section === 'shop' ? 'boughtAlbums' : 'pinnedAlbums',
              limit,
              paging.offset,
            );
      const source = section === 'archive' ? 'archived' : section === 'shop' ? 'purchased' : 'pinned';
      const [albums, pictures] = await Promise.all([
        albumsOf(guestId, listed.items, source, country),
        section === 'pinned' && paging.offset === 0
          ? ports.pinnedPictures(guestId, country)
          : Promise.resolve([]),
      ]);
      return {
        ...empty,
        albums,
        pictures,
        total: listed.total,
        hasMore: paging.offset + listed.items.length < listed.total,
        available: true,
      };
    },

    /** Moves a bought video, or a bought or pinned album, to the archive (repeating it changes nothing). */
    async archive(guestId: number, mediaType: MediaType, itemId: number): Promise<{ archived: true }> {
      if (!(await repository.isListed(guestId, mediaType, itemId)))
        throw new AppError(
          'NOT_FOUND',
          `No such ${mediaType === 'video' ? 'video' : 'album'} in your media library`,
          404,
        );
      await repository.archive(guestId, mediaType, itemId);
      return { archived: true };
    },

    async restore(guestId: number, mediaType: MediaType, itemId: number): Promise<{ restored: true }> {
      if (!(await repository.restore(guestId, mediaType, itemId)))
        throw new AppError('NOT_FOUND', 'No such item in your archive', 404);
      return { restored: true };
    },

    async playlists(guestId: number) {
      const rows = await repository.playlists(guestId);
      return { playlists: rows.map(presentSummary), max: PLAYLISTS_MAX, itemsMax: PLAYLIST_ITEMS_MAX };
    },

    async createPlaylist(guestId: number, name: string): Promise<PlaylistSummary> {
      const id = await repository.inGuestLock(guestId, async (tx) => {
        if ((await repository.countPlaylists(tx, guestId)) >= PLAYLISTS_MAX)
          throw new AppError('LIMIT_EXCEEDED', `At most ${PLAYLISTS_MAX} playlists`, 409);
        return repository.createPlaylist(tx, guestId, name);
      });
      return presentSummary(await ownPlaylist(guestId, id));
    },

    async playlist(guestId: number, playlistId: number, country: Country): Promise<Playlist> {
      return presentPlaylist(await ownPlaylist(guestId, playlistId), country);
    },

    /**
     * Renames and/or reorders. The order must list exactly the playlist's videos the caller sees
     * (each once); videos not offered in the caller's country keep their place after them.
     */
    async savePlaylist(
      guestId: number,
      playlistId: number,
      change: { name?: string | undefined; videoIds?: number[] | undefined },
      country: Country,
    ): Promise<Playlist> {
      const row = await ownPlaylist(guestId, playlistId);
      let order: number[] | null = null;
      if (change.videoIds) {
        const stored = await repository.itemIds(row.id);
        const shown = new Set((await ports.videoTiles(stored, country)).map((video) => video.id));
        const visible = stored.filter((id) => shown.has(id));
        const given = new Set(change.videoIds);
        if (given.size !== visible.length || visible.some((id) => !given.has(id)))
          throw new AppError(
            'VALIDATION_ERROR',
            'videoIds must list exactly the videos of the playlist, each once (reload it and try again)',
            400,
          );
        order = [...change.videoIds, ...stored.filter((id) => !shown.has(id))];
      }
      await repository.inGuestLock(guestId, async (tx) => {
        // The playlist may have changed since it was read: check it again under the lock.
        if (!(await repository.playlist(guestId, playlistId, tx))) throw playlistNotFound();
        if (order) {
          const now = await repository.itemIds(playlistId, tx);
          if (now.length !== order.length || now.some((id) => !order.includes(id)))
            throw new AppError(
              'VALIDATION_ERROR',
              'The playlist changed meanwhile: reload it and try again',
              400,
            );
          await repository.reorder(tx, playlistId, order);
        }
        if (change.name !== undefined) await repository.rename(tx, playlistId, change.name);
      });
      return presentPlaylist(await ownPlaylist(guestId, playlistId), country);
    },

    async deletePlaylist(guestId: number, playlistId: number): Promise<{ deleted: true }> {
      if (!(await repository.deletePlaylist(guestId, playlistId))) throw playlistNotFound();
      return { deleted: true };
    },

    /** Adds a video the guest may watch in full (bought, free, VIP-included) at the end. */
    async addToPlaylist(
      guestId: number,
      playlistId: number,
      videoId: number,
      country: Country,
    ): Promise<PlaylistSummary> {
      await ownPlaylist(guestId, playlistId);
      const [video] = await ports.videoTiles([videoId], country);
      if (!video) throw new AppError('VIDEO_NOT_FOUND', 'No such video', 404);
      if (!(await watchable(guestId, [video])).has(videoId))
        throw new AppError('FORBIDDEN', 'Only videos you may watch in full go into a playlist', 403);
      await repository.inGuestLock(guestId, async (tx) => {
        const row = await repository.playlist(guestId, playlistId, tx);
        if (!row) throw playlistNotFound();
        if (row.itemCount >= PLAYLIST_ITEMS_MAX)
          throw new AppError('LIMIT_EXCEEDED', `At most ${PLAYLIST_ITEMS_MAX} videos in a playlist`, 409);
        if (!(await repository.addItem(tx, playlistId, videoId)))
          throw new AppError('CONFLICT', 'The video is already in this playlist', 409);
      });
      return presentSummary(await ownPlaylist(guestId, playlistId));
    },

    async removeFromPlaylist(guestId: number, playlistId: number, videoId: number): Promise<PlaylistSummary> {
      await repository.inGuestLock(guestId, async (tx) => {
        if (!(await repository.playlist(guestId, playlistId, tx))) throw playlistNotFound();
        if (!(await repository.removeItem(tx, playlistId, videoId)))
          throw new AppError('NOT_FOUND', 'The video is not in this playlist', 404);
      });
      return presentSummary(await ownPlaylist(guestId, playlistId));
    },
  };
}

export type MediathekService = ReturnType<typeof createMediathekService>;

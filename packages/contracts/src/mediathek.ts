/**
 * The media library of the guest area (spec 2 "media library videos (shop, pinned, playlist, archive,
 * feed, messenger, clips), photos (shop, pinned, archive, feed, messenger) and audio"; spec 3 "Media
 * library: media types video/photo; source purchased/pinned/archived; origin shop/chatclip"; issue 17
 * deliverable 6). Our own REST paths under /rest/v1 (the spec names none), declared once here
 * (decision 0032); the server registers them, the pages call them.
 *
 * What fills a section:
 * - videos/shop: the videos the guest bought (promotions' purchases), newest purchase first, without
 *   the archived ones; videos/archive: the bought videos the guest archived, newest first.
 * - photos/shop: the bought albums; photos/pinned: the pinned albums (favorites), and the pinned
 *   pictures; photos/archive: archived bought or pinned albums.
 * - videos/playlist: the guest's playlists (`playlists`), a playlist holds videos the guest may
 *   watch in full (bought, free, or included in the guest's VIP: @vela/domain/video-access).
 * - photos/messenger and videos/messenger: the photos and the clips the guest bought in the messenger
 *   (issue 19: paid media a performer sent in a channel), newest purchase first, in `messengerMedia`
 *   with URLs signed for the guest (the messenger module's, through the media library's ports).
 * - videos/pinned, videos/feed, videos/clips, photos/feed: no feature fills them yet (there is no
 *   video pin, no feed, no chat clips). Their answer
 *   is an empty list with `available: false` — never made-up content. Audio has no media type in
 *   spec 3 and no endpoint; its page says so.
 */
import { z } from 'zod';
import { PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { GalleryAlbumSchema, GalleryPictureSchema, LockedGalleryPictureSchema } from './gallery.ts';
import { MessengerClipFilesSchema } from './messenger.ts';
import { VideoTileSchema } from './tile-schemas.ts';

export const MEDIATHEK_VIDEO_SECTIONS = [
  'shop',
  'pinned',
  'playlist',
  'archive',
  'feed',
  'messenger',
  'clips',
] as const;
export type MediathekVideoSection = (typeof MEDIATHEK_VIDEO_SECTIONS)[number];
export const MEDIATHEK_PHOTO_SECTIONS = ['shop', 'pinned', 'archive', 'feed', 'messenger'] as const;
export type MediathekPhotoSection = (typeof MEDIATHEK_PHOTO_SECTIONS)[number];

/** The video sections a listing answers with items (the others are `available: false`; playlist has its own calls). */
export const FILLED_VIDEO_SECTIONS = [
  'shop',
  'archive',
  'messenger',
] as const satisfies readonly MediathekVideoSection[];
export const FILLED_PHOTO_SECTIONS = [
  'shop',
  'pinned',
  'archive',
  'messenger',
] as const satisfies readonly MediathekPhotoSection[];

/** Spec 2 search page size "mediathek 30": a page of videos. */
export const MEDIATHEK_VIDEOS_PAGE_SIZE = 30;
/** Spec 2 page size "photos 14" / "galleries 14": a page of albums. */
export const MEDIATHEK_ALBUMS_PAGE_SIZE = 14;
export const MEDIATHEK_MAX_OFFSET = 10_000;
/** Playlists per guest. */
export const PLAYLISTS_MAX = 50;
/** Videos per playlist. */
export const PLAYLIST_ITEMS_MAX = 500;
/** A playlist name: 1 to 80 characters after trimming (packages/db schema/mediathek.ts holds the same). */
export const PLAYLIST_NAME_MAX_LENGTH = 80;

const Id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const BodyId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const MediaTypeSchema = z.enum(['video', 'photo']);
export type MediaType = z.infer<typeof MediaTypeSchema>;
/** Spec 3 media library source and origin. */
export const MediaSourceSchema = z.enum(['purchased', 'pinned', 'archived']);
export const MediaOriginSchema = z.enum(['shop', 'chatclip']);

export const PlaylistNameSchema = z
  .string()
  .trim()
  .min(1, 'A playlist needs a name')
  .max(PLAYLIST_NAME_MAX_LENGTH, `A playlist name has at most ${PLAYLIST_NAME_MAX_LENGTH} characters`)
  .refine((name) => !/\p{Cc}/u.test(name), 'A playlist name is one line without control characters');

/** A video as the media library shows it: the tile, whether the guest may watch it in full, and where it comes from. */
export const MediathekVideoSchema = z.object({
  video: VideoTileSchema,
  /** The guest may watch it in full (bought, free or included in VIP): it may go into a playlist. */
  watchable: z.boolean(),
  source: MediaSourceSchema,
  origin: MediaOriginSchema,
  /** When it was bought (shop) or archived (archive). */
  at: z.string(),
});
export type MediathekVideo = z.infer<typeof MediathekVideoSchema>;

export const MediathekAlbumSchema = z.object({
  album: GalleryAlbumSchema,
  source: MediaSourceSchema,
  origin: MediaOriginSchema,
  /** Where it came from before it was archived (purchased or pinned). */
  from: z.enum(['purchased', 'pinned']),
  at: z.string(),
});
export type MediathekAlbum = z.infer<typeof MediathekAlbumSchema>;

const PinnedFields = { albumId: z.number(), pinnedAt: z.string() };
/** A pinned picture: open (URLs signed for the caller) or locked (its album not bought), as the gallery shows it. */
export const PinnedPictureSchema = z.discriminatedUnion('locked', [
  GalleryPictureSchema.extend(PinnedFields),
  LockedGalleryPictureSchema.extend(PinnedFields),
]);
export type PinnedPicture = z.infer<typeof PinnedPictureSchema>;

const PageFields = {
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
  /** false: no feature fills this section yet; the list is empty on purpose. */
  available: z.boolean(),
};

/**
 * A photo or clip bought in the messenger (issue 19): which, from whom, for what, and its URL signed for
 * the guest (a clip: its HLS playlist, with its poster and thumbnails in `clip`).
 */
export const MediathekMessengerMediaSchema = z.object({
  mediaId: z.string(),
  channelId: z.string(),
  actorId: z.number().int(),
  /** The performer's name ('' when the performer is gone). */
  actorName: z.string(),
  kind: z.enum(['photo', 'clip']),
  price: PriceSchema,
  url: z.string(),
  /** A clip's poster and thumbnails (signed like `url`); null for a photo. */
  clip: MessengerClipFilesSchema.nullable(),
  /** When it was bought. */
  at: z.string(),
});
export type MediathekMessengerMedia = z.infer<typeof MediathekMessengerMediaSchema>;

export const VideoSectionSchema = z.object({
  section: z.enum(MEDIATHEK_VIDEO_SECTIONS),
  items: z.array(MediathekVideoSchema),
  /** The clips bought in the messenger (messenger section); absent elsewhere. */
  messengerMedia: z.array(MediathekMessengerMediaSchema).optional(),
  ...PageFields,
});
export type VideoSection = z.infer<typeof VideoSectionSchema>;

export const PhotoSectionSchema = z.object({
  section: z.enum(MEDIATHEK_PHOTO_SECTIONS),
  albums: z.array(MediathekAlbumSchema),
  /** The pinned pictures (pinned section, first page only); empty elsewhere. */
  pictures: z.array(PinnedPictureSchema),
  /** The photos bought in the messenger (messenger section); absent elsewhere. */
  messengerMedia: z.array(MediathekMessengerMediaSchema).optional(),
  ...PageFields,
});
export type PhotoSection = z.infer<typeof PhotoSectionSchema>;

export const SectionQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(MEDIATHEK_MAX_OFFSET).default(0),
  limit: z.coerce.number().int().min(1).max(MEDIATHEK_VIDEOS_PAGE_SIZE).optional(),
});

export const PlaylistSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number().int(),
  itemCount: z.number().int(),
  updatedAt: z.string(),
});
export type PlaylistSummary = z.infer<typeof PlaylistSummarySchema>;

export const PlaylistItemSchema = z.object({
  video: VideoTileSchema,
  position: z.number().int(),
});
export const PlaylistSchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number().int(),
  updatedAt: z.string(),
  /** In the playlist's order. A video no longer offered in the caller's country is left out. */
  items: z.array(PlaylistItemSchema),
});
export type Playlist = z.infer<typeof PlaylistSchema>;
export type PlaylistItem = z.infer<typeof PlaylistItemSchema>;

export const PlaylistsSchema = z.object({
  playlists: z.array(PlaylistSummarySchema),
  max: z.number().int(),
  itemsMax: z.number().int(),
});

const PlaylistParams = z.object({ playlistId: Id });

/**
 * Rename and/or reorder in one call. `videoIds` is the whole new order: exactly the playlist's videos,
 * each once (otherwise 400 and nothing changes).
 */
export const SavePlaylistSchema = z
  .object({
    name: PlaylistNameSchema.optional(),
    videoIds: z.array(BodyId).max(PLAYLIST_ITEMS_MAX).optional(),
  })
  .strict()
  .refine((b) => b.name !== undefined || b.videoIds !== undefined, { message: 'Nothing to save' })
  .refine((b) => !b.videoIds || new Set(b.videoIds).size === b.videoIds.length, {
    message: 'A video appears twice in the order',
    path: ['videoIds'],
  });
export type SavePlaylist = z.infer<typeof SavePlaylistSchema>;

export const ArchiveItemSchema = z.object({ mediaType: MediaTypeSchema, itemId: BodyId }).strict();

const NOT_FOUND_ERRORS = ['NOT_LOGGED_IN', 'NOT_FOUND'] as const;

export const mediathekEndpoints = {
  videoSection: defineEndpoint({
    method: 'GET',
    path: 'mediathek/videos/:section',
    params: z.object({ section: z.enum(MEDIATHEK_VIDEO_SECTIONS) }),
    query: SectionQuerySchema,
    response: VideoSectionSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  photoSection: defineEndpoint({
    method: 'GET',
    path: 'mediathek/photos/:section',
    params: z.object({ section: z.enum(MEDIATHEK_PHOTO_SECTIONS) }),
    query: SectionQuerySchema,
    response: PhotoSectionSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  playlists: defineEndpoint({
    method: 'GET',
    path: 'mediathek/playlists',
    response: PlaylistsSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  createPlaylist: defineEndpoint({
    method: 'POST',
    path: 'mediathek/playlists',
    body: z.object({ name: PlaylistNameSchema }).strict(),
    response: PlaylistSummarySchema,
    status: 201,
    errors: ['NOT_LOGGED_IN', 'LIMIT_EXCEEDED'],
  }),
  playlist: defineEndpoint({
    method: 'GET',
    path: 'mediathek/playlists/:playlistId',
    params: PlaylistParams,
    response: PlaylistSchema,
    errors: NOT_FOUND_ERRORS,
  }),
  savePlaylist: defineEndpoint({
    method: 'POST',
    path: 'mediathek/playlists/:playlistId',
    params: PlaylistParams,
    body: SavePlaylistSchema,
    response: PlaylistSchema,
    errors: NOT_FOUND_ERRORS,
  }),
  deletePlaylist: defineEndpoint({
    method: 'DELETE',
    path: 'mediathek/playlists/:playlistId',
    params: PlaylistParams,
    response: z.object({ deleted: z.literal(true) }),
    errors: NOT_FOUND_ERRORS,
  }),
  addToPlaylist: defineEndpoint({
    method: 'POST',
    path: 'mediathek/playlists/:playlistId/items',
    params: PlaylistParams,
    body: z.object({ videoId: BodyId }).strict(),
    response: PlaylistSummarySchema,
    errors: ['NOT_LOGGED_IN', 'NOT_FOUND', 'VIDEO_NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'LIMIT_EXCEEDED'],
  }),
  removeFromPlaylist: defineEndpoint({
    method: 'DELETE',
    path: 'mediathek/playlists/:playlistId/items/:videoId',
    params: z.object({ playlistId: Id, videoId: Id }),
    response: PlaylistSummarySchema,
    errors: NOT_FOUND_ERRORS,
  }),
  archive: defineEndpoint({
    method: 'POST',
    path: 'mediathek/archive',
    body: ArchiveItemSchema,
    response: z.object({ archived: z.literal(true) }),
    errors: NOT_FOUND_ERRORS,
  }),
  restore: defineEndpoint({
    method: 'DELETE',
    path: 'mediathek/archive/:mediaType/:itemId',
    params: z.object({ mediaType: MediaTypeSchema, itemId: Id }),
    response: z.object({ restored: z.literal(true) }),
    errors: NOT_FOUND_ERRORS,
  }),
};

/**
 * Photos (issue 5 deliverable 4): albums, pictures, sedcards, ratings and album comments.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 *
 * Wire values of a guest rating (spec 7 `guestRating`): 1 = like, -1 = dislike, 0 = none (take
 * the rating back). Every rating answer carries the four spec 3 fields guestRatingLikes,
 * guestRatingDislikes, isLiked and isDisliked, and the client overwrites its counts and flags with
 * them (spec 4 "rating responses overwrite counts and flags").
 */
import { z } from 'zod';
import type { ImageRef, Language, Price } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** 1 like, -1 dislike, 0 none. */
export const GuestRatingSchema = z.union([z.literal(1), z.literal(-1), z.literal(0)]);
export type GuestRatingValue = z.infer<typeof GuestRatingSchema>;

const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** POST gallery/setGuestRating. */
export const SetAlbumRatingRequestSchema = z.object({ albumId: Id, guestRating: GuestRatingSchema });
/** POST gallery/setPictureGuestRating. */
export const SetPictureRatingRequestSchema = z.object({ pictureId: Id, guestRating: GuestRatingSchema });
/** POST gallery/setSedcardsGuestRating/:actorId. */
export const SetSedcardRatingRequestSchema = z.object({ guestRating: GuestRatingSchema });
export const ActorIdParamsSchema = z.object({ actorId: Id });
export const AlbumIdQuerySchema = z.object({ albumId: Id });

/** The four rating fields of spec 3 (album, picture, sedcard). */
export const RatingFieldsSchema = z.object({
  guestRatingLikes: z.number().int().nonnegative(),
  guestRatingDislikes: z.number().int().nonnegative(),
  isLiked: z.boolean(),
  isDisliked: z.boolean(),
});
export type RatingFieldsData = z.infer<typeof RatingFieldsSchema>;

/** Spec 9: album comments limit 500 (default and maximum). */
export const ALBUM_COMMENTS_LIMIT = 500;
export const COMMENT_TEXT_MAX = 1000;

/** GET gallery/getComments?albumId&limit&offset. */
export const GetCommentsQuerySchema = z.object({
  albumId: Id,
  limit: z.coerce.number().int().min(1).max(ALBUM_COMMENTS_LIMIT).default(ALBUM_COMMENTS_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** POST gallery/postComment. The text is sanitized on the server (trimmed, control characters removed, 1-1000). */
export const PostCommentRequestSchema = z.object({
  albumId: Id,
  // Raw input may be longer before sanitizing; the stored text is at most 1000 characters.
  commentText: z.string().max(4 * COMMENT_TEXT_MAX),
});

export const AlbumCommentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  guestName: z.string(),
  /** The caller wrote it. */
  isOwn: z.boolean(),
});
export type AlbumComment = z.infer<typeof AlbumCommentSchema>;

/** Spec 3 album comments: list, total, isGuestAllowedToCommentAlbum. */
export const AlbumCommentsSchema = z.object({
  list: z.array(AlbumCommentSchema),
  total: z.number().int().nonnegative(),
  isGuestAllowedToCommentAlbum: z.boolean(),
});
export type AlbumComments = z.infer<typeof AlbumCommentsSchema>;

/** Answer of POST gallery/postComment: the new comment, the new total, and that the guest may not comment again. */
export const PostCommentResponseSchema = z.object({
  comment: AlbumCommentSchema,
  total: z.number().int().nonnegative(),
  isGuestAllowedToCommentAlbum: z.literal(false),
});

/**
 * Spec 3 gallery album. `price` in EUR cents (shown in coins, spec 9). A type, not an interface: the
 * `gallery/open` answer declares only some fields and passes the rest (an object type fits that).
 */
export type GalleryAlbum = RatingFieldsData & {
  id: number;
  title: string;
  type: 'image' | 'video';
  price: Price;
  actor: { id: number; name: string; slug: string };
  albumTotalViews: number;
  commentCount: number;
  pictureCount: number;
  cover: ImageRef;
  createdAt: string;
  /** The caller bought it (purchases); false for visitors. */
  isBought: boolean;
};

export interface GalleryPicture extends RatingFieldsData {
  id: number;
  position: number;
  image: ImageRef;
}

/** Spec 3 sedcard: the rating fields plus photos. */
export interface Sedcard extends RatingFieldsData {
  actor: { id: number; name: string; slug: string; avatar: ImageRef };
  photos: { id: number; albumId: number | null; image: ImageRef }[];
}

/** Answer of gallery/open: the album, and whether this call recorded a view. */
export const OpenAlbumResponseSchema = z.object({
  album: z.object({ id: z.number().int(), albumTotalViews: z.number().int().nonnegative() }).passthrough(),
  viewRecorded: z.boolean(),
});

/** The album page /:lang/amateur/:actorName/pictures/:albumId/. */
export interface AlbumPageData {
  album: GalleryAlbum;
  actor: { id: number; name: string; slug: string; avatar: ImageRef; isOnline: boolean };
  sedcard: RatingFieldsData;
  pictures: GalleryPicture[];
  comments: AlbumComments;
}

/** The album of an actor the caller is blocked from (spec 6 banned countries): the page answers 451. */
export interface AlbumPageBlocked {
  blocked: true;
}

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
export interface GalleryPageServices {
  /**
   * The album page for a viewer (null: a visitor) from `country` (the edge header, null unknown).
   * Null when the album is unknown or belongs to another actor (`actorName` compared lower-cased);
   * blocked when the caller's country is one of the actor's banned countries.
   */
  albumPage(
    lang: Language,
    actorName: string,
    albumId: number,
    guestId: number | null,
    country: string | null,
  ): Promise<AlbumPageData | AlbumPageBlocked | null>;
}

const BLOCKED = 'ACTOR_BLOCKED_IN_COUNTRY';
const openAlbum = {
  response: OpenAlbumResponseSchema,
  errors: ['ALBUM_NOT_FOUND', BLOCKED],
} as const;

/**
 * The album page's calls (decision 0032). Every answer depends on the caller's country (spec 6
 * banned countries: 403 ACTOR_BLOCKED_IN_COUNTRY). `gallery/getPreview`, `gallery/getsedcards` and
 * `gallery/getPinnedPhotos` answer shapes that have no schema yet and are not declared here.
 */
export const galleryEndpoints = {
  /** The album; records a view for a logged-in guest (once). */
  open: defineEndpoint({ method: 'GET', path: 'gallery/open', query: AlbumIdQuerySchema, ...openAlbum }),
  openByPost: defineEndpoint({
    method: 'POST',
    path: 'gallery/open',
    body: AlbumIdQuerySchema,
    ...openAlbum,
  }),
  rateAlbum: defineEndpoint({
    method: 'POST',
    path: 'gallery/setGuestRating',
    body: SetAlbumRatingRequestSchema,
    response: RatingFieldsSchema,
    errors: ['NOT_LOGGED_IN', 'ALBUM_NOT_FOUND', BLOCKED],
  }),
  ratePicture: defineEndpoint({
    method: 'POST',
    path: 'gallery/setPictureGuestRating',
    body: SetPictureRatingRequestSchema,
    response: RatingFieldsSchema,
    errors: ['NOT_LOGGED_IN', 'PICTURE_NOT_FOUND', BLOCKED],
  }),
  rateSedcard: defineEndpoint({
    method: 'POST',
    path: 'gallery/setSedcardsGuestRating/:actorId',
    params: ActorIdParamsSchema,
    body: SetSedcardRatingRequestSchema,
    response: RatingFieldsSchema,
    errors: ['NOT_LOGGED_IN', 'ACTOR_NOT_FOUND', BLOCKED],
  }),
  comments: defineEndpoint({
    method: 'GET',
    path: 'gallery/getComments',
    query: GetCommentsQuerySchema,
    response: AlbumCommentsSchema,
    errors: ['ALBUM_NOT_FOUND', BLOCKED],
  }),
  /** Once per album and guest. */
  postComment: defineEndpoint({
    method: 'POST',
    path: 'gallery/postComment',
    body: PostCommentRequestSchema,
    response: PostCommentResponseSchema,
    status: 201,
    errors: [
      'NOT_LOGGED_IN',
      'ALBUM_NOT_FOUND',
      BLOCKED,
      'ALREADY_COMMENTED',
      'COMMENT_EMPTY',
      'COMMENT_TOO_LONG',
    ],
  }),
};

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
import { type ImageRef, ImageRefSchema, type Language, type Price, PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ActorRefSchema } from './tile-schemas.ts';

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

/**
 * URLs of one album picture in the three sizes of spec 9, signed for the caller and expiring
 * (issue 17 deliverable 3): `/media/pictures/<pictureId>/<size>.webp?t=<token>`. The pool file
 * behind a picture is never served directly under /media/.
 */
export interface PictureUrls {
  w320: string;
  w640: string;
  w1280: string;
}

/** An album picture the caller may see: its signed URLs (a preview picture, or any of a bought or free album). */
export interface GalleryPicture extends RatingFieldsData {
  id: number;
  position: number;
  image: ImageRef;
  locked: false;
  urls: PictureUrls;
}

/** An album picture beyond the preview of an album the caller has not bought: no key, no URL. */
export interface LockedGalleryPicture {
  id: number;
  position: number;
  locked: true;
  /** Aspect ratio width / height, so the locked tile keeps the picture's shape. */
  aspect: number;
}

/** An entry of an album's picture list: open (signed URLs) or locked. */
export type AlbumPicture = GalleryPicture | LockedGalleryPicture;

/** Spec 3 sedcard: the rating fields plus photos. */
export interface Sedcard extends RatingFieldsData {
  actor: { id: number; name: string; slug: string; avatar: ImageRef };
  /**
   * The avatar (id 0, public: `urls` null) and the actor's album pictures everyone may see (each
   * album's preview pictures and the pictures of free albums), with URLs signed for the caller.
   */
  photos: { id: number; albumId: number | null; image: ImageRef; urls: PictureUrls | null }[];
}

/** The album page /:lang/amateur/:actorName/pictures/:albumId/. */
export interface AlbumPageData {
  album: GalleryAlbum;
  actor: { id: number; name: string; slug: string; avatar: ImageRef; isOnline: boolean };
  sedcard: RatingFieldsData;
  /** Every picture by position: open ones with signed URLs, the rest locked (album-access.ts). */
  pictures: AlbumPicture[];
  /** The album's age rating: the highest of its pictures' (16 without pictures); the buy button's. */
  ageRating: 16 | 18;
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

/** gallery/getsedcards: photos per call, unless the payload asks for another number. */
export const SEDCARD_PHOTOS_DEFAULT = 12;
export const SEDCARD_PHOTOS_MAX = 60;

/** The sedcard options in `{payload}` (URL-encoded JSON): how many photos from where, up to which age rating. */
const SedcardOptionsSchema = z.object({
  limit: z.coerce.number().int().min(1).max(SEDCARD_PHOTOS_MAX).default(SEDCARD_PHOTOS_DEFAULT),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  ageRating: z.union([z.literal(16), z.literal(18)]).default(18),
});

/**
 * gallery/getsedcards/:actorIdOrName[/:payload]: digits are an id, anything else a slug (compared
 * lower-cased). The payload's issues are named by their own field (`limit: ...`), a payload that
 * is not JSON `payload: not URL-encoded JSON`.
 */
export const SedcardParamsSchema = z
  .object({
    actorIdOrName: z.string().trim().min(1).max(64),
    payload: z.string().max(512).optional(),
  })
  .transform(({ actorIdOrName, payload }, ctx) => {
    let raw: unknown = {};
    if (payload !== undefined && payload !== '') {
      try {
        raw = JSON.parse(payload);
      } catch {
        ctx.addIssue({ code: 'custom', path: ['payload'], message: 'not URL-encoded JSON' });
        return z.NEVER;
      }
    }
    const options = SedcardOptionsSchema.safeParse(raw);
    if (!options.success) {
      for (const issue of options.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
      return z.NEVER;
    }
    const id = /^\d+$/.test(actorIdOrName) ? Number(actorIdOrName) : null;
    if (id !== null && !Number.isSafeInteger(id)) {
      ctx.addIssue({ code: 'custom', path: ['actorIdOrName'], message: 'not an id' });
      return z.NEVER;
    }
    const { ageRating, limit, offset } = options.data;
    return {
      actor: id === null ? { slug: actorIdOrName.toLowerCase() } : { id },
      options: { maxAgeRating: ageRating, limit, offset },
    };
  });

// --- answers (each `satisfies` the presented type: a field missing here would be stripped) -------

export const GalleryAlbumSchema = z.object({
  ...RatingFieldsSchema.shape,
  id: z.number(),
  title: z.string(),
  type: z.enum(['image', 'video']),
  price: PriceSchema,
  actor: ActorRefSchema,
  albumTotalViews: z.number(),
  commentCount: z.number(),
  pictureCount: z.number(),
  cover: ImageRefSchema,
  createdAt: z.string(),
  isBought: z.boolean(),
}) satisfies z.ZodType<GalleryAlbum>;

export const PictureUrlsSchema = z.object({
  w320: z.string(),
  w640: z.string(),
  w1280: z.string(),
}) satisfies z.ZodType<PictureUrls>;

export const GalleryPictureSchema = z.object({
  ...RatingFieldsSchema.shape,
  id: z.number(),
  position: z.number(),
  image: ImageRefSchema,
  locked: z.literal(false),
  urls: PictureUrlsSchema,
}) satisfies z.ZodType<GalleryPicture>;

export const LockedGalleryPictureSchema = z.object({
  id: z.number(),
  position: z.number(),
  locked: z.literal(true),
  aspect: z.number(),
}) satisfies z.ZodType<LockedGalleryPicture>;

export const AlbumPictureSchema = z.discriminatedUnion('locked', [
  GalleryPictureSchema,
  LockedGalleryPictureSchema,
]) satisfies z.ZodType<AlbumPicture>;

/**
 * Answer of gallery/open: the album, whether this call recorded a view, and its pictures (open ones
 * with URLs signed for the caller, the rest locked; after a purchase all open at once).
 */
export const OpenAlbumResponseSchema = z.object({
  album: z.object({ id: z.number().int(), albumTotalViews: z.number().int().nonnegative() }).passthrough(),
  viewRecorded: z.boolean(),
  pictures: z.array(AlbumPictureSchema),
});

/** gallery/getPreview: the album, its cover and its first 4 pictures (open or locked). */
export const AlbumPreviewSchema = z.object({
  album: GalleryAlbumSchema,
  cover: ImageRefSchema,
  pictures: z.array(AlbumPictureSchema),
});

export const SedcardSchema = z.object({
  ...RatingFieldsSchema.shape,
  actor: ActorRefSchema.extend({ avatar: ImageRefSchema }),
  photos: z.array(
    z.object({
      id: z.number(),
      albumId: z.number().nullable(),
      image: ImageRefSchema,
      urls: PictureUrlsSchema.nullable(),
    }),
  ),
}) satisfies z.ZodType<Sedcard>;

const BLOCKED = 'ACTOR_BLOCKED_IN_COUNTRY';
const openAlbum = {
  response: OpenAlbumResponseSchema,
  errors: ['ALBUM_NOT_FOUND', BLOCKED],
} as const;

/**
 * The album page's calls (decision 0032). Every answer depends on the caller's country (spec 6
 * banned countries: 403 ACTOR_BLOCKED_IN_COUNTRY). `gallery/getPinnedPhotos` answers a shape that
 * has no schema yet and is not declared here.
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
  /** The cover and the first 4 pictures. */
  preview: defineEndpoint({
    method: 'GET',
    path: 'gallery/getPreview',
    query: AlbumIdQuerySchema,
    response: AlbumPreviewSchema,
    errors: ['ALBUM_NOT_FOUND', BLOCKED],
  }),
  /** The sedcard's rating fields and the actor's photos (the avatar first on the first page). */
  sedcards: defineEndpoint({
    method: 'GET',
    path: 'gallery/getsedcards/:actorIdOrName',
    params: SedcardParamsSchema,
    response: SedcardSchema,
    errors: ['ACTOR_NOT_FOUND', BLOCKED],
  }),
  sedcardsWithPayload: defineEndpoint({
    method: 'GET',
    path: 'gallery/getsedcards/:actorIdOrName/:payload',
    params: SedcardParamsSchema,
    response: SedcardSchema,
    errors: ['ACTOR_NOT_FOUND', BLOCKED],
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

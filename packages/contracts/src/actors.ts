/**
 * The actor profile and its tabs (issue 5 deliverable 2): actor data, chat ratings, heat maps, interviews, SEO per tag group, recommendations, notes, banned countries.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 */
import { z } from 'zod';
import { ACTOR_NOTE_MAX_LENGTH } from './actor-note.ts';
import { type ImageRef, ImageRefSchema, type Language, type Price, PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import type { ActorPrices, ActorProfileData, ActorTile, SeoText, VideoTile } from './pages.ts';
import { SeoTextSchema, VideoTileSchema } from './tile-schemas.ts';

/** Spec 2: a tab lists 30 videos per page. */
export const ACTOR_VIDEOS_PAGE_SIZE = 30;
/** Spec 3 top videos: the actor's best selling of the last 9 months (spec 9). */
export const TOP_VIDEOS_MONTHS = 9;
export const TOP_VIDEOS_COUNT = 10;
/** Video recommendations per group (spec 9: model recommendations default 4, grids of 8). */
export const RECOMMENDATIONS_COUNT = 8;
/** Spec 9: interview image size 720. */
export const INTERVIEW_IMAGE_SIZE = 720;
/** The hover preview shows the 4 newest album covers. */
export const PROFILE_PREVIEW_COVERS = 4;
export { ACTOR_NOTE_MAX_LENGTH } from './actor-note.ts';

/** Positive database ids in URL parameters. */
export const ActorIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** storeActorNote POST body (spec 7: actorId, comment). */
export const StoreActorNoteSchema = z
  .object({
    actorId: z
      .union([z.number(), z.string().regex(/^\d{1,10}$/)])
      .transform(Number)
      .pipe(z.number().int().positive().max(2_147_483_647)),
    comment: z.string().max(ACTOR_NOTE_MAX_LENGTH),
  })
  .strict();
export type StoreActorNoteReq = z.infer<typeof StoreActorNoteSchema>;

export const ActorNoteSchema = z.object({
  actorId: z.number(),
  comment: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ActorNote = z.infer<typeof ActorNoteSchema>;

/** Availability flags of spec 3 actor data (getActorStateById). */

export interface ActorState {
  actorId: number;
  isOnline: boolean;
  freeChat: boolean;
  isOnlineMobileVideocall: boolean;
  isCurrentlyTicketShow: boolean;
  isLivePreviewEnabled: boolean;
  isVoyeurChatAvailable: boolean;
}

/** Actor data of spec 3 (getActorDataByIdOrName). */
export interface ActorData extends ActorState {
  id: number;
  name: string;
  slug: string;
  age: number;
  avatar: ImageRef;
  bannedCountryCodes: string[];
  prices: ActorPrices;
  multiChatPrice: Price;
  singleC2CChatPrice: Price;
  /** Spec 3: the performer is available for a conversion chat (issue 18, decision 0047). */
  isActorAvailableForConversionChat?: boolean;
  /** Spec 3: the performer is in a voice call now (issue 18, decision 0051). */
  isVoicecallActive?: boolean;
}

/** Spec 3 chat ratings; satisfactionRate (percent satisfied) is null below 10 ratings (spec 5/9). */
export interface ChatRatings {
  actorId: number;
  lastNinetyDays: { countRatings: number; satisfactionRate: number | null };
}

/** Spec 3 heat maps: 7 rows (Monday first) of 24 hourly values 0-100, Berlin time. */
export interface HeatMap {
  actorId: number;
  actorName: string;
  heatMaps: number[][];
  hoursToBeOnline: number[];
  memo: string | null;
}

export interface Interview {
  id: number;
  title: string;
  image: ImageRef;
  /** Spec 9: interview image size 720. */
  imageSize: number;
  /** Seconds (spec 9). */
  duration: number;
  publishedAt: string;
}

export interface VideoRecommendations {
  fromSameActor: VideoTile[];
  fromDifferentActor: VideoTile[];
}

export interface ActorAlbumTile {
  id: number;
  type: 'image' | 'video';
  title: string;
  price: Price;
  likes: number;
  dislikes: number;
  cover: ImageRef;
  createdAt: string;
}

/** A cam show as the actor profile lists it (spec 3 chat ticket/show fields). */
export interface ActorCamShow {
  id: number;
  title: string;
  description: string;
  /** ISO instants; pages show them in Europe/Berlin. */
  start: string;
  end: string;
  price: Price;
  isFree: boolean;
  isFeatured: boolean;
  hasStarted: boolean;
}

/** Hover preview (phoenix/get_profile_preview). */
export interface ProfilePreview {
  id: number;
  name: string;
  slug: string;
  avatar: ImageRef;
  isOnline: boolean;
  age: number;
  albumCovers: ImageRef[];
}

/** The profile header every tab shows. */
export interface ActorHeader {
  id: number;
  name: string;
  slug: string;
  avatar: ImageRef;
  age: number;
  isOnline: boolean;
  freeChat: boolean;
  isOnlineMobileVideocall: boolean;
  isCurrentlyTicketShow: boolean;
  chatPrice: Price;
  /** The actor's video tag groups (tags of their videos), for the tag tabs. */
  tagGroups: string[];
  videoCount: number;
  albumCount: number;
}

/** A profile page: the header and the tab's data, or blocked (spec 6 banned country: 451). */
export type ActorPageResult<T> =
  | { status: 'ok'; header: ActorHeader; seo: SeoText; data: T }
  | { status: 'blocked' }
  | null;

export interface ActorAboutData {
  profile: ActorProfileData['actor'];
  state: ActorData;
  chatRatings: ChatRatings;
  heatMap: HeatMap | null;
  interviews: Interview[];
  promotedVideo: VideoTile | null;
  topVideos: VideoTile[];
  albums: ActorAlbumTile[];
  recommendations: VideoRecommendations;
}

export type ActorVideoFilter = { kind: 'all' } | { kind: 'classic' } | { kind: 'tag'; tagGroup: string };

export interface ActorVideosData {
  filter: ActorVideoFilter;
  videos: VideoTile[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface ActorLiveShowData {
  /** Live now: online, or a cam show running. */
  isLiveNow: boolean;
  shows: ActorCamShow[];
}

export interface ActorTopCamsData {
  /** Online performers sharing a category with this actor, best ranked first. */
  performers: ActorTile[];
}

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
export interface ActorPageServices {
  /** `country`: the caller's ISO country from the edge header (null unknown). */
  actorAboutPage(
    lang: Language,
    actorName: string,
    country: string | null,
  ): Promise<ActorPageResult<ActorAboutData>>;
  /** null also when the tag group is not one of the actor's, or the page is past the end. */
  actorVideosPage(
    lang: Language,
    actorName: string,
    country: string | null,
    filter: ActorVideoFilter,
    page: number,
  ): Promise<ActorPageResult<ActorVideosData>>;
  actorLiveShowPage(
    lang: Language,
    actorName: string,
    country: string | null,
  ): Promise<ActorPageResult<ActorLiveShowData>>;
  actorTopCamsPage(
    lang: Language,
    actorName: string,
    country: string | null,
  ): Promise<ActorPageResult<ActorTopCamsData>>;
}

// --- the REST answers (decision 0032) -------------------------------------------------------------
// Each schema `satisfies` the interface the server presents, so a field missing here (which the
// route would strip from the answer) fails the typecheck; the handler's typed answer catches the rest.

export const ActorStateSchema = z.object({
  actorId: z.number(),
  isOnline: z.boolean(),
  freeChat: z.boolean(),
  isOnlineMobileVideocall: z.boolean(),
  isCurrentlyTicketShow: z.boolean(),
  isLivePreviewEnabled: z.boolean(),
  isVoyeurChatAvailable: z.boolean(),
}) satisfies z.ZodType<ActorState>;

export const ActorDataSchema = z.object({
  ...ActorStateSchema.shape,
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  age: z.number(),
  avatar: ImageRefSchema,
  bannedCountryCodes: z.array(z.string()),
  prices: z.object({
    video: PriceSchema,
    singlec2c: PriceSchema,
    single: PriceSchema,
    voyeur: PriceSchema,
    message: PriceSchema,
    voucherChatMinutes: z.number(),
    freeMessages: z.number(),
  }) satisfies z.ZodType<ActorPrices>,
  multiChatPrice: PriceSchema,
  singleC2CChatPrice: PriceSchema,
  isActorAvailableForConversionChat: z.boolean().optional(),
  isVoicecallActive: z.boolean().optional(),
}) satisfies z.ZodType<ActorData>;

export const ProfilePreviewSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  avatar: ImageRefSchema,
  isOnline: z.boolean(),
  age: z.number(),
  albumCovers: z.array(ImageRefSchema),
}) satisfies z.ZodType<ProfilePreview>;

/** The actor's discounted videos (sales/actor), a page of them. */
export const ActorSalesSchema = z.object({
  videos: z.array(VideoTileSchema),
  offset: z.number(),
  limit: z.number(),
  hasMore: z.boolean(),
});

// --- the REST calls of spec 7 ---------------------------------------------------------------------

const ActorIdParams = z.object({ actorId: ActorIdSchema });
/** An id (digits) or a name; names are compared lower-cased (spec 5). */
const ActorIdOrNameParams = z.object({
  actorIdOrName: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((v) => !/^\d+$/.test(v) || ActorIdSchema.safeParse(v).success, 'actorIdOrName: not a valid id'),
});
const TagGroupSchema = z.string().trim().min(1).max(100);
/** The language of the SEO text; one the site does not have falls back to en (the handler decides). */
const SeoQuery = z.object({ lang: z.string().optional() });

/** Every call resolves the actor first: unknown 404, a caller from a banned country 403. */
const ACTOR_ERRORS = ['ACTOR_NOT_FOUND', 'ACTOR_BLOCKED_IN_COUNTRY'] as const;

export const actorEndpoints = {
  /** Spec 3 actor data (an optional `qmday` is ignored). */
  actorData: defineEndpoint({
    method: 'GET',
    path: 'actor/getActorDataByIdOrName/:actorIdOrName',
    params: ActorIdOrNameParams,
    response: ActorDataSchema,
    errors: ACTOR_ERRORS,
  }),
  actorState: defineEndpoint({
    method: 'GET',
    path: 'actor/getActorStateById/:actorId',
    params: ActorIdParams,
    response: ActorStateSchema,
    errors: ACTOR_ERRORS,
  }),
  previewImage: defineEndpoint({
    method: 'GET',
    path: 'actor/getActorPreviewImage/:actorIdOrName',
    params: ActorIdOrNameParams,
    response: z.object({ actorId: z.number(), image: ImageRefSchema }),
    errors: ACTOR_ERRORS,
  }),
  promotedVideo: defineEndpoint({
    method: 'GET',
    path: 'gallery/getpromotedvideo/:actorId',
    params: ActorIdParams,
    response: z.object({ video: VideoTileSchema.nullable() }),
    errors: ACTOR_ERRORS,
  }),
  /** Best selling of the last 9 months (spec 9). */
  topVideos: defineEndpoint({
    method: 'GET',
    path: 'gallery/getTopVideos/:actorIdOrName',
    params: ActorIdOrNameParams,
    response: z.object({ videos: z.array(VideoTileSchema) }),
    errors: ACTOR_ERRORS,
  }),
  /** The actor's discounted videos, newest first. */
  sales: defineEndpoint({
    method: 'GET',
    path: 'sales/actor/:actorId',
    params: ActorIdParams,
    query: z.object({ offset: z.coerce.number().int().min(0).max(10_000).default(0) }),
    response: ActorSalesSchema,
    errors: ACTOR_ERRORS,
  }),
  /** SEO text of the actor (stored or generated). */
  seoContent: defineEndpoint({
    method: 'GET',
    path: 'seo/getActorSeoContent/:actorId',
    params: ActorIdParams,
    query: SeoQuery,
    response: SeoTextSchema,
    errors: ACTOR_ERRORS,
  }),
  /** SEO text of one of the actor's tag groups; a tag group the actor has no video with is 404. */
  seoContentOfTagGroup: defineEndpoint({
    method: 'GET',
    path: 'seo/getActorSeoContent/:actorId/:tagGroup',
    params: z.object({ actorId: ActorIdSchema, tagGroup: TagGroupSchema }),
    query: SeoQuery,
    response: SeoTextSchema,
    errors: [...ACTOR_ERRORS, 'TAG_GROUP_NOT_FOUND'],
  }),
  /** Hover preview with the 4 newest album covers. */
  profilePreview: defineEndpoint({
    method: 'GET',
    path: 'phoenix/get_profile_preview/:actorId',
    params: ActorIdParams,
    response: ProfilePreviewSchema,
    errors: ACTOR_ERRORS,
  }),
  /** The caller's own note (logged-in only, no-store). */
  note: defineEndpoint({
    method: 'GET',
    path: 'actor/getActorNoteById/:actorId',
    params: ActorIdParams,
    response: ActorNoteSchema,
    errors: ['NOT_LOGGED_IN', ...ACTOR_ERRORS],
  }),
  /** The caller's own note; an empty (or blank) comment deletes it (logged-in only). */
  storeNote: defineEndpoint({
    method: 'POST',
    path: 'actor/storeActorNote',
    body: StoreActorNoteSchema,
    response: ActorNoteSchema,
    errors: ['NOT_LOGGED_IN', ...ACTOR_ERRORS],
  }),
};

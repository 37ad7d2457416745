/**
 * Performer lists (issue 5 deliverable 1): /cams/, /new-girls/, /free-chat/, /cam-shows/, top cams, models lists, recommended and preferred models, online amount.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 */
import { z } from 'zod';
import type { ActorCamShow } from './actors.ts';
import { type ImageRef, type Language, LanguageSchema, type Price, PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import type { ActorTile, ActorType, SeoText } from './pages.ts';
import {
  ACTOR_GENDERS,
  ACTOR_TYPES,
  type PerformerOrder,
  TOP_CAM_CATEGORIES,
  type TopCamCategory,
} from './performer-options.ts';

/** Spec 2: actor listings show 30 per page. */
export const PERFORMER_PAGE_SIZE = 30;
/** Spec 2/3 top cams "top 100". */
export const TOP_CAMS_TOP_LIMIT = 100;
/** Spec 9: ratings need 10 and cover the last 90 days. */
export const CHAT_RATINGS_MIN_COUNT = 10;
export const CHAT_RATINGS_WINDOW_DAYS = 90;
/** Spec 9: recommended actors shown 9; spec 7: preferred models 3. */
export const RECOMMENDED_MODELS_COUNT = 9;
export const PREFERRED_MODELS_COUNT = 3;
/** Largest page a models / top cams / cam shows call may ask for. */
export const PERFORMER_MAX_LIMIT = 100;

export {
  ACTOR_GENDERS,
  ACTOR_TYPES,
  PERFORMER_ORDERS,
  type PerformerOrder,
  TOP_CAM_CATEGORIES,
  type TopCamCategory,
} from './performer-options.ts';

/** The /cams/ filter (cam filter menu of spec 2) and the GraphQL ModelFilter. */
export const PerformerFilterSchema = z
  .object({
    gender: z.enum(ACTOR_GENDERS).optional(),
    /** Performer group (actor type). */
    actorType: z.enum(ACTOR_TYPES).optional(),
    onlineOnly: z.boolean().optional(),
    /** A spoken language. */
    language: z.enum(['de', 'en', 'nl', 'es']).optional(),
    freeChat: z.boolean().optional(),
  })
  .strict();
export type PerformerFilter = z.infer<typeof PerformerFilterSchema>;

/** Offset paging of the query-language lists: limit 1..100. */
export const PerformerPagingSchema = z
  .object({
    offset: z.number().int().min(0).max(100_000).default(0),
    limit: z.number().int().min(1).max(PERFORMER_MAX_LIMIT).default(PERFORMER_PAGE_SIZE),
  })
  .strict();

export const TopCamCategorySchema = z.enum(TOP_CAM_CATEGORIES);

/** The actor type of a per-performer-group category, else null. */
export function groupOfCategory(category: TopCamCategory): ActorType | null {
  return category.startsWith('group-') ? (category.slice(6) as ActorType) : null;
}

/** Top cam of spec 3. */
export interface TopCam {
  id: number;
  name: string;
  /** Absolute path of the profile in the requested language. */
  profileLink: string;
  online: boolean;
  onlineVideocall: boolean;
  age: number;
  /** Spec 9: top cam pictures are age rating 16. */
  previewPicture: ImageRef;
  avatarPicture: ImageRef;
  spokenLanguages: Language[];
  pinnedCount: number;
  /** Chat ratings of the last 90 days. */
  ratingCount: number;
  /** Percent satisfied over the last 90 days; null below 10 ratings (spec 5/9). */
  satisfactionRate: number | null;
  rankingPointsVideoCall: number;
  videocallPrice: Price;
  /** Single chat price per minute (tiles show it like every actor tile). */
  chatPrice: Price;
}

export interface TopCamList {
  category: TopCamCategory;
  items: TopCam[];
  total: number;
  offset: number;
  limit: number;
  /** Favorites asked by a visitor: nothing to list, show the login hint. */
  loginRequired: boolean;
}

/** A cam show of the public list: the profile's show with its performer. */
export interface CamShow extends ActorCamShow {
  actorId: number;
  actorName: string;
  /** Lower-cased name for the profile URL. */
  actorSlug: string;
  actorAvatar: ImageRef;
}

export interface PerformerListPage {
  actors: ActorTile[];
  /** All performers matching the list (and filter). */
  total: number;
  /** Of those, how many are online. */
  onlineTotal: number;
  page: number;
  pageSize: number;
  seo: SeoText;
}

export interface CamsPageData extends PerformerListPage {
  filter: PerformerFilter;
  order: PerformerOrder;
  /** The first top cams list (top 100) for the tabbed block. */
  topCams: TopCamList;
}

export interface CamShowsPageData {
  shows: CamShow[];
  total: number;
  page: number;
  pageSize: number;
  seo: SeoText;
}

const ImageRefSchema = z.object({
  key: z.string(),
  ageRating: z.union([z.literal(16), z.literal(18)]),
  aspect: z.number(),
});

/** The answer of GET /rest/v1/performers/topCams/:category (checked by the top cams block). */
export const TopCamListSchema = z.object({
  category: TopCamCategorySchema,
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      profileLink: z.string(),
      online: z.boolean(),
      onlineVideocall: z.boolean(),
      age: z.number().int(),
      previewPicture: ImageRefSchema,
      avatarPicture: ImageRefSchema,
      spokenLanguages: z.array(LanguageSchema),
      pinnedCount: z.number().int(),
      ratingCount: z.number().int(),
      satisfactionRate: z.number().nullable(),
      rankingPointsVideoCall: z.number().int(),
      videocallPrice: PriceSchema,
      chatPrice: PriceSchema,
    }),
  ),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  loginRequired: z.boolean(),
}) satisfies z.ZodType<TopCamList>;

const intFromQuery = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((v) => v ?? fallback);

/** GET performers/topCams/:category?offset&limit&lang */
export const TopCamsParamsSchema = z.object({ category: TopCamCategorySchema });
export const TopCamsQuerySchema = z.object({
  offset: intFromQuery(0, 99_999, 0),
  limit: intFromQuery(1, PERFORMER_MAX_LIMIT, 10),
  lang: LanguageSchema.optional().transform((v) => v ?? 'en'),
});

/** The performer calls of the pages (decision 0032). */
export const performersEndpoints = {
  /** One top cams list (the tabbed block loads the other tabs through it); favorites are the caller's own. */
  topCams: defineEndpoint({
    method: 'GET',
    path: 'performers/topCams/:category',
    params: TopCamsParamsSchema,
    query: TopCamsQuerySchema,
    response: TopCamListSchema,
    errors: [],
  }),
};

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
export interface PerformerPageServices {
  /** Spec 9 recommended actors of a profile (9, online only, never the actor itself). */
  recommendedModels(actorId: number): Promise<ActorTile[]>;
  camsPage(
    lang: Language,
    query: { filter: PerformerFilter; order: PerformerOrder; page: number },
    viewerGuestId: number | null,
  ): Promise<CamsPageData>;
  newGirlsPage(lang: Language, page: number): Promise<PerformerListPage>;
  freeChatPage(lang: Language, page: number): Promise<PerformerListPage>;
  camShowsPage(lang: Language, page: number): Promise<CamShowsPageData>;
  /** One top cams list; favorites need the viewer (null: visitor, loginRequired). */
  topCams(
    lang: Language,
    category: TopCamCategory,
    viewerGuestId: number | null,
    offset: number,
    limit: number,
  ): Promise<TopCamList>;
}

/**
 * The pages' tiles (pages.ts types) as zod schemas, for declared REST answers (decision 0032). A
 * separate module so that pages.ts stays free of zod (decision 0035: a page that imports a type or a
 * constant does not load schemas). Each `satisfies` its type: a field missing here would be
 * stripped from an answer, and fails the typecheck instead.
 */
import { z } from 'zod';
import { ImageRefSchema, LanguageSchema, PriceSchema } from './common.ts';
import type { ActorTile, BlogPostTile, SeoText, TvSeriesTile, VideoTile } from './pages.ts';
import { ACTOR_GENDERS, ACTOR_TYPES } from './performer-options.ts';

export const ActorRefSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });

export const ActorTileSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  age: z.number(),
  gender: z.enum(ACTOR_GENDERS),
  actorType: z.enum(ACTOR_TYPES),
  isOnline: z.boolean(),
  spokenLanguages: z.array(LanguageSchema),
  avatar: ImageRefSchema,
  chatPrice: PriceSchema,
}) satisfies z.ZodType<ActorTile>;

export const VideoTileSchema = z.object({
  id: z.number(),
  title: z.string(),
  duration: z.number(),
  ageRating: z.union([z.literal(16), z.literal(18)]),
  vip: z.boolean(),
  isVip30Offer: z.boolean(),
  free: z.boolean(),
  isNew: z.boolean(),
  classic: z.boolean(),
  price: PriceSchema,
  basePrice: PriceSchema,
  releasedAt: z.string(),
  likes: z.number(),
  preview: ImageRefSchema,
  actor: ActorRefSchema,
}) satisfies z.ZodType<VideoTile>;

export const BlogPostTileSchema = z.object({
  id: z.number(),
  categoryId: z.number(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  publishedAt: z.string(),
  image: ImageRefSchema,
}) satisfies z.ZodType<BlogPostTile>;

export const TvSeriesTileSchema = z.object({
  id: z.number(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  episodeCount: z.number(),
  image: ImageRefSchema,
}) satisfies z.ZodType<TvSeriesTile>;

export const SeoTextSchema = z.object({
  h1: z.string(),
  h2: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  freeText: z.string(),
  breadcrumb: z.string(),
  slug: z.string(),
}) satisfies z.ZodType<SeoText>;

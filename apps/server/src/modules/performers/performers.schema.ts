/** Input of the performer REST routes and GraphQL fields (zod per operation). */
import { LanguageSchema } from '@vela/contracts/common';
import {
  PERFORMER_MAX_LIMIT,
  PERFORMER_ORDERS,
  PerformerFilterSchema,
  TopCamCategorySchema,
} from '@vela/contracts/performers';
import { z } from 'zod';

const intFromQuery = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((v) => v ?? fallback);

/** GET /rest/v1/performers/topCams/:category?offset&limit&lang */
export const TopCamsParamsSchema = z.object({ category: TopCamCategorySchema });
export const TopCamsQuerySchema = z
  .object({
    offset: intFromQuery(0, 99_999, 0),
    limit: intFromQuery(1, PERFORMER_MAX_LIMIT, 10),
    lang: LanguageSchema.optional().transform((v) => v ?? 'en'),
  })
  .passthrough();

/** GraphQL models(filter, order, offset, limit). */
export const ModelsArgsSchema = z.object({
  filter: PerformerFilterSchema.nullish().transform((v) => v ?? {}),
  order: z
    .enum(PERFORMER_ORDERS)
    .nullish()
    .transform((v) => v ?? 'ranking'),
  offset: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .nullish()
    .transform((v) => v ?? 0),
  limit: z
    .number()
    .int()
    .min(1)
    .max(PERFORMER_MAX_LIMIT)
    .nullish()
    .transform((v) => v ?? 30),
});

export const PagingArgsSchema = z.object({
  offset: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .nullish()
    .transform((v) => v ?? 0),
  limit: z
    .number()
    .int()
    .min(1)
    .max(PERFORMER_MAX_LIMIT)
    .nullish()
    .transform((v) => v ?? 30),
});

export const TopCamsArgsSchema = PagingArgsSchema.extend({ category: TopCamCategorySchema });

export const RecommendedArgsSchema = z.object({
  actorId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
});

/** Input of the performer REST routes and GraphQL fields (zod per operation). */
import {
  PERFORMER_MAX_LIMIT,
  PERFORMER_ORDERS,
  PerformerFilterSchema,
  TopCamCategorySchema,
} from '@vela/contracts/performers';
import { z } from 'zod';

/** GraphQL offset and limit, of models and the top cams lists. */
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

/** GraphQL models(filter, order, offset, limit). */
export const ModelsArgsSchema = z.object({
  filter: PerformerFilterSchema.nullish().transform((v) => v ?? {}),
  order: z
    .enum(PERFORMER_ORDERS)
    .nullish()
    .transform((v) => v ?? 'ranking'),
  ...PagingArgsSchema.shape,
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

import { z } from 'zod';

/** Supported languages (spec 9). German is the first language; en is the fallback. */
export const LANGUAGES = ['de', 'en', 'nl', 'es'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

/**
 * The query of a sandbox page's link (the age check's, the bank's 3-D Secure): its signed token (64
 * hex digits) and the page's language; the page's form posts them back with the decision.
 */
export const SandboxPageQuerySchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/),
  lang: LanguageSchema.optional(),
});

/** Currencies of spec 3. VXC are coins. */
export const CurrencySchema = z.enum(['EUR', 'CHF', 'Credits', 'Voucher', 'VXC']);
export type Currency = z.infer<typeof CurrencySchema>;

/** A price: integer minor units (cents for EUR/CHF, whole coins for VXC). */
export const PriceSchema = z.object({ value: z.number().int().nonnegative(), currency: CurrencySchema });
export type Price = z.infer<typeof PriceSchema>;

/** Uniform REST error body (DESIGN.md "Interfaces"). */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const AliveResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ alive: z.literal(true), version: z.string(), database: z.enum(['pglite', 'postgres']) }),
});
export type AliveResponse = z.infer<typeof AliveResponseSchema>;

/**
 * A generated image. Files live under `<DATA_DIR>/media/<size>/<key>.webp` and are served at
 * `/media/<size>/<key>.webp` for the sizes of spec 9 (w320, w640, w1280).
 */
export const IMAGE_SIZES = ['w320', 'w640', 'w1280'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export interface ImageRef {
  key: string;
  /** Age rating of the picture (spec 9: avatars and top cams are 16). */
  ageRating: 16 | 18;
  /** Aspect ratio width / height of the original. */
  aspect: number;
}
/** An `ImageRef` in a declared answer (decision 0032). */
export const ImageRefSchema = z.object({
  key: z.string(),
  ageRating: z.union([z.literal(16), z.literal(18)]),
  aspect: z.number(),
}) satisfies z.ZodType<ImageRef>;

/**
 * Operator import of actors and albums (issue 5 deliverable 6, spec 7 "import actors/albums"):
 * `POST /rest/v1/internal/catalog/actors` and `/catalog/albums`, a batch of at most 500 items.
 * Every refusal names the item index and the field (`items[3].birthDate: ...`).
 */
import { LANGUAGES } from '@vela/contracts/common';
import { z } from 'zod';

export const IMPORT_BATCH_MAX = 500;
export const IMPORT_PICTURES_MAX = 500;

const Cents = z.number().int().min(0).max(100_000_000);
const Text = (max: number) => z.string().trim().min(1).max(max);
const ImageKey = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._/-]+$/, 'an image key has letters, digits, dots, dashes, slashes');
const IsoDate = z.iso.date();
const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'a country code is 2 upper-case letters (ISO 3166-1)');

export const ImportActorSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(2)
      .max(40)
      .regex(/^[\p{L}\p{N}_.-]+$/u, 'a name has letters, digits, dots, dashes and underscores only'),
    gender: z.enum(['N', 'M', 'F']),
    actorType: z.enum(['F', 'M', 'FM', 'FF', 'S']),
    birthDate: IsoDate,
    spokenLanguages: z.array(z.enum(LANGUAGES)).max(4).default([]),
    aboutMe: z.object({ de: Text(5000), en: Text(5000), nl: Text(5000), es: Text(5000) }).strict(),
    city: Text(100).optional(),
    heightCm: z.number().int().min(100).max(250).optional(),
    prices: z
      .object({
        videoCents: Cents,
        singleCents: Cents,
        singlec2cCents: Cents,
        voyeurCents: Cents,
        messageCents: Cents,
        multiChatCents: Cents,
        videocallCents: Cents.default(0),
      })
      .strict(),
    categoryIds: z.array(z.number().int().positive().max(2_147_483_647)).max(50).default([]),
    tags: z.array(Text(60)).max(100).default([]),
    bannedCountryCodes: z.array(CountryCode).max(250).default([]),
    countryCode: CountryCode.optional(),
    zipCode: z.string().trim().min(3).max(10).optional(),
    lat: z.number().min(-90).max(90).optional(),
    lon: z.number().min(-180).max(180).optional(),
    avatarKey: ImageKey,
    registeredAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .refine((a) => (a.lat === undefined) === (a.lon === undefined), {
    message: 'lat and lon come together',
    path: ['lat'],
  })
  .refine((a) => a.zipCode === undefined || a.countryCode !== undefined, {
    message: 'a zipCode needs its countryCode',
    path: ['countryCode'],
  });
export type ImportActor = z.output<typeof ImportActorSchema>;

export const ImportAlbumSchema = z
  .object({
    actorId: z.number().int().positive().max(2_147_483_647).optional(),
    actorName: z.string().trim().min(1).max(40).optional(),
    type: z.enum(['image', 'video']),
    title: Text(200),
    priceCents: Cents,
    coverKey: ImageKey,
    createdAt: z.iso.datetime({ offset: true }).optional(),
    pictures: z
      .array(
        z
          .object({
            imageKey: ImageKey,
            ageRating: z.union([z.literal(16), z.literal(18)]),
            position: z.number().int().min(0).max(100_000),
          })
          .strict(),
      )
      .max(IMPORT_PICTURES_MAX)
      .default([]),
  })
  .strict()
  .refine((a) => (a.actorId === undefined) !== (a.actorName === undefined), {
    message: 'give the actor by actorId or by actorName (one of them)',
    path: ['actorId'],
  })
  .refine((a) => new Set(a.pictures.map((p) => p.position)).size === a.pictures.length, {
    message: 'picture positions are unique within an album',
    path: ['pictures'],
  });
export type ImportAlbum = z.output<typeof ImportAlbumSchema>;

export const ImportBatchSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item).min(1).max(IMPORT_BATCH_MAX) }).strict();

export interface ImportResult {
  created: number;
  updated: number;
  /** The ids in the order of the items. */
  ids: number[];
}

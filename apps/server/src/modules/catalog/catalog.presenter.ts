/** Shapes catalog rows into the page contracts: nothing leaves the server as a raw row. */
import type { ImageRef, Language, Price } from '@vela/contracts/common';
import type {
  ActorGender,
  ActorPrices,
  ActorProfileData,
  ActorTile,
  ActorType,
  BlogPostTile,
  CategoryTile,
  ContestState,
  ContestTile,
  SeoText,
  TvSeriesTile,
  VideoTile,
} from '@vela/contracts/pages';
import { aspectOfKey } from '@vela/db/media';
import type {
  ActorRow,
  BlogPostRow,
  CategoryRow,
  CategoryWithCount,
  ContestRow,
  SeoRow,
  TvSeriesRow,
  VideoRow,
} from './catalog.repository.ts';

const LANGUAGES: readonly Language[] = ['de', 'en', 'nl', 'es'];

export const eur = (cents: number): Price => ({ value: cents, currency: 'EUR' });

export function imageRef(key: string, ageRating: number): ImageRef {
  return { key, ageRating: ageRating === 16 ? 16 : 18, aspect: aspectOfKey(key) };
}

/** Full years between a birth date (YYYY-MM-DD) and `now`, in UTC. */
export function ageAt(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age--;
  return age;
}

export function categoryName(row: CategoryRow, lang: Language): string {
  return { de: row.nameDe, en: row.nameEn, nl: row.nameNl, es: row.nameEs }[lang];
}

export function categoryDescription(row: CategoryRow, lang: Language): string {
  return { de: row.descriptionDe, en: row.descriptionEn, nl: row.descriptionNl, es: row.descriptionEs }[lang];
}

/** Slugs per language; nl uses the en slug (spec 2). */
export function categorySlugs(row: CategoryRow): Record<Language, string> {
  return { de: row.slugDe, en: row.slugEn, nl: row.slugEn, es: row.slugEs };
}

/** Actor tile. Avatars are age rating 16 (spec 9). */
export function presentActorTile(row: ActorRow, now: Date): ActorTile {
  return {
    id: row.id,
    name: row.name,
    slug: row.nameLower,
    age: ageAt(row.birthDate, now),
    gender: row.gender as ActorGender,
    actorType: row.actorType as ActorType,
    isOnline: row.isOnline,
    spokenLanguages: row.spokenLanguages.filter((l): l is Language => LANGUAGES.includes(l as Language)),
    avatar: imageRef(row.avatarKey, 16),
    chatPrice: eur(row.priceSingleCents),
  };
}

/** The columns a video tile shows (a listing row or a full video row). */
export type VideoTileRow = Pick<
  VideoRow,
  | 'id'
  | 'title'
  | 'durationS'
  | 'ageRating'
  | 'vip'
  | 'vip30'
  | 'free'
  | 'isNew'
  | 'classic'
  | 'priceCents'
  | 'basePriceCents'
  | 'releasedAt'
  | 'likes'
  | 'previewKey'
  | 'previewAgeRating'
  | 'actorId'
  | 'actorName'
>;

export function presentVideoTile(row: VideoTileRow): VideoTile {
  return {
    id: row.id,
    title: row.title,
    duration: row.durationS,
    ageRating: row.ageRating === 16 ? 16 : 18,
    vip: row.vip,
    isVip30Offer: row.vip30,
    free: row.free,
    isNew: row.isNew,
    classic: row.classic,
    price: eur(row.priceCents),
    basePrice: eur(row.basePriceCents),
    releasedAt: row.releasedAt.toISOString(),
    likes: row.likes,
    preview: imageRef(row.previewKey, row.previewAgeRating),
    actor: { id: row.actorId, name: row.actorName, slug: row.actorName.toLowerCase() },
  };
}

export function presentCategoryTile(row: CategoryWithCount, lang: Language): CategoryTile {
  return {
    id: row.id,
    slug: categorySlugs(row)[lang],
    name: categoryName(row, lang),
    image: imageRef(row.imageKey, 16),
    actorCount: row.actorCount,
  };
}

export function contestState(row: ContestRow, now: Date): ContestState {
  if (row.endsAt.getTime() <= now.getTime()) return 'last';
  if (row.startsAt.getTime() > now.getTime()) return 'next';
  return 'active';
}

export function presentContestTile(row: ContestRow, lang: Language, now: Date): ContestTile {
  return {
    id: row.id,
    title: row.title[lang],
    state: contestState(row, now),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    image: imageRef(row.imageKey, 16),
  };
}

export function presentBlogPostTile(row: BlogPostRow, lang: Language): BlogPostTile {
  return {
    id: row.id,
    categoryId: row.categoryId,
    title: row.title[lang],
    slug: row.slug,
    excerpt: row.excerpt[lang],
    publishedAt: row.publishedAt.toISOString(),
    image: imageRef(row.imageKey, 16),
  };
}

export function presentTvSeriesTile(row: TvSeriesRow, lang: Language): TvSeriesTile {
  return {
    id: row.id,
    key: row.key,
    title: row.title[lang],
    description: row.description[lang],
    episodeCount: row.episodeCount,
    image: imageRef(row.imageKey, 16),
  };
}

/** SEO text; a page without one gets empty texts and the given heading. */
export function presentSeo(row: SeoRow | null, fallbackHeading: string): SeoText {
  if (!row) {
    return {
      h1: fallbackHeading,
      h2: '',
      seoTitle: fallbackHeading,
      seoDescription: '',
      freeText: '',
      breadcrumb: '',
      slug: '',
    };
  }
  return {
    h1: row.h1,
    h2: row.h2,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    freeText: row.freeText,
    breadcrumb: row.breadcrumb,
    slug: row.slug,
  };
}

/** An actor's prices (spec 3), on the profile and in the actor data. */
export function presentActorPrices(row: ActorRow): ActorPrices {
  return {
    video: eur(row.priceVideoCents),
    singlec2c: eur(row.priceSinglec2cCents),
    single: eur(row.priceSingleCents),
    voyeur: eur(row.priceVoyeurCents),
    message: eur(row.priceMessageCents),
    voucherChatMinutes: row.voucherChatMinutes,
    freeMessages: row.freeMessages,
  };
}

export function presentActorProfile(
  row: ActorRow,
  details: { categories: CategoryRow[]; tags: string[]; videoCount: number; albumCount: number },
  seo: SeoRow | null,
  lang: Language,
  now: Date,
): ActorProfileData {
  return {
    actor: {
      ...presentActorTile(row, now),
      freeChat: row.freeChat,
      isVoyeurChatAvailable: row.isVoyeurChatAvailable,
      isLivePreviewEnabled: row.isLivePreviewEnabled,
      multiChatPrice: eur(row.multiChatPriceCents),
      prices: presentActorPrices(row),
      aboutMe: row.aboutMe[lang],
      height: row.heightCm,
      zodiac: row.zodiac,
      city: row.city,
      categories: details.categories.map((c) => ({
        id: c.id,
        slug: categorySlugs(c)[lang],
        name: categoryName(c, lang),
      })),
      tags: details.tags,
      videoCount: details.videoCount,
      albumCount: details.albumCount,
      registeredAt: row.registeredAt.toISOString(),
    },
    bannedCountryCodes: row.bannedCountryCodes,
    seo: presentSeo(seo, row.name),
  };
}

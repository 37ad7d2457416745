/** Shapes performer rows into the contracts of @vela/contracts/performers. */
import type { Language } from '@vela/contracts/common';
import { type CamShow, CHAT_RATINGS_MIN_COUNT, type TopCam } from '@vela/contracts/performers';
import { pathFor } from '@vela/i18n/routes';
import { ageAt, eur, imageRef } from '../catalog/catalog.presenter.ts';
import type { ActorRow } from '../catalog/catalog.service.ts';
import type { CamShowRow, RatingSummary } from './performers.repository.ts';

const LANGUAGES: readonly Language[] = ['de', 'en', 'nl', 'es'];

/** Percent satisfied, shown only with at least 10 ratings (spec 5/9). */
export function satisfactionRateOf(rating: RatingSummary | undefined): number | null {
  if (!rating || rating.count < CHAT_RATINGS_MIN_COUNT) return null;
  return Math.round((rating.satisfied / rating.count) * 100);
}

/** Top cam of spec 3; its pictures are age rating 16 (spec 9). */
export function presentTopCam(
  row: ActorRow,
  rating: RatingSummary | undefined,
  lang: Language,
  now: Date,
): TopCam {
  const avatar = imageRef(row.avatarKey, 16);
  return {
    id: row.id,
    name: row.name,
    profileLink: pathFor('Actor', lang, { actorName: row.nameLower }),
    online: row.isOnline,
    onlineVideocall: row.isOnlineMobileVideocall,
    age: ageAt(row.birthDate, now),
    previewPicture: avatar,
    avatarPicture: avatar,
    spokenLanguages: row.spokenLanguages.filter((l): l is Language => LANGUAGES.includes(l as Language)),
    pinnedCount: row.pinnedCount,
    ratingCount: rating?.count ?? 0,
    satisfactionRate: satisfactionRateOf(rating),
    rankingPointsVideoCall: row.rankingPointsVideoCall,
    videocallPrice: eur(row.priceVideocallCents),
    chatPrice: eur(row.priceSingleCents),
  };
}

export function presentCamShow(row: CamShowRow, now: Date): CamShow {
  return {
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    actorSlug: row.actorNameLower,
    actorAvatar: imageRef(row.actorAvatarKey, 16),
    title: row.title,
    description: row.description,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    price: eur(row.isFree ? 0 : row.priceCents),
    isFree: row.isFree || row.priceCents === 0,
    isFeatured: row.isFeatured,
    hasStarted: row.startsAt.getTime() <= now.getTime(),
  };
}

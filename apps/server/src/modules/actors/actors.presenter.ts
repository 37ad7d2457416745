/** Shapes actor rows into the actor contracts (@vela/contracts/actors): nothing leaves as a raw row. */
import type {
  ActorAlbumTile,
  ActorCamShow,
  ActorData,
  ActorHeader,
  ActorNote,
  ActorState,
  ChatRatings,
  HeatMap,
  Interview,
  ProfilePreview,
} from '@vela/contracts/actors';
import { INTERVIEW_IMAGE_SIZE } from '@vela/contracts/actors';
import type { Language } from '@vela/contracts/common';
import { CHAT_RATINGS_MIN_COUNT } from '@vela/contracts/performers';
import { ageAt, eur, imageRef, presentActorPrices } from '../catalog/catalog.presenter.ts';
import type { ActorRow } from '../catalog/catalog.service.ts';
import type { AlbumRow, CamShowRow, HeatMapRow, InterviewRow, NoteRow } from './actors.repository.ts';

export function presentActorState(row: ActorRow): ActorState {
  return {
    actorId: row.id,
    isOnline: row.isOnline,
    freeChat: row.freeChat,
    isOnlineMobileVideocall: row.isOnlineMobileVideocall,
    isCurrentlyTicketShow: row.isCurrentlyTicketShow,
    isLivePreviewEnabled: row.isLivePreviewEnabled,
    isVoyeurChatAvailable: row.isVoyeurChatAvailable,
  };
}

export function presentActorData(row: ActorRow, now: Date): ActorData {
  return {
    ...presentActorState(row),
    id: row.id,
    name: row.name,
    slug: row.nameLower,
    age: ageAt(row.birthDate, now),
    avatar: imageRef(row.avatarKey, 16),
    bannedCountryCodes: row.bannedCountryCodes.map((c) => c.toUpperCase()),
    prices: presentActorPrices(row),
    multiChatPrice: eur(row.multiChatPriceCents),
    singleC2CChatPrice: eur(row.priceSinglec2cCents),
  };
}

export function presentHeader(
  row: ActorRow,
  extra: { tagGroups: string[]; videoCount: number; albumCount: number },
  now: Date,
): ActorHeader {
  return {
    id: row.id,
    name: row.name,
    slug: row.nameLower,
    avatar: imageRef(row.avatarKey, 16),
    age: ageAt(row.birthDate, now),
    isOnline: row.isOnline,
    freeChat: row.freeChat,
    isOnlineMobileVideocall: row.isOnlineMobileVideocall,
    isCurrentlyTicketShow: row.isCurrentlyTicketShow,
    chatPrice: eur(row.priceSingleCents),
    ...extra,
  };
}

/** Spec 5/9: the satisfaction rate only with at least 10 ratings in the window. */
export function presentChatRatings(
  actorId: number,
  counts: { count: number; satisfied: number },
): ChatRatings {
  const shown = counts.count >= CHAT_RATINGS_MIN_COUNT;
  return {
    actorId,
    lastNinetyDays: {
      countRatings: counts.count,
      satisfactionRate: shown ? Math.round((counts.satisfied / counts.count) * 100) : null,
    },
  };
}

export function presentHeatMap(row: HeatMapRow, actor: ActorRow, lang: Language): HeatMap {
  const memo = row.memo ? (row.memo[lang] ?? row.memo.en ?? null) : null;
  return {
    actorId: actor.id,
    actorName: actor.name,
    heatMaps: row.heatMap.map((day) => day.map((v) => Math.max(0, Math.min(100, Math.round(v))))),
    hoursToBeOnline: row.hoursToBeOnline.filter((h) => Number.isInteger(h) && h >= 0 && h <= 23),
    memo: memo || null,
  };
}

export function presentInterview(row: InterviewRow, lang: Language): Interview {
  return {
    id: row.id,
    title: row.title[lang] ?? row.title.en,
    image: imageRef(row.imageKey, row.imageAgeRating),
    imageSize: INTERVIEW_IMAGE_SIZE,
    duration: row.durationS,
    publishedAt: row.publishedAt.toISOString(),
  };
}

export function presentAlbumTile(row: AlbumRow): ActorAlbumTile {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    price: eur(row.priceCents),
    likes: row.likes,
    dislikes: row.dislikes,
    cover: imageRef(row.coverKey, row.coverAgeRating),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentCamShow(row: CamShowRow, now: Date): ActorCamShow {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    price: eur(row.isFree ? 0 : row.priceCents),
    isFree: row.isFree,
    isFeatured: row.isFeatured,
    hasStarted: row.startsAt.getTime() <= now.getTime(),
  };
}

export function presentNote(actorId: number, row: NoteRow | null): ActorNote {
  return {
    actorId,
    comment: row?.comment ?? null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export function presentProfilePreview(row: ActorRow, covers: AlbumRow[], now: Date): ProfilePreview {
  return {
    id: row.id,
    name: row.name,
    slug: row.nameLower,
    avatar: imageRef(row.avatarKey, 16),
    isOnline: row.isOnline,
    age: ageAt(row.birthDate, now),
    albumCovers: covers.map((a) => imageRef(a.coverKey, a.coverAgeRating)),
  };
}

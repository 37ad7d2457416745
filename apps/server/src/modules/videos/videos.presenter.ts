/** Shapes listing rows into the contracts: nothing leaves the server as a raw row. */
import type { Language } from '@vela/contracts/common';
import type { VideoListItem, VideoStar } from '@vela/contracts/videos';
import { ageAt, imageRef, presentVideoTile } from '../catalog/catalog.presenter.ts';
import type { ListingRow, VideoStarRow } from './videos.repository.ts';

const LANGUAGES: readonly Language[] = ['de', 'en', 'nl', 'es'];

export function presentVideoListItem(row: ListingRow): VideoListItem {
  return {
    ...presentVideoTile(row),
    guestInfo: {
      bought: row.bought,
      flatrate: row.flatrate === true,
      liked: row.liked === true,
    },
  };
}

/** Spec 3 video star; avatars are age rating 16 (spec 9). */
export function presentVideoStar(row: VideoStarRow, now: Date): VideoStar {
  return {
    actorId: row.actorId,
    actorName: row.actorName,
    slug: row.nameLower,
    age: ageAt(row.birthDate, now),
    videoCount: row.videoCount,
    newVideoCount: row.newVideoCount,
    online: row.online,
    spokenLanguages: row.spokenLanguages.filter((l): l is Language => LANGUAGES.includes(l as Language)),
    avatar: imageRef(row.avatarKey, 16),
  };
}

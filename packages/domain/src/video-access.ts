/**
 * What a guest may watch of a video (issue 17 deliverables 3 and 4): the whole video, or its preview.
 *
 * - A free clip plays in full for everyone (spec 3 Video.free).
 * - A bought video plays in full for its buyer (spec 3 guestInfo.bought; a purchase row).
 * - A VIP member watches VIP videos and the VIP30 offers in full with no charge (spec 3
 *   guestInfo.flatrate; the VIP club's "All VIP videos included" and "New VIP30 videos every month").
 * - Everything else plays its preview only: the first `VIDEO_PREVIEW_SECONDS` of the video.
 *
 * FSK-18 needs the accepted age check on top, whatever the access (spec 6); the server checks it
 * where the bytes are served.
 */

/** Length of the preview a guest who does not own a video may watch, in seconds. */
export const VIDEO_PREVIEW_SECONDS = 20;

/** How long a signed media URL (segment, picture, manifest) stays valid, in seconds. */
export const SIGNED_MEDIA_TTL_SECONDS = 2 * 60 * 60;

export interface VideoAccessFacts {
  free: boolean;
  vip: boolean;
  /** spec 3 isVip30Offer */
  vip30: boolean;
}

export interface VideoViewer {
  /** The guest bought this video (a purchase row, paid or with a voucher). */
  owned: boolean;
  /** The guest holds a running VIP subscription. */
  isVip: boolean;
}

export type VideoAccess = 'full' | 'preview';

/** The guest's VIP subscription includes this video (no charge, no buy button). */
export function includedInVip(video: VideoAccessFacts, viewer: Pick<VideoViewer, 'isVip'>): boolean {
  return viewer.isVip && (video.vip || video.vip30);
}

export function videoAccess(video: VideoAccessFacts, viewer: VideoViewer): VideoAccess {
  if (video.free || viewer.owned || includedInVip(video, viewer)) return 'full';
  return 'preview';
}

/** Whether a buy button is offered: not free, not owned, not included in the guest's VIP. */
export function canBuyVideo(video: VideoAccessFacts, viewer: VideoViewer): boolean {
  return videoAccess(video, viewer) === 'preview';
}

/** Seconds of a video a viewer may play: the whole duration, or the preview (never longer than the video). */
export function playableSeconds(durationS: number, access: VideoAccess): number {
  return access === 'full' ? durationS : Math.min(durationS, VIDEO_PREVIEW_SECONDS);
}

/**
 * Starting a video (spec 7 `watch/start`; issue 17 deliverables 2 and 3; decision 0044).
 *
 * `start` decides what the caller may play (packages/domain video-access.ts: a free clip, a bought
 * video and, for a VIP member, VIP videos and VIP30 offers play in full, everything else its
 * preview), records the start (`watch_starts`) and signs the media URLs for the caller. FSK-18 needs
 * the accepted age check on top (403 RESTRICTED), a performer's banned country refuses (403
 * ACTOR_BLOCKED_IN_COUNTRY), an unknown video or one without media is 404.
 *
 * Visitors: a caller without a logged-in guest gets the preview of an FSK-16 video (free clips in
 * full), like the preview any visitor sees on a tile; their URLs are signed for VISITOR_MEDIA_GUEST
 * (no guest has id 0), so they open for visitors only and never more than a visitor may watch.
 *
 * All media of a start share one token over the resource `hls:<videoId>:<segments allowed>`: the
 * playlist, the segments below that number, the poster, the thumbnails' VTT and sprite. A token
 * signed for a preview (5 segments) names another resource than a full one, so it opens no
 * segment beyond the preview, and no other video.
 */

import type { WatchStart } from '@vela/contracts/playback';
import type { ClipInfo } from '@vela/db/clip-pool';
import { playableSeconds, VIDEO_PREVIEW_SECONDS, videoAccess } from '@vela/domain/video-access';
import type { AgeGate } from '../../http/age-gate.ts';
import { RestrictedError } from '../../http/age-gate.ts';
import { AppError } from '../../http/errors.ts';
import { assertOfferedIn, type Country } from '../../infra/country.ts';
import type { MediaSigner } from '../../infra/signed-media.ts';
import { segmentsAllowed } from './hls.ts';
import type { PlaybackRepository } from './playback.repository.ts';

/** The guest id a visitor's media URLs are signed for (no guest has id 0). */
export const VISITOR_MEDIA_GUEST = 0;

/** Where the media of a start are served (under /rest/v1). */
export const WATCH_MEDIA_PATH = 'watch/media';

/** What playback needs of a video (the videos module's read port). */
export interface PlaybackVideo {
  id: number;
  durationS: number;
  free: boolean;
  vip: boolean;
  vip30: boolean;
  ageRating: number;
  bannedCountryCodes: string[];
}

export interface PlaybackPorts {
  /** The video (videos module); undefined when there is none. */
  video(videoId: number): Promise<PlaybackVideo | undefined>;
  /** The guest bought the video (promotions module: a purchase row). */
  owns(guestId: number, videoId: number): Promise<boolean>;
  /** The guest holds a running VIP subscription (subscriptions module). */
  isVip(guestId: number): Promise<boolean>;
}

/** The pool clip a video plays; null when the seed left none (the video has no media). */
export type ClipOfVideo = (videoId: number) => Promise<ClipInfo | null>;

export interface Caller {
  guestId: number | null;
  sessionId: number | null;
}

/** The signed resource of a start's media: the video and how many segments it opens. */
export const hlsResource = (videoId: number, allowed: number) => `hls:${videoId}:${allowed}`;

/** The path (under the site) of a start's media file `file`, with its token. */
export function mediaUrl(videoId: number, allowed: number, file: string, token: string): string {
  return `/rest/v1/${WATCH_MEDIA_PATH}/${videoId}/${allowed}/${file}?t=${token}`;
}

export const videoNotFound = () => new AppError('NOT_FOUND', 'No such video', 404);

/** Refuses a video the caller may not be offered: banned country, then FSK-18 without the age check. */
export async function assertMayWatch(
  ageGate: AgeGate,
  video: PlaybackVideo,
  guestId: number | null,
  country: Country,
): Promise<void> {
  assertOfferedIn(video.bannedCountryCodes, country);
  const reason = await ageGate.reasonFor(guestId, video.ageRating);
  if (reason) throw new RestrictedError(reason);
}

export function createPlaybackService(deps: {
  ports: PlaybackPorts;
  repository: PlaybackRepository;
  ageGate: AgeGate;
  signer: MediaSigner;
  clipOf: ClipOfVideo;
}) {
  const { ports } = deps;
  return {
    async start(caller: Caller, videoId: number, country: Country): Promise<WatchStart> {
      const video = await ports.video(videoId);
      if (!video) throw videoNotFound();
      await assertMayWatch(deps.ageGate, video, caller.guestId, country);
      const clip = await deps.clipOf(video.id);
      if (!clip) throw new AppError('NOT_FOUND', 'This video has no media', 404);
      const { guestId } = caller;
      const [owned, isVip] =
        guestId === null
          ? [false, false]
          : await Promise.all([ports.owns(guestId, videoId), ports.isVip(guestId)]);
      const access = videoAccess(video, { owned, isVip });
      const playable = playableSeconds(video.durationS, access);
      const allowed = segmentsAllowed(playable);
      await deps.repository.recordStart({
        guestId,
        sessionId: caller.sessionId,
        videoId,
        access,
      });
      const token = deps.signer.sign(guestId ?? VISITOR_MEDIA_GUEST, hlsResource(videoId, allowed));
      const url = (file: string) => mediaUrl(videoId, allowed, file, token);
      return {
        videoId,
        access,
        previewSeconds: Math.min(video.durationS, VIDEO_PREVIEW_SECONDS),
        playableSeconds: playable,
        durationS: video.durationS,
        manifestUrl: url('index.m3u8'),
        posterUrl: url('poster.jpg'),
        thumbnailsUrl: url('thumbnails.vtt'),
      };
    },
  };
}

export type PlaybackService = ReturnType<typeof createPlaybackService>;

/**
 * Watching a video (issue 17 deliverables 2 and 3; spec 7 `watch/start`, spec 9 "preview thumbnails
 * 100 per video" and "player volume").
 *
 * `watch/start` records that the caller starts a video and answers where the player finds it: an
 * HLS media playlist signed for the caller (`manifestUrl`), the poster and the preview thumbnails
 * (a WebVTT whose cues point into one sprite image). What the caller may play follows
 * packages/domain video-access.ts: `full` (free clip, bought, included in VIP) or `preview` (the first
 * `previewSeconds`); a preview's playlist lists only the preview's segments. The media URLs carry
 * a per-guest expiring token; another guest's, an expired, an unsigned URL or a segment beyond what
 * the token allows is refused with 403 and no bytes. The answer is `Cache-Control: private, no-store`.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** Spec 9 "player volume": the local-storage key under which the player remembers its volume (0..1). */
export const PLAYER_VOLUME_STORAGE_KEY = 'playerVolume';

export const VIDEO_ACCESS_KINDS = ['full', 'preview'] as const;

/** A video id as the query carries it: digits only (no sign, space, exponent or control character). */
export const WatchStartQuerySchema = z.object({
  videoId: z
    .union([
      z.int(),
      z
        .string()
        .regex(/^[1-9]\d{0,9}$/, 'a positive integer id')
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    ),
});

export const WatchStartSchema = z.object({
  videoId: z.number().int(),
  /** `full`: the whole video; `preview`: the first `previewSeconds` only. */
  access: z.enum(VIDEO_ACCESS_KINDS),
  /** Length of a preview (VIDEO_PREVIEW_SECONDS), whatever the access. */
  previewSeconds: z.number().int().nonnegative(),
  /** Seconds the caller may play: `durationS` for full access, else the preview (never longer than the video). */
  playableSeconds: z.number().int().nonnegative(),
  /** The catalogue length of the video in seconds. */
  durationS: z.number().int().nonnegative(),
  /** HLS media playlist (`application/vnd.apple.mpegurl`) signed for the caller; relative to the site. */
  manifestUrl: z.string(),
  /** The poster image (JPEG), signed for the caller. */
  posterUrl: z.string(),
  /** WebVTT of up to 100 preview thumbnails (spec 9), each cue a `sprite.jpg#xywh=` fragment. */
  thumbnailsUrl: z.string(),
});
export type WatchStart = z.infer<typeof WatchStartSchema>;

/** The player's calls (decision 0032). */
export const playbackEndpoints = {
  /**
   * Spec 7 `watch/start` (GET per spec 7 "GET unless stated"): records the start and answers the
   * signed media URLs. 404 NOT_FOUND for an unknown video or one not offered; FSK-18 needs the
   * accepted age check (403 RESTRICTED, reason need-login / need-age-check); 403
   * ACTOR_BLOCKED_IN_COUNTRY in a banned country.
   */
  watchStart: defineEndpoint({
    method: 'GET',
    path: 'watch/start',
    query: WatchStartQuerySchema,
    response: WatchStartSchema,
    errors: ['NOT_FOUND', 'RESTRICTED', 'ACTOR_BLOCKED_IN_COUNTRY'],
  }),
};

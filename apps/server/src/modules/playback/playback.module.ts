/**
 * Watching videos (issue 17 deliverables 2 and 3; spec 7 `watch/start`, spec 9 preview thumbnails;
 * docs/decisions/0044-video-playback.md): the start of a video (what the caller may play, recorded
 * in `watch_starts`) and its HLS media through URLs signed per guest. The clips are the seed's pool
 * (@vela/db clip-pool.ts), read from `clipDirOf(config.mediaDir)` — outside what `/media/` serves.
 *
 * Ports (decision 0030): the video from the videos module, ownership from the promotions module's
 * purchases, VIP from the subscriptions module; app.ts wires them.
 */
import { type ClipInfo, clipDirOf, clipKeyOfVideo, readClipPool } from '@vela/db/clip-pool';
import { createMediaSigner, mediaKeyOf } from '../../infra/signed-media.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { createPlaybackRepository } from './playback.repository.ts';
import { playbackRoutes } from './playback.routes.ts';
import { type ClipOfVideo, createPlaybackService, type PlaybackPorts } from './playback.service.ts';

/**
 * The pool's clips by video, read once; a missing or incomplete pool is read again on the next
 * request (the seed may still be writing it).
 */
export function clipSource(clipDir: string): ClipOfVideo {
  let pool: Promise<Map<string, ClipInfo> | null> | undefined;
  return async (videoId) => {
    pool ??= readClipPool(clipDir);
    const clips = await pool;
    if (!clips) {
      pool = undefined;
      return null;
    }
    const key = clipKeyOfVideo([...clips.keys()], videoId);
    return (key === undefined ? undefined : clips.get(key)) ?? null;
  };
}

export function createPlaybackModule(
  deps: FeatureModuleDeps &
    PlaybackPorts & {
      /** The session secret: the media URL key is derived from it (infra/signed-media.ts). */
      sessionSecret: string;
      /** The clip pool's directory; default next to config.mediaDir. */
      clipDir?: string;
    },
): FeatureModule {
  const clipDir = deps.clipDir ?? clipDirOf(deps.config.mediaDir);
  const clipOf = clipSource(clipDir);
  // The clock is read at each call (a test moving the clock sees URLs expire).
  const signer = createMediaSigner(mediaKeyOf(deps.sessionSecret), () => Date.now());
  const ports: PlaybackPorts = { video: deps.video, owns: deps.owns, isVip: deps.isVip };
  const service = createPlaybackService({
    ports,
    repository: createPlaybackRepository(deps.db),
    ageGate: deps.ageGate,
    signer,
    clipOf,
  });
  return {
    rest: playbackRoutes({
      auth: deps.auth,
      service,
      video: deps.video,
      clipOf,
      clipDir,
      signer,
      ageGate: deps.ageGate,
      rateLimits: deps.guests.rateLimits,
      countryHeader: deps.config.countryHeader,
    }),
  };
}

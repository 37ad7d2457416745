/**
 * REST of the playback module under /rest/v1 (decision 0044):
 *
 * - GET watch/start?videoId                     spec 7: records the start, answers the signed URLs
 *                                               (`private, no-store`; WATCH_STARTS_PER_CALLER, then 429)
 * - GET watch/media/:videoId/:allowed/:file?t   the media of a start: `index.m3u8`, `<n>.ts`,
 *                                               `poster.jpg`, `thumbnails.vtt`, `sprite.jpg`
 *
 * A media request is re-checked in this order; the first failure answers with a JSON error and
 * no media bytes:
 * 1. the path: a malformed id, count or file name → 404 NOT_FOUND;
 * 2. the token `t` over `hls:<videoId>:<allowed>` for the caller (the session of the request; a
 *    visitor is VISITOR_MEDIA_GUEST): missing, malformed, forged, expired or foreign → 403 FORBIDDEN;
 * 3. a segment index at or beyond `allowed` → 403 FORBIDDEN (the token opens no more);
 * 4. the video: unknown or without media → 404; the performer's banned country → 403
 *    ACTOR_BLOCKED_IN_COUNTRY; FSK-18 without the accepted age check → 403 RESTRICTED.
 * Media answers are `private`: no shared cache keeps them (FSK-18 ones revalidate, as in the gate).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { playbackEndpoints as e } from '@vela/contracts/playback';
import { segmentFileOf } from '@vela/db/clip-pool';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AgeGate } from '../../http/age-gate.ts';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { countryOf, varyOnCountry } from '../../infra/country.ts';
import {
  createRateLimiter,
  type Limit,
  type RateLimitStore,
  retryAfterOnRateLimit,
} from '../../infra/rate-limit.ts';
import type { MediaSigner, MediaTokenCheck } from '../../infra/signed-media.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { clipSegmentOf, mediaPlaylist, thumbnailsVtt } from './hls.ts';
import {
  assertMayWatch,
  type ClipOfVideo,
  hlsResource,
  mediaUrl,
  type PlaybackPorts,
  type PlaybackService,
  type PlaybackVideo,
  VISITOR_MEDIA_GUEST,
  videoNotFound,
  WATCH_MEDIA_PATH,
} from './playback.service.ts';

/**
 * Starts a caller may record (each writes a `watch_starts` row): a guest zapping through videos stays far
 * below; a script filling the table gets 429 RATE_LIMITED. Per guest, or per address for visitors.
 */
export const WATCH_STARTS_PER_CALLER: Limit = { name: 'watch-start', max: 120, windowMs: 10 * 60 * 1000 };

const ID = /^[1-9]\d{0,9}$/;
const ALLOWED = /^[1-9]\d{0,5}$/;
const SEGMENT = /^(0|[1-9]\d{0,5})\.ts$/;
const MAX_ID = 2 ** 31 - 1;
/** Video facts of the media route are kept this long (a segment request reads no video row). */
const VIDEO_CACHE_TTL_MS = 60_000;
const VIDEO_CACHE_MAX = 10_000;
/** At most this many bytes of clip files are kept in memory. */
const FILE_CACHE_BYTES = 64 * 1024 * 1024;

/** The fixed files of a start besides its segments, with their types. */
const FILES = {
  'index.m3u8': 'application/vnd.apple.mpegurl',
  'thumbnails.vtt': 'text/vtt; charset=utf-8',
  'poster.jpg': 'image/jpeg',
  'sprite.jpg': 'image/jpeg',
} as const;
type FixedFile = keyof typeof FILES;

const TOKEN_REFUSALS: Record<Exclude<MediaTokenCheck, 'ok'>, string> = {
  missing: 'This media is served only through a signed URL: start the video first',
  malformed: 'The media URL is not valid',
  forged: 'The media URL is not valid',
  expired: 'The media URL has expired: start the video again',
  foreign: 'This media URL was signed for someone else',
};

/** A media request's path, checked; null when it cannot name a start's file. */
function parseMediaPath(params: { videoId: string; allowed: string; file: string }) {
  const { videoId, allowed, file } = params;
  if (!ID.test(videoId) || Number(videoId) > MAX_ID || !ALLOWED.test(allowed)) return null;
  const segment = SEGMENT.exec(file);
  if (!segment && !Object.hasOwn(FILES, file)) return null;
  return {
    videoId: Number(videoId),
    allowed: Number(allowed),
    file: segment ? ({ segment: Number(segment[1]) } as const) : (file as FixedFile),
  };
}

export function playbackRoutes(deps: {
  auth: GuestAuth;
  service: PlaybackService;
  video: PlaybackPorts['video'];
  clipOf: ClipOfVideo;
  clipDir: string;
  signer: MediaSigner;
  ageGate: AgeGate;
  /** The rate-limit counters (the guests module's store). */
  rateLimits: RateLimitStore;
  /** COUNTRY_HEADER: the edge header with the caller's country (spec 6 banned countries). */
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, service, signer } = deps;
  const limiter = createRateLimiter(deps.rateLimits);
  const country = (request: FastifyRequest) => countryOf(request.headers, deps.countryHeader);
  const NO_VIDEO = { id: 0 } as PlaybackVideo;
  const videos = new LRUCache<number, PlaybackVideo>({
    max: VIDEO_CACHE_MAX,
    ttl: VIDEO_CACHE_TTL_MS,
    fetchMethod: async (videoId) => (await deps.video(videoId)) ?? NO_VIDEO,
  });
  const videoOf = async (videoId: number) => {
    const video = await videos.fetch(videoId);
    return video && video !== NO_VIDEO ? video : undefined;
  };

  // The pool's files, kept in memory (the demo pool is under 1 MB): a segment costs no file read.
  const files = new LRUCache<string, Buffer>({
    maxSize: FILE_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
    // A missing file is not kept (the seed may still be writing the pool).
    fetchMethod: (file) => readFile(file),
  });

  const send = (reply: FastifyReply, type: string, body: string | Buffer) =>
    reply.code(200).header('cache-control', 'private, no-cache').type(type).send(body);

  return async (app) => {
    retryAfterOnRateLimit(app);
    app.addHook('onSend', async (request, reply, payload) => {
      // Token URLs never leak through a Referer; a refusal or a start is never stored.
      reply.header('referrer-policy', 'no-referrer');
      if (reply.statusCode !== 200 || request.routeOptions.url?.endsWith('watch/start'))
        reply.header('cache-control', 'private, no-store');
      return payload;
    });
    app.addHook('onSend', varyOnCountry(deps.countryHeader));

    route(app, e.watchStart).handle({
      authenticate: (request) => auth.authenticate(request),
      handler: async ({ query: { videoId }, auth: caller, request }) => {
        const guestId = caller?.guestId ?? null;
        await limiter.take(
          WATCH_STARTS_PER_CALLER,
          guestId === null ? `ip:${request.ip}` : `guest:${guestId}`,
        );
        return service.start({ guestId, sessionId: caller?.sessionId ?? null }, videoId, country(request));
      },
    });

    app.get<{ Params: { videoId: string; allowed: string; file: string }; Querystring: { t?: unknown } }>(
      `/${WATCH_MEDIA_PATH}/:videoId/:allowed/:file`,
      async (request, reply) => {
        const parsed = parseMediaPath(request.params);
        if (!parsed) throw new AppError('NOT_FOUND', 'No such media', 404);
        const { videoId, allowed, file } = parsed;
        // A repeated `t` counts as none.
        const token = typeof request.query.t === 'string' ? request.query.t : undefined;
        // A bad or expired session counts as a visitor (a visitor's token opens nothing of a guest).
        const caller = await auth.authenticate(request).catch(() => null);
        const guestId = caller?.guestId ?? null;
        const check = signer.check(token, hlsResource(videoId, allowed), guestId ?? VISITOR_MEDIA_GUEST);
        if (check !== 'ok') throw new AppError('FORBIDDEN', TOKEN_REFUSALS[check], 403);
        if (typeof file === 'object' && file.segment >= allowed)
          throw new AppError('FORBIDDEN', 'This URL does not open this part of the video', 403);
        const video = await videoOf(videoId);
        if (!video) throw videoNotFound();
        await assertMayWatch(deps.ageGate, video, guestId, country(request));
        const clip = await deps.clipOf(videoId);
        if (!clip) throw new AppError('NOT_FOUND', 'This video has no media', 404);
        const url = (name: string) => mediaUrl(videoId, allowed, name, token!);
        if (file === 'index.m3u8')
          return send(
            reply,
            FILES[file],
            mediaPlaylist(clip, allowed, (index) => url(`${index}.ts`)),
          );
        if (file === 'thumbnails.vtt')
          return send(reply, FILES[file], thumbnailsVtt(clip, allowed, url('sprite.jpg')));
        const name = typeof file === 'object' ? segmentFileOf(clipSegmentOf(clip, file.segment)) : file;
        const bytes = await files.fetch(path.join(deps.clipDir, clip.key, name)).catch(() => undefined);
        if (!bytes) throw new AppError('NOT_FOUND', 'This video has no media', 404);
        return send(reply, typeof file === 'object' ? 'video/mp2t' : FILES[file], bytes);
      },
    );
  };
}

/**
 * Bought messenger media (issue 19 deliverable 2) under `/media/messenger/<id>/<file>?t=`:
 * - a photo: `w640.webp`, token over `messenger-media:<id>:w640`;
 * - a clip: HLS as a bought shop video plays it (playback/hls.ts, the seed's clip pool): `index.m3u8`,
 *   `<n>.ts`, `poster.jpg`, `thumbnails.vtt`, `sprite.jpg`, all under one token over
 *   `messenger-media:<id>:hls`.
 * Served only with a token signed for the caller (infra/signed-media.ts), only once bought, only to the
 * channel's guest, only the files of its kind, and only past the FSK-18 gate; any refusal is 403/404
 * with a JSON error and no media bytes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ClipInfo, clipDirOf, readClipPool, segmentFileOf } from '@vela/db/clip-pool';
import type { FastifyPluginAsync } from 'fastify';
import { type AgeGate, sendRefusal, sendRestricted } from '../../http/age-gate.ts';
import type { MediaSigner } from '../../infra/signed-media.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { mediaPlaylist, thumbnailsVtt } from '../playback/hls.ts';
import {
  MESSENGER_MEDIA_PREFIX,
  MESSENGER_MEDIA_ROUTE,
  MESSENGER_MEDIA_SIZE,
  type MessengerMediaService,
  messengerClipResource,
  messengerMediaResource,
} from './messenger-media.service.ts';

const NOT_FOUND = { code: 'NOT_FOUND', message: 'No such media' };
const ID = /^[1-9]\d{0,17}$/;
const KEY = /^[a-z0-9][a-z0-9_-]{0,127}$/;
const CLIP_KEY = /^clip-(\d{3})$/;
const SEGMENT = /^(0|[1-9]\d{0,5})\.ts$/;
const PHOTO_FILE = `${MESSENGER_MEDIA_SIZE}.webp`;

/** A clip's files besides its segments, with their types. */
const CLIP_FILES = {
  'index.m3u8': 'application/vnd.apple.mpegurl',
  'thumbnails.vtt': 'text/vtt; charset=utf-8',
  'poster.jpg': 'image/jpeg',
  'sprite.jpg': 'image/jpeg',
} as const;
type ClipFile = keyof typeof CLIP_FILES | { segment: number };

/** What a request's file names: the photo, or one of a clip's files; null for anything else. */
function parseFile(file: string): { kind: 'photo' } | { kind: 'clip'; file: ClipFile } | null {
  if (file === PHOTO_FILE) return { kind: 'photo' };
  const segment = SEGMENT.exec(file);
  if (segment) return { kind: 'clip', file: { segment: Number(segment[1]) } };
  if (Object.hasOwn(CLIP_FILES, file)) return { kind: 'clip', file: file as keyof typeof CLIP_FILES };
  return null;
}

/**
 * The pool clip of an asset key `clip-<n>`: the n-th clip of the seed's pool, counted round it. The
 * pool is read once; a missing or incomplete one is read again on the next request (the seed may
 * still be writing it).
 */
export function clipPoolReader(clipDir: string) {
  let pool: Promise<Map<string, ClipInfo> | null> | undefined;
  return async (assetKey: string): Promise<ClipInfo | null> => {
    const match = CLIP_KEY.exec(assetKey);
    if (!match) return null;
    pool ??= readClipPool(clipDir);
    const clips = await pool;
    if (!clips || clips.size === 0) {
      pool = undefined;
      return null;
    }
    const all = [...clips.values()];
    return all[(Number(match[1]) - 1) % all.length] ?? null;
  };
}

/** The bought media, at the origin's root (beside the album pictures' signed route). */
export function messengerMediaFileRoutes(deps: {
  auth: GuestAuth;
  signer: MediaSigner;
  ageGate: AgeGate;
  media: MessengerMediaService;
  mediaDir: string;
  /** The seed's clip pool; default next to mediaDir (clipDirOf). */
  clipDir?: string;
}): FastifyPluginAsync {
  const clipDir = deps.clipDir ?? clipDirOf(deps.mediaDir);
  const clipOf = clipPoolReader(clipDir);
  return async (app) => {
    app.get<{ Params: { mediaId: string; file: string }; Querystring: { t?: string } }>(
      MESSENGER_MEDIA_ROUTE,
      async (request, reply) => {
        const { mediaId: rawId, file: rawFile } = request.params;
        const wanted = parseFile(rawFile);
        if (!ID.test(rawId) || !wanted) return sendRefusal(reply, request, 404, NOT_FOUND);
        const mediaId = Number(rawId);
        const caller = await deps.auth.authenticate(request).catch(() => null);
        const token = typeof request.query.t === 'string' ? request.query.t : undefined;
        const resource =
          wanted.kind === 'photo' ? messengerMediaResource(mediaId) : messengerClipResource(mediaId);
        const check = deps.signer.check(token, resource, caller?.guestId ?? 0);
        if (check !== 'ok')
          return sendRefusal(reply, request, 403, {
            code: 'FORBIDDEN',
            message: 'This media is served only through a URL signed for you',
            reason: check,
          });
        const row = await deps.media.fileOf(mediaId);
        if (!row || row.guestId !== caller?.guestId || row.kind !== wanted.kind || !KEY.test(row.assetKey))
          return sendRefusal(reply, request, 404, NOT_FOUND);
        const reason = await deps.ageGate.restrictionFor(request, row.ageRating);
        if (reason) return sendRestricted(reply, request, reason);
        const send = (type: string, body: string | Buffer) =>
          reply
            .header('cache-control', 'private, no-cache')
            .header('vary', 'cookie')
            .header('referrer-policy', 'no-referrer')
            .type(type)
            .send(body);

        if (wanted.kind === 'photo') {
          try {
            return send(
              'image/webp',
              await readFile(path.join(deps.mediaDir, MESSENGER_MEDIA_SIZE, `${row.assetKey}.webp`)),
            );
          } catch {
            return sendRefusal(reply, request, 404, NOT_FOUND);
          }
        }
        const clip = await clipOf(row.assetKey);
        if (!clip) return sendRefusal(reply, request, 404, NOT_FOUND);
        const { file } = wanted;
        const all = clip.segments.length;
        const url = (name: string) => `${MESSENGER_MEDIA_PREFIX}${mediaId}/${name}?t=${token}`;
        if (file === 'index.m3u8')
          return send(
            CLIP_FILES[file],
            mediaPlaylist(clip, all, (index) => url(`${index}.ts`)),
          );
        if (file === 'thumbnails.vtt')
          return send(CLIP_FILES[file], thumbnailsVtt(clip, all, url('sprite.jpg')));
        if (typeof file === 'object' && file.segment >= all)
          return sendRefusal(reply, request, 404, NOT_FOUND);
        const name = typeof file === 'object' ? segmentFileOf(file.segment) : file;
        try {
          return send(
            typeof file === 'object' ? 'video/mp2t' : CLIP_FILES[file],
            await readFile(path.join(clipDir, clip.key, name)),
          );
        } catch {
          return sendRefusal(reply, request, 404, NOT_FOUND);
        }
      },
    );
  };
}

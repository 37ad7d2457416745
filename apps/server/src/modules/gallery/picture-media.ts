/**
 * Album pictures through URLs signed per guest (issue 17 deliverable 3; spec 9 image sizes).
 *
 * The pool file behind an album picture is never served directly: the media gate refuses every key
 * an album picture uses under `/media/<size>/<key>.webp` (http/age-gate.ts). A picture the caller
 * may see (album-access.ts: its album's preview, or any picture of a free or bought album) is
 * listed with `/media/pictures/<pictureId>/<size>.webp?t=<token>`, the token signed for the caller
 * (infra/signed-media.ts) over the resource `picture:<pictureId>:<size>`. A visitor's URLs are
 * signed for guest 0 (`VISITOR_MEDIA_GUEST`): they open for visitors only, and only preview pictures
 * are ever signed for them.
 *
 * The route re-checks, in this order, and answers 403 with no image bytes when one fails:
 * 1. the token: missing (a direct URL), malformed, forged, expired, or foreign (signed for another
 *    guest than the caller of the session cookie) → 403 FORBIDDEN;
 * 2. the performer's banned countries (spec 6) → 403 ACTOR_BLOCKED_IN_COUNTRY;
 * 3. FSK-18 (spec 4/6): the caller's accepted age check → 403 RESTRICTED (need-login / need-age-check).
 * An unknown picture or size is 404. Answers are `private`: a shared cache keeps nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PictureUrls } from '@vela/contracts/gallery';
import type { FastifyPluginAsync } from 'fastify';
import { type AgeGate, sendRefusal, sendRestricted } from '../../http/age-gate.ts';
import { actorBlockedInCountry, countryOf, isBlockedIn } from '../../infra/country.ts';
import type { MediaSigner, MediaTokenCheck } from '../../infra/signed-media.ts';
import type { GuestAuth } from '../guests/auth.ts';

/** The path of signed album pictures (registered before the pool's static files under /media/). */
export const PICTURE_MEDIA_PREFIX = '/media/pictures/';
/** The route of a signed picture (the media gate leaves requests matched to it alone). */
export const PICTURE_MEDIA_ROUTE = `${PICTURE_MEDIA_PREFIX}:pictureId/:file`;
/** The guest id a visitor's picture URLs are signed for (no guest has id 0). */
export const VISITOR_MEDIA_GUEST = 0;
/** The sizes of spec 9. */
const SIZES = ['w320', 'w640', 'w1280'] as const;
type Size = (typeof SIZES)[number];
/** Cache-Control of a served picture: the caller's browser only, revalidated on every use. */
export const SIGNED_PICTURE_CACHE_CONTROL = 'private, no-cache';

const KEY = /^[a-z0-9][a-z0-9_-]{0,127}$/;
const ID = /^[1-9]\d{0,9}$/;

export const pictureResource = (pictureId: number, size: Size) => `picture:${pictureId}:${size}`;

/** Signs the three URLs of a picture for a caller (null: a visitor). */
export type PictureUrlSigner = (guestId: number | null, pictureId: number) => PictureUrls;

export function pictureUrlSigner(signer: MediaSigner): PictureUrlSigner {
  return (guestId, pictureId) => {
    const guest = guestId ?? VISITOR_MEDIA_GUEST;
    const url = (size: Size) =>
      `${PICTURE_MEDIA_PREFIX}${pictureId}/${size}.webp?t=${signer.sign(guest, pictureResource(pictureId, size))}`;
    return { w320: url('w320'), w640: url('w640'), w1280: url('w1280') };
  };
}

/** What the route needs of a picture: its pool file, age rating and performer's banned countries. */
export interface PictureFile {
  imageKey: string;
  ageRating: number;
  bannedCountryCodes: string[];
}

const TOKEN_MESSAGES: Record<Exclude<MediaTokenCheck, 'ok'>, string> = {
  missing: 'This picture is served only through a signed URL',
  malformed: 'The URL token is not valid',
  forged: 'The URL token is not valid',
  expired: 'The URL has expired; reload the page',
  foreign: 'This URL was signed for someone else',
};

const NOT_FOUND = { code: 'NOT_FOUND', message: 'No such picture' };

export function pictureMediaRoutes(deps: {
  auth: GuestAuth;
  signer: MediaSigner;
  ageGate: AgeGate;
  pictureFile: (pictureId: number) => Promise<PictureFile | null>;
  mediaDir: string;
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, signer, ageGate } = deps;
  return async (app) => {
    app.get<{ Params: { pictureId: string; file: string }; Querystring: { t?: string } }>(
      PICTURE_MEDIA_ROUTE,
      async (request, reply) => {
        const { pictureId: rawId, file } = request.params;
        const size = file.endsWith('.webp') ? (file.slice(0, -'.webp'.length) as Size) : null;
        if (!ID.test(rawId) || Number(rawId) > 2_147_483_647 || size === null || !SIZES.includes(size))
          return sendRefusal(reply, request, 404, NOT_FOUND);
        const pictureId = Number(rawId);
        const token = typeof request.query.t === 'string' ? request.query.t : undefined;
        // A bad or expired session counts as no caller (pictures are fetched by <img>).
        const caller = await auth.authenticate(request).catch(() => null);
        const check = signer.check(
          token,
          pictureResource(pictureId, size),
          caller?.guestId ?? VISITOR_MEDIA_GUEST,
        );
        if (check !== 'ok')
          return sendRefusal(reply, request, 403, {
            code: 'FORBIDDEN',
            message: TOKEN_MESSAGES[check],
            reason: check,
          });
        const picture = await deps.pictureFile(pictureId);
        if (!picture || !KEY.test(picture.imageKey)) return sendRefusal(reply, request, 404, NOT_FOUND);
        if (isBlockedIn(picture.bannedCountryCodes, countryOf(request.headers, deps.countryHeader))) {
          const { code, message } = actorBlockedInCountry();
          return sendRefusal(reply, request, 403, { code, message });
        }
        const reason = await ageGate.restrictionFor(request, picture.ageRating);
        if (reason) return sendRestricted(reply, request, reason);
        let bytes: Buffer;
        try {
          bytes = await readFile(path.join(deps.mediaDir, size, `${picture.imageKey}.webp`));
        } catch {
          return sendRefusal(reply, request, 404, NOT_FOUND);
        }
        return reply
          .header('cache-control', SIGNED_PICTURE_CACHE_CONTROL)
          .header('vary', 'cookie')
          .type('image/webp')
          .send(bytes);
      },
    );
  };
}

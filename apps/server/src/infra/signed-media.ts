/**
 * Media URLs signed per guest (issue 17 deliverable 3): a video's segments, its manifest and the
 * pictures of a bought album are served only to the guest the URL was signed for, until it expires.
 * A direct URL (no token), a foreign one (another guest's), an expired one or a forged one is refused
 * by whoever serves the bytes (403, no bytes).
 *
 * A token is `<guestId>.<expires, unix seconds>.<mac>`, the mac an HMAC-SHA256 (128 bits, base64url)
 * over guest, expiry and the resource the URL names (`hls:<videoId>:<segments>`, `picture:<id>`, ...;
 * the server rebuilds it from the URL, so a token signed for one resource opens no other). The key is
 * derived from the session secret (HKDF, its own purpose), so it survives restarts like the sessions.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { SIGNED_MEDIA_TTL_SECONDS } from '@vela/domain/video-access';

export type MediaTokenCheck = 'ok' | 'missing' | 'malformed' | 'forged' | 'expired' | 'foreign';

export interface MediaSigner {
  /** A token for `guestId` and `resource`, valid for `ttlSeconds` (default SIGNED_MEDIA_TTL_SECONDS). */
  sign(guestId: number, resource: string, ttlSeconds?: number): string;
  /** Whether `token` opens `resource` for `callerGuestId` (null: a caller without a session) now. */
  check(token: string | undefined, resource: string, callerGuestId: number | null): MediaTokenCheck;
}

const TOKEN = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

export function mediaKeyOf(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'vela-media', 'signed-media-url', 32));
}

export function createMediaSigner(key: Buffer, now: () => number = Date.now): MediaSigner {
  const macOf = (guestId: number, expires: number, resource: string) =>
    createHmac('sha256', key).update(`${guestId}.${expires}.${resource}`).digest().subarray(0, 16);

  return {
    sign(guestId, resource, ttlSeconds = SIGNED_MEDIA_TTL_SECONDS) {
      const expires = Math.floor(now() / 1000) + ttlSeconds;
      return `${guestId}.${expires}.${macOf(guestId, expires, resource).toString('base64url')}`;
    },
    check(token, resource, callerGuestId) {
      if (token === undefined || token === '') return 'missing';
      const match = TOKEN.exec(token);
      if (!match) return 'malformed';
      const guestId = Number(match[1]);
      const expires = Number(match[2]);
      const given = Buffer.from(match[3] as string, 'base64url');
      const expected = macOf(guestId, expires, resource);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      if (expires * 1000 <= now()) return 'expired';
      if (callerGuestId !== guestId) return 'foreign';
      return 'ok';
    },
  };
}

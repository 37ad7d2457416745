/**
 * The FSK-18 gate (spec 4 and 9): until the caller's age verification is accepted, every FSK-18
 * resource answers 403 with no content bytes, and a JSON body naming the restriction reason
 * (`need-login` for a visitor, `need-age-check` for a logged-in guest; RestrictedErrorBodySchema).
 * FSK-16 content (avatars, top cams) stays public.
 *
 * - Media: an `onRequest` hook on `/media/` looks the file's key up in `media_images` (age rating
 *   cached in a bounded LRU: the bench seed has ~1M keys) and, for 18, checks the caller. Allowed
 *   FSK-18 files are `private, no-cache`: never stored by a shared cache, and revalidated (through
 *   this gate) on every use, so a revocation takes effect at once. Unknown keys fall through to the
 *   static handler (404).
 * - Everything else FSK-18 (pages, video segments, streams) calls `requireAgeVerified(request)`,
 *   which throws `RestrictedError`; the app's error handler answers it with `sendRestricted`.
 * - Banned countries (spec 6; decision 0018): the same cached lookup also gives the countries in
 *   which the file is only a blocked performer's (`blockedIn`: the countries every performer whose
 *   avatar, video poster, album cover, picture or interview uses the key has banned; empty when
 *   the key is also used by an offered performer or by a category, blog post, contest or TV
 *   show). From one of those countries the file answers 403 `ACTOR_BLOCKED_IN_COUNTRY` with no
 *   bytes, before the age check. The cached value does not depend on the caller (the country is
 *   applied after the cache), so nothing kept for one country reaches another; such a file's
 *   answers send `Vary: <COUNTRY_HEADER>`.
 * - Album pictures (issue 17 deliverable 3): a key that any album picture uses is never served here
 *   (403 FORBIDDEN, no bytes, whoever asks), so neither a locked picture nor a preview is
 *   fetchable by its pool file; the gallery serves them under `/media/pictures/` through URLs
 *   signed per guest (modules/gallery/picture-media.ts), which this gate leaves to that route. Album
 *   covers, avatars, interview images and video posters/pictures use other keys and stay public
 *   (FSK-18 and banned countries as above); the seed gives album pictures their own pool ('photo').
 */
import path from 'node:path';
import type { RestrictedErrorBody, RestrictionReason } from '@vela/contracts/guest';
import { type Db, queryRows } from '@vela/db/client';
import {
  countryCodeOf,
  type GuestSnapshot,
  isBlockedFromPerformer,
  restrictionFor,
  VISITOR,
} from '@vela/domain/restrictions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { actorBlockedInCountry, countryOf, varyOnCountry } from '../infra/country.ts';
import { interviewImageUse } from '../modules/actors/actors.repository.ts';
import { type MediaKeyUse, mediaFactsSql } from '../modules/catalog/media-facts.ts';
import { albumCoverUse, albumPictureKeySql, pictureImageUse } from '../modules/gallery/gallery.repository.ts';
import { PICTURE_MEDIA_ROUTE } from '../modules/gallery/picture-media.ts';
import type { AuthContext, GuestAuth } from '../modules/guests/auth.ts';
import type { GuestRow, GuestsRepository } from '../modules/guests/guests.repository.ts';
import { videoPreviewUse } from '../modules/videos/videos.repository.ts';
import { AppError } from './errors.ts';

/** The age rating from which content is FSK-18. */
export const FSK18 = 18;
/** Rating cache: ~100 bytes per entry, so the default bound stays around 20 MB. */
export const AGE_RATING_CACHE_MAX = 200_000;
/** Ratings rarely change; a changed rating is seen after at most this long. */
export const AGE_RATING_CACHE_TTL_MS = 10 * 60 * 1000;
/** Cache-Control of an FSK-18 file the caller may see. */
export const FSK18_ALLOWED_CACHE_CONTROL = 'private, no-cache';
/** Cache-Control of a refusal. */
export const RESTRICTED_CACHE_CONTROL = 'private, no-store';

const RESTRICTION_MESSAGES: Record<RestrictionReason, string> = {
  'need-login': 'Log in and verify your age to see this content',
  'need-age-check': 'Verify your age to see this content',
  'need-subscription': 'A subscription is needed for this content',
  'need-purchase': 'Buy this content to see it',
};

/** A refused resource; the app's error handler answers it with `sendRestricted`. */
export class RestrictedError extends AppError {
  constructor(readonly reason: RestrictionReason) {
    super('RESTRICTED', RESTRICTION_MESSAGES[reason], 403);
    this.name = 'RestrictedError';
  }
}

export function restrictedBody(reason: RestrictionReason, requestId: string): RestrictedErrorBody {
  const body = {
    success: false as const,
    error: { code: 'RESTRICTED' as const, message: RESTRICTION_MESSAGES[reason], reason },
    requestId,
  };
  return body;
}

/** 403 with the reason, never cached (the answer depends on who asks). */
export function sendRestricted(reply: FastifyReply, request: FastifyRequest, reason: RestrictionReason) {
  return reply
    .code(403)
    .header('cache-control', RESTRICTED_CACHE_CONTROL)
    .type('application/json; charset=utf-8')
    .send(restrictedBody(reason, request.id));
}

/** A refused media request: JSON with the code, never a byte of the file, stored by no cache. */
export function sendRefusal(
  reply: FastifyReply,
  request: FastifyRequest,
  status: 403 | 404,
  error: { code: string; message: string; reason?: string },
) {
  return reply
    .code(status)
    .header('cache-control', RESTRICTED_CACHE_CONTROL)
    .type('application/json; charset=utf-8')
    .send({ success: false, error, requestId: request.id });
}

/** The Guest fields of spec 6 that decide an age restriction, from a guest row (null: a visitor). */
export function snapshotOf(guest: GuestRow | null | undefined): GuestSnapshot {
  if (!guest) return VISITOR;
  return {
    ...VISITOR,
    isLoggedIn: true,
    isLocked: guest.locked,
    hasAvs: guest.avsStatus === 'accepted',
    isRestricted: guest.restricted,
  };
}

/**
 * The media key of a `/media/...` URL: the file name without extension, lower-cased, after the same
 * decoding and normalisation the static handler applies (so `%2D` or `..` cannot dodge the gate).
 * Null when the URL cannot name a pool image.
 */
export function mediaKeyOf(url: string): string | null {
  const pathname = url.split('?', 1)[0] ?? url;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const base = path.posix.basename(path.posix.normalize(decoded));
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).toLowerCase();
  return /^[a-z0-9][a-z0-9_-]{0,127}$/.test(stem) ? stem : null;
}

export interface AgeGateDeps {
  db: Db;
  auth: GuestAuth;
  guests: Pick<GuestsRepository, 'guestById'>;
  cacheMax?: number;
  cacheTtlMs?: number;
  /** The clock of the rating cache's TTL (tests move it forward); performance by default. */
  clock?: { now(): number };
}

/** What the media gate knows of a pool image (cached per key, the same for every caller). */
export interface MediaFacts {
  ageRating: number;
  /**
   * Upper-case country codes in which the file is only content of blocked performers: every use
   * of the key is a performer's who bans that country. Empty for most files.
   */
  blockedIn: string[];
  /** An album picture uses the key: its file is served only through a signed URL, never here. */
  signedOnly: boolean;
}

/**
 * The uses of a media key by performers' rows of other modules, each offered by its owner
 * (decision 0030); the catalog composes them with its own into one statement (mediaFactsSql).
 */
const PERFORMER_MEDIA_USES: readonly MediaKeyUse[] = [
  interviewImageUse,
  albumCoverUse,
  pictureImageUse,
  videoPreviewUse,
];

export interface AgeGate {
  /** The age rating of a pool image, or null for an unknown key (cached). */
  ratingOf(key: string): Promise<number | null>;
  /** Age rating and blocked countries of a pool image, or null for an unknown key (cached). */
  mediaOf(key: string): Promise<MediaFacts | null>;
  /** The restriction reason of a guest (null: a visitor) for content of `ageRating`, or null when allowed. */
  reasonFor(guestId: number | null, ageRating: number): Promise<RestrictionReason | null>;
  /** The caller's restriction reason for content of `ageRating`, or null when allowed. */
  restrictionFor(request: FastifyRequest, ageRating: number): Promise<RestrictionReason | null>;
  /**
   * For FSK-18 pages, video segments and streams: the caller when their age verification is
   * accepted, else throws RestrictedError (need-login / need-age-check).
   */
  requireAgeVerified(request: FastifyRequest): Promise<AuthContext & { guestId: number }>;
}

export function createAgeGate(deps: AgeGateDeps): AgeGate {
  const UNKNOWN: MediaFacts = { ageRating: -1, blockedIn: [], signedOnly: false };
  const ratings = new LRUCache<string, MediaFacts>({
    max: deps.cacheMax ?? AGE_RATING_CACHE_MAX,
    ttl: deps.cacheTtlMs ?? AGE_RATING_CACHE_TTL_MS,
    ttlResolution: 0,
    ...(deps.clock ? { perf: deps.clock } : {}),
    // Concurrent misses of one key share one query.
    fetchMethod: async (key) => {
      const [row] = await queryRows<{ ageRating: number; blockedIn: string[] }>(
        deps.db,
        mediaFactsSql(key, PERFORMER_MEDIA_USES),
      );
      if (!row) return UNKNOWN;
      const [picture] = await queryRows<{ signedOnly: boolean }>(deps.db, albumPictureKeySql(key));
      // Only codes that can name a country (the stored lists are upper-case ISO codes).
      const blockedIn = row.blockedIn.filter((code) => countryCodeOf(code) === code);
      return { ageRating: Number(row.ageRating), blockedIn, signedOnly: picture?.signedOnly === true };
    },
  });

  const mediaOf = async (key: string): Promise<MediaFacts | null> => {
    const facts = await ratings.fetch(key);
    return facts === undefined || facts === UNKNOWN ? null : facts;
  };

  /** The caller, where a bad or expired token counts as no caller (media are fetched by <img>). */
  const callerOf = async (request: FastifyRequest) => {
    const context = await deps.auth.authenticate(request).catch(() => null);
    if (!context || context.guestId === null) return { context: null, guest: null };
    const guest = await deps.guests.guestById(context.guestId);
    return { context, guest: guest ?? null };
  };

  const reasonFor = (guest: GuestRow | null, ageRating: number) =>
    restrictionFor(snapshotOf(guest), { ageCheck: ageRating >= FSK18 });

  return {
    async ratingOf(key) {
      return (await mediaOf(key))?.ageRating ?? null;
    },
    mediaOf,
    async reasonFor(guestId, ageRating) {
      if (ageRating < FSK18) return null;
      const guest = guestId === null ? null : ((await deps.guests.guestById(guestId)) ?? null);
      return reasonFor(guest, ageRating);
    },
    async restrictionFor(request, ageRating) {
      if (ageRating < FSK18) return null;
      const { guest } = await callerOf(request);
      return reasonFor(guest, ageRating);
    },
    async requireAgeVerified(request) {
      const { context, guest } = await callerOf(request);
      const reason = reasonFor(guest, FSK18);
      if (reason || !context || !guest) throw new RestrictedError(reason ?? 'need-login');
      return { ...context, guestId: guest.id };
    },
  };
}

/**
 * The gate in front of `/media/`: register before the static handler. `countryHeader` names the
 * edge header with the caller's country (config COUNTRY_HEADER; decision 0018).
 */
export function registerMediaAgeGate(app: FastifyInstance, gate: AgeGate, countryHeader: string): void {
  const allowedFsk18 = new WeakSet<FastifyRequest>();
  const variesByCountry = new WeakSet<FastifyRequest>();
  const vary = varyOnCountry(countryHeader);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/media/')) return;
    // Signed album pictures: their route checks token, caller, country and age itself (the matched
    // route, not the URL's prefix: `/media/pictures/../w640/<key>.webp` reaches the static files).
    if (request.routeOptions.url === PICTURE_MEDIA_ROUTE) return;
    const key = mediaKeyOf(request.url);
    if (key === null) return;
    const facts = await gate.mediaOf(key);
    if (facts === null) return;
    if (facts.signedOnly)
      return sendRefusal(reply, request, 403, {
        code: 'FORBIDDEN',
        message: 'This picture is served only through a signed URL',
        reason: 'missing',
      });
    if (facts.blockedIn.length > 0) {
      variesByCountry.add(request);
      if (isBlockedFromPerformer(countryOf(request.headers, countryHeader), facts.blockedIn)) {
        const { code, message } = actorBlockedInCountry();
        return sendRefusal(reply, request, 403, { code, message });
      }
    }
    if (facts.ageRating < FSK18) return;
    const reason = await gate.restrictionFor(request, facts.ageRating);
    if (reason) return sendRestricted(reply, request, reason);
    allowedFsk18.add(request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (allowedFsk18.has(request)) reply.header('cache-control', FSK18_ALLOWED_CACHE_CONTROL);
    if (variesByCountry.has(request)) return vary(request, reply, payload);
    return payload;
  });
}

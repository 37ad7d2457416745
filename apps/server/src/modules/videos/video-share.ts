/**
 * Spec 7 `guest/sendVideoShareEmail`: a logged-in guest sends a video to one friend's address
 * through the mail module, in a fixed template (mail/video-share-mail.ts) in the recipient-facing
 * language. Not an open relay:
 * - one recipient per call, checked by the spec 5 e-mail rule (the declared body; no whitespace, so
 *   no CR/LF reaches a header), no subject, body or header of the sender's: only a plain-text note
 *   of at most 200 characters inside the template;
 * - at most SHARE_PER_GUEST mails per guest and hour and SHARE_PER_RECIPIENT per address and day
 *   (infra/rate-limit.ts: 429 RATE_LIMITED with Retry-After; the address is counted as a hash, so
 *   the counters hold no address);
 * - the refusals come first and take no attempt: unknown video 404 VIDEO_NOT_FOUND, a performer
 *   blocked in the caller's country 403 ACTOR_BLOCKED_IN_COUNTRY (spec 6), an FSK-18 video shared by
 *   a guest without an accepted age check 403 RESTRICTED (spec 6 age-verified guest).
 */
import { createHash } from 'node:crypto';
import type { Language } from '@vela/contracts/common';
import type { Db } from '@vela/db/client';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { pathFor } from '@vela/i18n/routes';
import { type AgeGate, RestrictedError } from '../../http/age-gate.ts';
import { AppError } from '../../http/errors.ts';
import { assertOfferedIn, type Country } from '../../infra/country.ts';
import { createRateLimiter, type Limit, type RateLimitStore } from '../../infra/rate-limit.ts';
import { actorRowsSql } from '../catalog/actor-sql.ts';
import type { Mailer } from '../mail/mailer.ts';
import { videoShareMail } from '../mail/video-share-mail.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Shares per guest and hour. */
export const SHARE_PER_GUEST: Limit = { name: 'video-share-guest', max: 10, windowMs: HOUR_MS };
/** Shares to one address per day, from all guests together. */
export const SHARE_PER_RECIPIENT: Limit = { name: 'video-share-to', max: 3, windowMs: 24 * HOUR_MS };

export interface VideoShareDeps {
  db: Db;
  mailer: Mailer;
  ageGate: Pick<AgeGate, 'reasonFor'>;
  /** The guests' screen names (the guests module's read) and the rate-limit counters. */
  guests: { screenNamesOf(ids: readonly number[]): Promise<Map<number, string>>; rateLimits: RateLimitStore };
  brandName: string;
  publicOrigin: string;
}

export interface VideoShareRequest {
  videoId: number;
  /** Checked by the declared body (spec 5 rule), trimmed. */
  email: string;
  language: Language;
  note?: string | undefined;
}

/** The counter key of an address: a hash of the lower-cased address (the counters hold no address). */
const recipientKey = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('base64url');

export function createVideoShare(deps: VideoShareDeps) {
  const limiter = createRateLimiter(deps.guests);

  async function videoOf(videoId: number) {
    const [row] = await queryRows<Record<string, unknown>>(
      deps.db,
      sql`select v.id, v.title, v.age_rating, a.name, a.name_lower, a.banned_country_codes
          from videos v join ${actorRowsSql()} a on a.id = v.actor_id where v.id = ${videoId}`,
    );
    if (!row) return null;
    return {
      id: Number(row.id),
      title: String(row.title),
      ageRating: Number(row.age_rating),
      performer: String(row.name),
      slug: String(row.name_lower),
      bannedCountryCodes: Array.isArray(row.banned_country_codes)
        ? (row.banned_country_codes as string[])
        : [],
    };
  }

  return {
    async send(guestId: number, request: VideoShareRequest, country: Country) {
      const video = await videoOf(request.videoId);
      if (!video) throw new AppError('VIDEO_NOT_FOUND', 'No such video', 404);
      assertOfferedIn(video.bannedCountryCodes, country);
      const reason = await deps.ageGate.reasonFor(guestId, video.ageRating);
      if (reason) throw new RestrictedError(reason);
      const sender = (await deps.guests.screenNamesOf([guestId])).get(guestId);
      if (sender === undefined) throw new AppError('NOT_LOGGED_IN', 'Log in to share videos', 401);

      const attempt = await limiter.takeAll([
        [SHARE_PER_GUEST, String(guestId)],
        [SHARE_PER_RECIPIENT, recipientKey(request.email)],
      ]);
      // The performer's videos page opens the video in its modal (`?video=<id>`).
      const link = `${deps.publicOrigin}${pathFor('Actor/Videos', request.language, { actorName: video.slug })}?video=${video.id}`;
      const content = videoShareMail(request.language, {
        brandName: deps.brandName,
        senderName: sender,
        title: video.title,
        performer: video.performer,
        link,
        note: request.note?.replaceAll('\r\n', '\n'),
      });
      try {
        await deps.mailer.send({ kind: 'video-share', to: request.email, ...content });
      } catch (error) {
        // Nothing went out: the attempt does not count.
        await attempt.refund();
        throw error;
      }
      return { sent: true as const, language: request.language };
    },
  };
}

export type VideoShare = ReturnType<typeof createVideoShare>;

/**
 * The token of a newsletter unsubscribe link (issue 14 defect 11; docs/decisions/0028).
 *
 * `<payload>.<signature>`, both base64url: the payload is the JSON
 * `{ p: "newsletter-unsubscribe", g: <guest id>, t: <newsletter bits to clear>, l: <language of the
 * mail>, e: <expiry, unix seconds> }`; the signature is HMAC-SHA256 over `<payload>` with a key derived
 * from the session secret for this purpose alone (HKDF, info `newsletter-unsubscribe`), so neither an
 * access token nor any other signed value of the server is ever an unsubscribe token. Compared in
 * constant time. The token is a credential for one change (clearing newsletter bits of one guest); it
 * stays out of the logs (`token` is a scrubbed query parameter, http/logging.ts).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { LanguageSchema } from '@vela/contracts/common';
import { NEWSLETTER_BITS, UNSUBSCRIBE_TOKEN_MAX_LENGTH } from '@vela/contracts/guest-api';
import { z } from 'zod';

export const UNSUBSCRIBE_PURPOSE = 'newsletter-unsubscribe';
/**
 * How long an unsubscribe link works: well past the 30 days the US CAN-SPAM Act asks of an opt-out
 * link, and long enough for a mail read weeks later.
 */
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 90 * 24 * 60 * 60;

const ALL_NEWSLETTER_BITS = NEWSLETTER_BITS.reduce((all, bit) => all | bit, 0);

const PayloadSchema = z.strictObject({
  p: z.string(),
  g: z.number().int().positive(),
  t: z
    .number()
    .int()
    .positive()
    .refine((bits) => (bits & ~ALL_NEWSLETTER_BITS) === 0, 'unknown newsletter bits'),
  l: LanguageSchema,
  e: z.number().int(),
});
export type UnsubscribePayload = z.infer<typeof PayloadSchema>;

export type UnsubscribeTokenCheck =
  | { ok: true; guestId: number; bits: number; language: UnsubscribePayload['l'] }
  | { ok: false; reason: 'invalid' | 'expired' };

/** The HMAC key of unsubscribe tokens, derived from the session secret. */
export function unsubscribeKeyOf(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'vela-guests', UNSUBSCRIBE_PURPOSE, 32));
}

const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** Signs any payload (tests sign expired and foreign ones with it). */
export function signUnsubscribePayload(key: Buffer, payload: Record<string, unknown>): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${signatureOf(key, encoded).toString('base64url')}`;
}

/** A token that clears `bits` of the guest's newsletters until `now + ttl`. */
export function mintUnsubscribeToken(
  key: Buffer,
  values: { guestId: number; bits: number; language: UnsubscribePayload['l'] },
  nowMs = Date.now(),
): string {
  return signUnsubscribePayload(key, {
    p: UNSUBSCRIBE_PURPOSE,
    g: values.guestId,
    t: values.bits,
    l: values.language,
    e: Math.floor(nowMs / 1000) + UNSUBSCRIBE_TOKEN_TTL_SECONDS,
  });
}

export function verifyUnsubscribeToken(
  key: Buffer,
  token: string,
  nowMs = Date.now(),
): UnsubscribeTokenCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (token.length > UNSUBSCRIBE_TOKEN_MAX_LENGTH) return invalid;
  const parts = token.split('.');
  if (parts.length !== 2) return invalid;
  const [encoded, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || !/^[A-Za-z0-9_-]+$/.test(signature)) return invalid;
  const expected = signatureOf(key, encoded);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  const parsed = PayloadSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.p !== UNSUBSCRIBE_PURPOSE) return invalid;
  if (parsed.data.e * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, guestId: parsed.data.g, bits: parsed.data.t, language: parsed.data.l };
}

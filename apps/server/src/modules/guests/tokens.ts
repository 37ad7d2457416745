/**
 * Short-lived access tokens minted from a guest session (spec 7: query `accessToken` or
 * `Authorization: Bearer`). Format `v1.<payload>.<signature>`, both base64url; the signature is
 * HMAC-SHA256 over `v1.<payload>` with the session secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;

const PayloadSchema = z.strictObject({
  /** Session id. */
  sid: z.number().int().positive(),
  scope: z.literal('guest'),
  /** Expiry, ms since epoch. */
  exp: z.number().int(),
});
export type AccessTokenPayload = z.infer<typeof PayloadSchema>;

export type TokenCheck =
  | { ok: true; payload: AccessTokenPayload }
  | { ok: false; code: 'INVALID_TOKEN' | 'TOKEN_EXPIRED' };

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

export function mintAccessToken(
  secret: string,
  sessionId: number,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const payload: AccessTokenPayload = { sid: sessionId, scope: 'guest', exp: now + ACCESS_TOKEN_TTL_MS };
  const body = `v1.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return { token: `${body}.${sign(secret, body).toString('base64url')}`, expiresAt: new Date(payload.exp) };
}

export function verifyAccessToken(secret: string, token: string, now = Date.now()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1' || !parts[1] || !parts[2])
    return { ok: false, code: 'INVALID_TOKEN' };
  const expected = sign(secret, `v1.${parts[1]}`);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, code: 'INVALID_TOKEN' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, code: 'INVALID_TOKEN' };
  }
  const parsed = PayloadSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, code: 'INVALID_TOKEN' };
  if (parsed.data.exp <= now) return { ok: false, code: 'TOKEN_EXPIRED' };
  return { ok: true, payload: parsed.data };
}

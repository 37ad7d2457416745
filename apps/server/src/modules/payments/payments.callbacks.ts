/**
 * Signatures of provider callbacks: header `X-Sandbox-Signature: t=<unix seconds>,v1=<hex>` where
 * v1 = HMAC-SHA256(secret, "<t>.<raw body>"). Compared in constant time; a timestamp more than
 * 300 s away from now is refused (replays of old deliveries).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { sessionSecretOf } from '../guests/secret.ts';

export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** PAYMENT_WEBHOOK_SECRET, or (outside production) a key derived from the session key with HKDF. */
export async function webhookSecretOf(config: Config): Promise<string> {
  if (config.paymentWebhookSecret) return config.paymentWebhookSecret;
  const sessionSecret = await sessionSecretOf(config);
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'vela-payments', 'payment-webhook', 32)).toString(
    'hex',
  );
}

/** A derived key for another purpose of the payments module (e.g. the 3-D Secure page links). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'vela-payments', purpose, 32));
}

export function hmacHex(secret: string | Buffer, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, `${unixSeconds}.${rawBody}`)}`;
}

/** Constant-time equality of two hex strings (false for different lengths, without timing hints on content). */
export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** Throws 400 (missing or malformed header) or 401 (wrong or stale signature); nothing else happens. */
export function verifySignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds: number,
): void {
  if (!header) throw new AppError('SIGNATURE_MISSING', 'The X-Sandbox-Signature header is missing', 400);
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) parts.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d{1,12}$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) {
    throw new AppError('SIGNATURE_MALFORMED', 'The X-Sandbox-Signature header is malformed', 400);
  }
  if (!sameHex(hmacHex(secret, `${t}.${rawBody}`), v1)) {
    throw new AppError('SIGNATURE_INVALID', 'The callback signature does not match', 401);
  }
  if (Math.abs(nowSeconds - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new AppError('SIGNATURE_EXPIRED', 'The callback signature is too old or from the future', 401);
  }
}

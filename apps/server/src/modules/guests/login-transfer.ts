/**
 * One-time login transfer tokens (decision 0008). A login, signup or password reset in the payment
 * dialog (its own origin, no cookies) answers a transfer token; the page exchanges it once, within
 * 5 minutes, through `vxpay/onsuccess` for its session cookie. Only the token's SHA-256 is stored.
 */
import { randomBytes } from 'node:crypto';
import { hashSessionToken } from './auth.ts';
import type { GuestsRepository } from './guests.repository.ts';

export const TRANSFER_TOKEN_TTL_MS = 5 * 60 * 1000;

export async function createLoginTransfer(
  repository: GuestsRepository,
  sessionId: number,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repository.insertLoginTransfer(
    sessionId,
    hashSessionToken(token),
    new Date(now + TRANSFER_TOKEN_TTL_MS),
  );
  return token;
}

/** The session of a transfer token, marking the token used; null when unknown, used or expired. */
export function useLoginTransfer(repository: GuestsRepository, token: string, now = Date.now()) {
  return repository.useLoginTransfer(hashSessionToken(token), new Date(now));
}

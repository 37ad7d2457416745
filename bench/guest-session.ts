/**
 * A logged-in guest for the page benchmarks (decision 0033): signed up through the server's own
 * `POST /rest/v1/guest/signup` (one argon2id hash, once per run) so the session, its cookie and the
 * guest row are exactly what a browser gets. Answers the `vela_session=...` cookie.
 */
import { randomBytes } from 'node:crypto';
import { hashSessionToken } from '../apps/server/src/modules/guests/auth.ts';
import type { GuestsRepository } from '../apps/server/src/modules/guests/guests.repository.ts';

/**
 * A guest row and a live session made directly in the database, as login makes it (the session
 * token's SHA-256 is stored): no password hash per guest, so such a guest cannot log in by password.
 * Answers the guest's id and the session token its cookie carries.
 */
export async function insertGuestWithSession(
  guests: GuestsRepository,
  screenName: string,
  email: string,
): Promise<{ guestId: number; token: string }> {
  const guest = await guests.insertGuest({
    screenName,
    email,
    passwordHash: 'bench-guest-without-password',
    signupOrigin: null,
  });
  const token = randomBytes(32).toString('base64url');
  await guests.insertSession({
    guestId: guest.id,
    tokenHash: hashSessionToken(token),
    userAgent: 'bench',
    ip: '127.0.0.1',
  });
  return { guestId: guest.id, token };
}

export async function benchGuestCookie(base: string): Promise<string> {
  const run = randomBytes(4).toString('hex');
  const response = await fetch(`${base}/rest/v1/guest/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      screenName: `bench${run}`,
      email: `bench-${run}@bench.invalid`,
      password: `bench-${run}-Passw0rd!`,
    }),
  });
  if (response.status !== 201)
    throw new Error(`bench guest signup answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0] ?? '')
    .find((pair) => pair.startsWith('vela_session='));
  if (!cookie) throw new Error('bench guest signup set no session cookie');
  return cookie;
}

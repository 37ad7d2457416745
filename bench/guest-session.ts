/**
 * Logged-in guests for the benchmarks: a guest row and a live session written to the bench database
 * the way login writes them, so the server sees exactly what a browser's session cookie brings.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase } from '@vela/db/client';
import { hashSessionToken, SESSION_COOKIE } from '../apps/server/src/modules/guests/auth.ts';
import {
  createGuestsRepository,
  type GuestsRepository,
} from '../apps/server/src/modules/guests/guests.repository.ts';

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

/**
 * One logged-in guest with a live session in the database of `databaseUrl` (made there, as login makes
 * it; never through the public signup, which allows 5 signups per hour per IP): its id and the
 * `vela_session=...` cookie a browser would send. `prefix` names the bench in the screen name and email.
 */
export async function benchGuest(
  databaseUrl: string,
  prefix: string,
): Promise<{ guestId: number; cookie: string }> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    const run = randomBytes(4).toString('hex');
    const { guestId, token } = await insertGuestWithSession(
      createGuestsRepository(database.db),
      `${prefix}${run}`,
      `bench-${prefix}-${run}@bench.invalid`,
    );
    return { guestId, cookie: `${SESSION_COOKIE}=${token}` };
  } finally {
    await database.close();
  }
}

/**
 * The access token of the page's socket (decision 0024): `POST guest/accessToken` with the session
 * cookie (15 min TTL). The server checks a token's expiry only at `requestSession`, so a token is
 * reused for connections within ~10 minutes of fetching it and fetched again after that, or when
 * the server refused it (`fresh`). Visitors have none: their socket is anonymous — except the
 * anonymous voice caller's tab (decision 0051: `voiceCaller()`), whose socket opens with its visitor
 * session's token and no guest id, to watch and write in its call's live session.
 */
import { type PageAccessToken, requestAccessToken } from '../../payment-dialog/api.ts';
import type { SocketCredentials } from '../socketClient.ts';

/** A token this old is fetched again before the next connection. */
export const TOKEN_REUSE_MS = 10 * 60_000;
/** ...and so is one that expires within this (a clock-skew margin). */
const EXPIRY_MARGIN_MS = 60_000;

export interface CredentialsSourceDeps {
  fetchToken?: () => Promise<PageAccessToken | null>;
  now?: () => number;
  /** Whether this visitor tab is the anonymous voice caller's (read at each connection). */
  voiceCaller?: () => boolean;
}

export type CredentialsSource = (
  guestId: string | null,
  options: { fresh: boolean },
) => Promise<SocketCredentials | null>;

export function createCredentialsSource({
  fetchToken = requestAccessToken,
  now = Date.now,
  voiceCaller = () => false,
}: CredentialsSourceDeps = {}): CredentialsSource {
  let cached: { guestId: string | null; token: string; fetchedAt: number; expiresAt: number } | null = null;
  let inFlight: Promise<PageAccessToken | null> | null = null;
  return async (guestId, { fresh }) => {
    if (guestId === null && !voiceCaller()) {
      cached = null;
      return null;
    }
    const at = now();
    if (
      !fresh &&
      cached?.guestId === guestId &&
      at - cached.fetchedAt < TOKEN_REUSE_MS &&
      cached.expiresAt - at > EXPIRY_MARGIN_MS
    ) {
      return { token: cached.token, guestId };
    }
    inFlight ??= fetchToken().finally(() => {
      inFlight = null;
    });
    const token = await inFlight;
    // A logged-in page without a token retries later (the socket client waits and asks again).
    if (!token) throw new Error('no access token');
    cached = { guestId, token: token.accessToken, fetchedAt: at, expiresAt: token.expiresAt.getTime() };
    return { token: token.accessToken, guestId };
  };
}

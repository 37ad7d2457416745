/**
 * Who is calling: `authenticate(request)` for every module that needs the caller.
 *
 * A visitor's session is a random token in the HttpOnly, SameSite=Lax cookie `vela_session`; only its
 * SHA-256 is stored. Sessions are created lazily by `ensureSession`, on REST calls that need one,
 * never on pages (the page micro-cache serves visitors without a session). An access token minted
 * from the session (query `accessToken` or `Authorization: Bearer`) authenticates as that session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryParam } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import type { GuestsRepository, SessionAuthRow } from './guests.repository.ts';
import { verifyAccessToken } from './tokens.ts';

export const SESSION_COOKIE = 'vela_session';
/** Sessions are long-lived: the cookie is kept for a year. */
const SESSION_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** `last_seen_at` is written at most this often per session (not on every request). */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export interface AuthContext {
  /** The logged-in guest, or null for an anonymous session (or a locked guest: locked = logged out). */
  guestId: number | null;
  sessionId: number;
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The access token of a request: `Authorization: Bearer` first, then the `accessToken` query parameter. */
function accessTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('INVALID_TOKEN', 'Malformed Authorization header', 401);
    return match[1];
  }
  const value = queryParam(request, 'accessToken');
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new AppError('INVALID_TOKEN', 'Invalid access token', 401);
  return value;
}

export interface GuestAuth {
  /** The caller's session, or null when there is none. A bad or expired access token is a 401. */
  authenticate(request: FastifyRequest): Promise<AuthContext | null>;
  /** The logged-in caller, or 401 NOT_LOGGED_IN (visitors, ended sessions, locked guests). */
  requireGuest(request: FastifyRequest): Promise<AuthContext & { guestId: number }>;
  /** The session of the cookie alone (pages: a token in a page URL is ignored). */
  authenticateCookie(request: FastifyRequest): Promise<AuthContext | null>;
  /**
   * The caller's session, creating an anonymous one (and its cookie) when there is none; `admitNew`
   * runs before a creation and may refuse it by throwing (the per-IP limit of anonymous sessions).
   */
  ensureSession(
    request: FastifyRequest,
    reply: FastifyReply,
    admitNew: () => Promise<void>,
  ): Promise<AuthContext>;
  /**
   * A fresh session of `guestId` in this browser's cookie. Ends nothing: a login goes through
   * `SessionEnder.logIn`, which ends the browser's previous session first.
   */
  issueSession(request: FastifyRequest, reply: FastifyReply, guestId: number): Promise<AuthContext>;
  /**
   * Puts an existing live session into this browser's cookie under a fresh token (the login transfer
   * of the payment dialog); the session's previous cookie token stops working. False when the session
   * has ended. Ends nothing: the transfer goes through `SessionEnder.adopt`.
   */
  adoptSession(reply: FastifyReply, sessionId: number): Promise<boolean>;
  clearCookie(reply: FastifyReply): void;
  /**
   * The socket's `requestSession` (spec 7): the live session of an access token (expiry checked), or
   * an error code. A locked or deleted guest's session counts as a visitor's (guestId null).
   */
  sessionOfAccessToken(
    token: string,
  ): Promise<AuthContext | { error: 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'SESSION_ENDED' }>;
  /** The session id a validly signed access token names, whatever its expiry (later socket messages). */
  signedSessionIdOf(token: string): number | null;
  /** The session, if still live, with its guest (null for a visitor, a locked or deleted guest). */
  liveSession(sessionId: number): Promise<AuthContext | null>;
}

export function createGuestAuth(deps: {
  repository: GuestsRepository;
  secret: string;
  secureCookies: boolean;
}): GuestAuth {
  const { repository, secret } = deps;
  const cookieAttributes = `Path=/; HttpOnly; SameSite=Lax${deps.secureCookies ? '; Secure' : ''}`;

  const contextOf = async (session: SessionAuthRow): Promise<AuthContext> => {
    if (Date.now() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS)
      await repository.touchSession(session.id);
    // A deleted guest (no row: guestLocked null) or a locked one counts as logged out; so would a
    // voice caller's stand-in (decision 0051), which no session ever names.
    const guestId =
      session.guestId !== null && session.guestLocked === false && session.guestKind === 'registered'
        ? session.guestId
        : null;
    return { guestId, sessionId: session.id };
  };

  const authenticate = async (request: FastifyRequest): Promise<AuthContext | null> => {
    const token = accessTokenOf(request);
    if (token !== undefined) {
      const check = verifyAccessToken(secret, token);
      if (!check.ok)
        throw new AppError(
          check.code,
          check.code === 'TOKEN_EXPIRED' ? 'The access token expired' : 'Invalid access token',
          401,
        );
      const session = await repository.liveSessionAuthById(check.payload.sid);
      if (!session) throw new AppError('INVALID_TOKEN', 'The session of this access token has ended', 401);
      return contextOf(session);
    }
    return authenticateCookie(request);
  };

  const authenticateCookie = async (request: FastifyRequest): Promise<AuthContext | null> => {
    const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (!cookie) return null;
    const session = await repository.liveSessionAuthByTokenHash(hashSessionToken(cookie));
    if (!session) return null;
    return contextOf(session);
  };

  const setCookie = (reply: FastifyReply, token: string) =>
    reply.header(
      'set-cookie',
      `${SESSION_COOKIE}=${token}; Max-Age=${SESSION_COOKIE_MAX_AGE_SECONDS}; ${cookieAttributes}`,
    );

  const newSession = async (request: FastifyRequest, reply: FastifyReply, guestId: number | null) => {
    const token = randomBytes(32).toString('base64url');
    const session = await repository.insertSession({
      guestId,
      tokenHash: hashSessionToken(token),
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      ip: request.ip,
    });
    setCookie(reply, token);
    return { guestId, sessionId: session.id };
  };

  return {
    authenticate,
    authenticateCookie,
    async requireGuest(request) {
      const context = await authenticate(request);
      if (!context || context.guestId === null) throw new AppError('NOT_LOGGED_IN', 'Log in first', 401);
      return { ...context, guestId: context.guestId };
    },
    async ensureSession(request, reply, admitNew) {
      const current = await authenticate(request);
      if (current) return current;
      await admitNew();
      return newSession(request, reply, null);
    },
    issueSession: (request, reply, guestId) => newSession(request, reply, guestId),
    async adoptSession(reply, sessionId) {
      const token = randomBytes(32).toString('base64url');
      if (!(await repository.rotateSessionToken(sessionId, hashSessionToken(token)))) return false;
      setCookie(reply, token);
      return true;
    },
    async sessionOfAccessToken(token) {
      const check = verifyAccessToken(secret, token);
      if (!check.ok) return { error: check.code };
      const session = await repository.liveSessionAuthById(check.payload.sid);
      if (!session) return { error: 'SESSION_ENDED' };
      return contextOf(session);
    },
    signedSessionIdOf(token) {
      // Expiry is not the question here: the socket's session was checked when it was opened.
      const check = verifyAccessToken(secret, token, Number.NEGATIVE_INFINITY);
      return check.ok ? check.payload.sid : null;
    },
    async liveSession(sessionId) {
      const session = await repository.liveSessionAuthById(sessionId);
      return session ? contextOf(session) : null;
    },
    clearCookie(reply) {
      reply.header('set-cookie', `${SESSION_COOKIE}=; Max-Age=0; ${cookieAttributes}`);
    },
  };
}

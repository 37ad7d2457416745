/**
 * The one way a session ends (issue 14, decision 0026): a login or signup over the browser's
 * session, a transfer (`vxpay/onsuccess`) over it, logout, a removed session, a password change or
 * reset, an operator's lock. Each ends the rows here (the only code that sets `revoked_at`, through
 * `createSessionEndRepository`) and then announces the end to every guest whose session ended, so
 * their open sockets check their session and close at once (`sessionCheck`; a lock sends
 * `guestLocked`, which closes them). A failed announcement is logged by `announce` and never undoes
 * the end; each socket also re-reads its session every 5 minutes.
 */
import type { Db } from '@vela/db/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, GuestAuth } from './auth.ts';
import { createSessionEndRepository, type EndedSession } from './guests.repository.ts';

/** What the pages of a guest whose sessions ended hear. */
export type SessionEndEvent = { type: 'sessionCheck' } | { type: 'guestLocked' };

export interface SessionEnderDeps {
  db: Db;
  auth: GuestAuth;
  /** Publishes to every open page of the guest, on every node (realtime `publishToGuest`). */
  announce(guestId: number, event: SessionEndEvent): Promise<void>;
  now?: () => Date;
}

export interface EndGuestSessionsOptions {
  /** This session stays (a password change keeps the caller's). */
  except?: number;
  /**
   * Runs first, in the same transaction (the reset key used and the new password, the lock flag).
   * False (no such guest, a key used meanwhile) ends nothing; the answer is then null.
   */
  change?: (tx: Db) => Promise<boolean>;
  /** `guestLocked` for a lock (announced even when no session was live); `sessionCheck` otherwise. */
  event?: SessionEndEvent['type'];
}

export interface SessionEnder {
  /**
   * Login, signup and password reset: the caller's current session (cookie or bearer token, whoever
   * it belonged to) ends, and a fresh session of `guestId` is put into the browser's cookie.
   */
  logIn(request: FastifyRequest, reply: FastifyReply, guestId: number): Promise<AuthContext>;
  /**
   * The login transfer (`vxpay/onsuccess`): the browser's cookie session, if another one, ends and
   * the live session `sessionId` is put into the cookie. False when that session has ended.
   */
  adopt(request: FastifyRequest, reply: FastifyReply, sessionId: number): Promise<boolean>;
  /** Logout, a removed session: ends one session (only `ofGuest`'s when given); false when not live. */
  endSession(sessionId: number, options?: { ofGuest?: number }): Promise<boolean>;
  /** Password change, password reset, lock: ends the guest's sessions; how many (null: `change` refused). */
  endGuestSessions(guestId: number, options?: EndGuestSessionsOptions): Promise<number | null>;
}

export function createSessionEnder(deps: SessionEnderDeps): SessionEnder {
  const { auth } = deps;
  const now = deps.now ?? (() => new Date());
  const sessions = createSessionEndRepository(deps.db);

  /** Every guest whose session ended hears it once; a visitor's session has no pages to tell. */
  const announceEnded = async (ended: EndedSession[]) => {
    const guestIds = new Set(ended.flatMap((session) => (session.guestId === null ? [] : [session.guestId])));
    await Promise.all([...guestIds].map((guestId) => deps.announce(guestId, { type: 'sessionCheck' })));
  };
  const endSession = async (sessionId: number, ofGuest?: number) => {
    const ended = await sessions.endSession(sessionId, now(), ofGuest);
    await announceEnded(ended);
    return ended.length > 0;
  };

  return {
    async logIn(request, reply, guestId) {
      const current = await auth.authenticate(request).catch(() => null);
      // A new token on every login: a session id known before login is worth nothing after it.
      if (current) await endSession(current.sessionId);
      return auth.issueSession(request, reply, guestId);
    },
    async adopt(request, reply, sessionId) {
      // One session per browser: the previous one (a visitor's, or another guest's) ends.
      const current = await auth.authenticateCookie(request).catch(() => null);
      if (current && current.sessionId !== sessionId) await endSession(current.sessionId);
      return auth.adoptSession(reply, sessionId);
    },
    endSession: (sessionId, options = {}) => endSession(sessionId, options.ofGuest),
    async endGuestSessions(guestId, options = {}) {
      const ended = await deps.db.transaction(async (tx) => {
        if (options.change && !(await options.change(tx))) return null;
        return createSessionEndRepository(tx).endGuestSessions(guestId, now(), options.except);
      });
      if (ended === null) return null;
      if (options.event === 'guestLocked') await deps.announce(guestId, { type: 'guestLocked' });
      else await announceEnded(ended);
      return ended.length;
    },
  };
}

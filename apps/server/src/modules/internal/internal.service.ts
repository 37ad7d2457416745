/**
 * Operator actions on guests (spec 6): locking. A locked guest is logged out: all their sessions end
 * through the guests module's SessionEnder (in the same transaction as the flag) and `guestLocked`
 * is published on `guest:<guestId>`, so their open pages log out and their sockets close at once.
 */
import type { Db } from '@vela/db/client';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { PublishLog } from '../../infra/publish-to-guest.ts';
import { publishCatalogChanged } from '../catalog/catalog.events.ts';
import type { SessionEnder } from '../guests/session-ender.ts';

/**
 * The guest's lock flag, a column of the guests module's table (decision 0030), set on the
 * transaction it is given (the one that ends the sessions); false when there is no such guest. The
 * guests repository implements it.
 */
export interface GuestLockPort {
  setLockedIn(tx: Db, guestId: number, locked: boolean): Promise<boolean>;
}

export function createInternalService(deps: {
  db: Db;
  bus: EventBus;
  guests: GuestLockPort;
  sessions: SessionEnder;
  log?: PublishLog;
}) {
  const notFound = () => new AppError('GUEST_NOT_FOUND', 'No such guest', 404);
  return {
    async setLocked(guestId: number, locked: boolean): Promise<{ locked: boolean; sessionsEnded: number }> {
      if (!locked) {
        if (!(await deps.guests.setLockedIn(deps.db, guestId, false))) throw notFound();
        return { locked, sessionsEnded: 0 };
      }
      const sessionsEnded = await deps.sessions.endGuestSessions(guestId, {
        change: (tx) => deps.guests.setLockedIn(tx, guestId, true),
        event: 'guestLocked',
      });
      if (sessionsEnded === null) throw notFound();
      return { locked, sessionsEnded };
    },

    /** Spec 7 "clear cache": every node forgets its kept answers; false when the bus failed. */
    clearCaches(): Promise<boolean> {
      return publishCatalogChanged(deps.bus, 'operator', deps.log);
    },
  };
}

export type InternalService = ReturnType<typeof createInternalService>;

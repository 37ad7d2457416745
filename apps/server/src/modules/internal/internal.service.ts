/**
 * Operator actions on guests (spec 6): locking. A locked guest is logged out: all their sessions end
 * (in the same transaction as the flag) and `guestLocked` is published on `guest:<guestId>` so their
 * open pages log out too.
 */
import type { Db } from '@vela/db/client';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { type PublishLog, publishGuestEvent } from '../avs/avs.events.ts';
import { publishCatalogChanged } from '../catalog/catalog.events.ts';
import { createInternalRepository } from './internal.repository.ts';

export function createInternalService(deps: { db: Db; bus: EventBus; now?: () => Date; log?: PublishLog }) {
  const now = deps.now ?? (() => new Date());
  return {
    async setLocked(guestId: number, locked: boolean): Promise<{ locked: boolean; sessionsEnded: number }> {
      const sessionsEnded = await deps.db.transaction(async (tx) => {
        const repository = createInternalRepository(tx);
        if (!(await repository.setLocked(guestId, locked)))
          throw new AppError('GUEST_NOT_FOUND', 'No such guest', 404);
        return locked ? repository.revokeAllSessions(guestId, now()) : 0;
      });
      if (locked) await publishGuestEvent(deps.bus, guestId, { type: 'guestLocked' }, deps.log);
      return { locked, sessionsEnded };
    },

    /** Spec 7 "clear cache": every node forgets its kept answers; false when the bus failed. */
    clearCaches(): Promise<boolean> {
      return publishCatalogChanged(deps.bus, 'operator', deps.log);
    },
  };
}

export type InternalService = ReturnType<typeof createInternalService>;

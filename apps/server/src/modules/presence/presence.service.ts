/**
 * Performer presence (spec 4 "Favorites": online/offline events update favorite lists and counts;
 * going offline removes the actor from recommendations). A change is stored, then published on the
 * bus channel `presence` with the new online total, which every socket on every node forwards; a
 * performer going online also notifies the guests who pinned them (once per hour). The event on the
 * bus carries the performer's banned countries: the hub never forwards it to a socket opened from
 * one of them (spec 6), and strips them from what the pages hear.
 */
import { PRESENCE_CHANNEL } from '@vela/contracts/socket';
import type { Db } from '@vela/db/client';
import { pathFor } from '@vela/i18n/routes';
import type { EventBus } from '../../infra/bus.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PresenceBusEvent } from '../realtime/socket.hub.ts';
import { createPresenceRepository } from './presence.repository.ts';

export interface PresenceDeps {
  db: Db;
  bus: EventBus;
  notifications: Pick<NotificationsService, 'favoriteOnline'>;
  log: { warn(object: object, message: string): void };
  now?: () => Date;
}

export type PresenceChange = {
  changed: boolean;
  actorId: number;
  online: boolean;
  onlineTotal: number;
  notified: number;
};

export function createPresenceService(deps: PresenceDeps) {
  const repository = createPresenceRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  async function setOnline(actorId: number, online: boolean): Promise<PresenceChange | null> {
    const actor = await repository.setOnline(actorId, online, now());
    if (actor === undefined) return null;
    const onlineTotal = await repository.onlineTotal();
    if (actor === null) return { changed: false, actorId, online, onlineTotal, notified: 0 };
    const event: PresenceBusEvent = {
      type: online ? 'actorOnline' : 'actorOffline',
      actorId,
      actorName: actor.name,
      onlineTotal,
      bannedCountryCodes: actor.bannedCountryCodes,
    };
    try {
      await deps.bus.publish(PRESENCE_CHANNEL, event);
    } catch (error) {
      deps.log.warn({ err: error, actorId }, 'presence not published');
    }
    const notified = online
      ? await deps.notifications.favoriteOnline({
          id: actorId,
          name: actor.name,
          url: pathFor('Actor', 'en', { actorName: actor.nameLower }),
        })
      : 0;
    return { changed: true, actorId, online, onlineTotal, notified };
  }

  return {
    setOnline,
    /**
     * One step of the demo's performer activity: one online performer leaves and one offline
     * performer comes online, so the demo stays alive at a steady count. One node per half interval.
     */
    async simulateStep(intervalMs: number): Promise<PresenceChange[] | null> {
      if (!(await repository.claimStep(now(), intervalMs / 2))) return null;
      const leaving = await repository.randomActor(true);
      const coming = await repository.randomActor(false);
      const changes: PresenceChange[] = [];
      for (const [id, online] of [
        [leaving, false],
        [coming, true],
      ] as const) {
        if (id === null) continue;
        const change = await setOnline(id, online);
        if (change) changes.push(change);
      }
      return changes;
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;

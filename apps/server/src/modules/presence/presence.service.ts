/**
 * Performer presence (spec 4 "Favorites": online/offline events update favorite lists and counts;
 * going offline removes the actor from recommendations). A change is stored, then published on the
 * bus channel `presence` with the new online total, which every socket on every node forwards; a
 * performer going online also notifies the guests who pinned them (once per hour). The event on the
 * bus carries the performer's banned countries: the hub never forwards it to a socket opened from
 * one of them (spec 6), and strips them from what the pages hear.
 */
import { PRESENCE_CHANNEL } from '@vela/contracts/socket';
import { pathFor } from '@vela/i18n/routes';
import type { EventBus } from '../../infra/bus.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PresenceBusEvent } from '../realtime/socket.hub.ts';

/**
 * What presence changes and reads of the catalog (decision 0030): the performers' online flag in
 * the catalog's actors, and the simulator's claim of a step (a catalog counter row). The catalog's
 * `createActorPresenceRepository` implements it.
 */
export interface ActorPresence {
  /** Sets the flag; the actor when it changed, null when it already was so, undefined when unknown. */
  setOnline(
    actorId: number,
    online: boolean,
    at: Date,
  ): Promise<
    { id: number; name: string; nameLower: string; bannedCountryCodes: string[] } | null | undefined
  >;
  /** Actors online now. */
  onlineTotal(): Promise<number>;
  /** A random actor with the given flag; null when there is none. */
  randomActor(online: boolean): Promise<number | null>;
  /** True for one node per `minGapMs`: the simulator's step is this node's. */
  claimStep(at: Date, minGapMs: number): Promise<boolean>;
}

export interface PresenceDeps {
  bus: EventBus;
  actors: ActorPresence;
  notifications: Pick<NotificationsService, 'favoriteOnline'>;
  log: { warn(object: object, message: string): void };
  now?: () => Date;
  /**
   * Whether a performer is in a live chat now (the live module's performer desk): the simulator's
   * step does not take such a performer offline, the chat's own simulation decides (decision 0038
   * part 7).
   */
  inChat?: (actorId: number) => boolean;
}

export type PresenceChange = {
  changed: boolean;
  actorId: number;
  online: boolean;
  onlineTotal: number;
  notified: number;
};

export function createPresenceService(deps: PresenceDeps) {
  const repository = deps.actors;
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
     * A performer in a live chat stays (that step has nobody leaving).
     */
    async simulateStep(intervalMs: number): Promise<PresenceChange[] | null> {
      if (!(await repository.claimStep(now(), intervalMs / 2))) return null;
      const candidate = await repository.randomActor(true);
      const leaving = candidate !== null && deps.inChat?.(candidate) ? null : candidate;
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

/**
 * The one way a module tells a guest's open pages something: an event of the socket union
 * (@vela/contracts/socket) on the bus channel `guest:<id>`, which every node's socket hub delivers to
 * that guest's sockets. The bus only notifies, the database holds the state: a failed publish is
 * logged and never undoes a committed change, so callers need not guard it.
 */
import { type GuestSocketEvent, guestChannel } from '@vela/contracts/socket';
import type { EventBus } from './bus.ts';

export interface PublishLog {
  warn(object: object, message: string): void;
}

/**
 * Publishes `event` to every open page of the guest (on every node); false when the bus refused it
 * (logged). `about.bannedCountryCodes`: the event is about a performer, and the guest's sockets
 * opened from one of these countries do not get it (spec 6; the hub strips the list).
 */
export async function publishToGuest(
  bus: EventBus,
  guestId: number,
  event: GuestSocketEvent,
  log?: PublishLog,
  about?: { bannedCountryCodes: readonly string[] },
): Promise<boolean> {
  try {
    await bus.publish(
      guestChannel(guestId),
      about && about.bannedCountryCodes.length > 0
        ? { ...event, bannedCountryCodes: about.bannedCountryCodes }
        : event,
    );
    return true;
  } catch (error) {
    log?.warn({ err: error, guestId, event: event.type }, 'guest event not published');
    return false;
  }
}

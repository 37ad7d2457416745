/**
 * Events about one guest on the bus, channel `guest:<guestId>` (spec 4: avs events and guestLocked).
 * The socket delivers them to that guest's open pages; the bus only notifies, the database holds the
 * state, so a failed publish is logged and never undoes a committed change.
 */
import type { AvsSocketEvent } from '@vela/contracts/guest';
import { type GuestSocketEvent, guestChannel } from '@vela/contracts/socket';
import type { EventBus } from '../../infra/bus.ts';

/** The events of this file, as the socket union (@vela/contracts/socket) defines them. */
export type GuestBusEvent = Extract<GuestSocketEvent, AvsSocketEvent | { type: 'guestLocked' }>;

export { guestChannel };

export interface PublishLog {
  warn(object: object, message: string): void;
}

export async function publishGuestEvent(
  bus: EventBus,
  guestId: number,
  event: GuestBusEvent,
  log?: PublishLog,
): Promise<boolean> {
  try {
    await bus.publish(guestChannel(guestId), event);
    return true;
  } catch (error) {
    log?.warn({ err: error, guestId, event: event.type }, 'guest event not published');
    return false;
  }
}

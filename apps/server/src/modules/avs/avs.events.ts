/**
 * Events about one guest on the bus, channel `guest:<guestId>` (spec 4: avs events and guestLocked),
 * published with infra/publish-to-guest.ts. The socket delivers them to that guest's open pages.
 */
import type { AvsSocketEvent } from '@vela/contracts/guest';
import type { GuestSocketEvent } from '@vela/contracts/socket';

/** The events of this file, as the socket union (@vela/contracts/socket) defines them. */
export type GuestBusEvent = Extract<GuestSocketEvent, AvsSocketEvent | { type: 'guestLocked' }>;

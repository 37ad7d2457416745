/**
 * The guests module's read port of a guest as they read themself (the spec 3 Guest, `GuestMe`): the
 * row and the money state (one statement over each owner's part, decision 0030), presented. Other
 * modules and hosts that show the caller's own Guest (the query language's `guest`, the pages'
 * viewer) receive this function, never the guests repository.
 */
import type { GuestMe } from '@vela/contracts/guest-api';
import { presentGuest } from './guests.presenter.ts';
import type { GuestsRepository } from './guests.repository.ts';

/** The guest as they read themself, or null when there is no such guest. */
export type GuestMeRead = (guestId: number) => Promise<GuestMe | null>;

export function createGuestMeRead(
  repository: Pick<GuestsRepository, 'guestById' | 'moneyStateOf'>,
): GuestMeRead {
  return async (guestId) => {
    const guest = await repository.guestById(guestId);
    return guest ? presentGuest(guest, await repository.moneyStateOf(guest.id)) : null;
  };
}

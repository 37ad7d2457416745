/**
 * The tickets module's read port for the live module (issue 18, ticket shows): who holds a live
 * ticket for a cam show. Only `bought` tickets count; returned (`removed`) and refunded ones do not.
 */
import type { Db } from '@vela/db/client';
import { createTicketsRepository } from './tickets.repository.ts';

export interface TicketHolders {
  /** True when the guest holds a live (bought, not refunded) ticket for the show. */
  hasTicket(guestId: number, showId: number): Promise<boolean>;
  /** The guests holding a live ticket for the show, ascending ids. */
  holdersOf(showId: number): Promise<number[]>;
}

export function createTicketHolders(db: Db): TicketHolders {
  const repository = createTicketsRepository(db);
  return {
    hasTicket: async (guestId, showId) => (await repository.liveTicketOf(guestId, showId)) !== undefined,
    holdersOf: async (showId) =>
      (await repository.liveTicketsOfShow(showId)).map((t) => t.guestId).sort((a, b) => a - b),
  };
}

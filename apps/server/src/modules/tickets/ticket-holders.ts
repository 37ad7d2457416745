/**
 * The tickets module's read port for the live module (issue 18, ticket shows): who holds a live
 * ticket for a cam show. Only `bought` tickets count; returned (`removed`) and refunded ones do not.
 */
import type { Db } from '@vela/db/client';
import { and, asc, eq } from '@vela/db/orm';
import { chatTickets } from '@vela/db/schema/tickets';

export interface TicketHolders {
  /** True when the guest holds a live (bought, not refunded) ticket for the show. */
  hasTicket(guestId: number, showId: number): Promise<boolean>;
  /** The guests holding a live ticket for the show, ascending ids. */
  holdersOf(showId: number): Promise<number[]>;
}

export function createTicketHolders(db: Db): TicketHolders {
  return {
    async hasTicket(guestId, showId) {
      const rows = await db
        .select({ id: chatTickets.id })
        .from(chatTickets)
        .where(
          and(
            eq(chatTickets.guestId, guestId),
            eq(chatTickets.showId, showId),
            eq(chatTickets.status, 'bought'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    async holdersOf(showId) {
      const rows = await db
        .select({ guestId: chatTickets.guestId })
        .from(chatTickets)
        .where(and(eq(chatTickets.showId, showId), eq(chatTickets.status, 'bought')))
        .orderBy(asc(chatTickets.guestId));
      return rows.map((r) => r.guestId);
    },
  };
}

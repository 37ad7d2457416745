/**
 * The SQL of the tickets module's own table `chat_tickets` (issue 18). The show rows come from the
 * performers module's port (cam-show-writes.ts), never from here.
 */
import type { Db } from '@vela/db/client';
import { and, desc, eq, ne, sql } from '@vela/db/orm';
import { chatTickets } from '@vela/db/schema/tickets';

export type ChatTicketRow = typeof chatTickets.$inferSelect;

/** The tickets of one guest for one show (chat_tickets_live_unique's columns). */
const ofGuestAndShow = (guestId: number, showId: number) =>
  and(eq(chatTickets.guestId, guestId), eq(chatTickets.showId, showId));

export function createTicketsRepository(db: Db) {
  return {
    /** The guest's live (bought) ticket for the show, if any. */
    async liveTicketOf(guestId: number, showId: number): Promise<ChatTicketRow | undefined> {
      const [row] = await db
        .select()
        .from(chatTickets)
        .where(and(ofGuestAndShow(guestId, showId), eq(chatTickets.status, 'bought')))
        .limit(1);
      return row;
    },

    /** How many of the guest's tickets for the show were returned or refunded (the re-buy counter). */
    async endedTicketsOf(guestId: number, showId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatTickets)
        .where(and(ofGuestAndShow(guestId, showId), ne(chatTickets.status, 'bought')));
      return Number(row?.n ?? 0);
    },

    /**
     * Inserts a live ticket; undefined when the database refused it as a duplicate (the guest holds
     * a live ticket for the show already, or the transfer backs another ticket).
     */
    async insertTicket(values: {
      guestId: number;
      showId: number;
      priceCents: number;
      transferId: number | null;
      promoCode: string | null;
    }): Promise<ChatTicketRow | undefined> {
      const [row] = await db
        .insert(chatTickets)
        .values({ ...values, status: 'bought', creationType: 'C' })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The ticket, row-locked for the caller's transaction, if it is still live. */
    async lockLiveTicket(ticketId: number): Promise<ChatTicketRow | undefined> {
      const [row] = await db
        .select()
        .from(chatTickets)
        .where(and(eq(chatTickets.id, ticketId), eq(chatTickets.status, 'bought')))
        .for('update');
      return row;
    },

    async endTicket(
      ticketId: number,
      status: 'refunded' | 'removed',
      at: Date,
      refundTransferId: number | null,
    ): Promise<ChatTicketRow> {
      const [row] = await db
        .update(chatTickets)
        .set({ status, refundedAt: at, refundTransferId })
        .where(eq(chatTickets.id, ticketId))
        .returning();
      if (!row) throw new Error(`chat ticket ${ticketId} vanished`);
      return row;
    },

    /** Live tickets of a show (ids and guests), for a cancellation. */
    liveTicketsOfShow(showId: number): Promise<{ id: number; guestId: number }[]> {
      return db
        .select({ id: chatTickets.id, guestId: chatTickets.guestId })
        .from(chatTickets)
        .where(and(eq(chatTickets.showId, showId), eq(chatTickets.status, 'bought')))
        .orderBy(chatTickets.id);
    },

    /** The guest's tickets, newest first. */
    ticketsOf(guestId: number, limit: number): Promise<ChatTicketRow[]> {
      return db
        .select()
        .from(chatTickets)
        .where(eq(chatTickets.guestId, guestId))
        .orderBy(desc(chatTickets.createdAt), desc(chatTickets.id))
        .limit(limit);
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;

/**
 * The pages' ticket calls (issue 18; contracts tickets.ts, decision 0032): the guest's tickets, buy and
 * return. The declarations (with zod) load with the ticket offer's chunk, not with the page.
 */
import type { ChatTicketResult } from '@vela/contracts/tickets';
import { endpointData } from '../api/rest.ts';

const endpoints = () => import('@vela/contracts/tickets').then((contract) => contract.ticketEndpoints);

/** The show ids the guest holds a live ticket for. */
export async function heldShowIds(): Promise<number[]> {
  const { tickets } = await endpointData((await endpoints()).chatTickets);
  return tickets.filter((t) => t.ticket.status === 'bought').map((t) => t.show.id);
}

/** Buys the ticket of a show (the server charges once per guest and show, whatever is retried). */
export async function buyTicket(showId: number): Promise<ChatTicketResult> {
  return endpointData((await endpoints()).buyChatTicket, {
    params: { id: showId },
    body: { creationType: 'C' },
  });
}

/** Returns the ticket before the show starts: refunded. */
export async function returnTicket(showId: number): Promise<ChatTicketResult> {
  return endpointData((await endpoints()).removeChatTicket, { params: { id: showId } });
}

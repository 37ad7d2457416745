/**
 * Chat tickets for cam shows (issue 18 deliverable 1; spec 3 chat ticket, spec 4, spec 7
 * buyChatTicket / removeChatTicket / chatTicketList; docs/decisions/0049-chat-tickets.md).
 *
 * A ticket is for one show and one guest; the show's id names it (`id` of the spec 3 chat ticket is
 * the show's). The guest buys it with coins through the ledger (kind `ticket`) until the show starts,
 * may return it until then (refunded), and a cancelled show refunds every ticket. The query-language
 * calls answer `{ success, errorCode, ticket, show }`; the pages' REST calls (below) answer the same
 * refusals as `{ success: false, error: { code } }` with a 4xx status.
 *
 * Ticket error codes (spec 8 leaves the values to us):
 * - NOT_LOGGED_IN         a visitor (the login dialog)
 * - RESTRICTED            the guest's age is not verified (shows are FSK-18: the age check)
 * - NOT_ENOUGH_MONEY      the wallet has less than the price: nothing changed
 * - TICKET_SHOW_NOT_FOUND no such (public) show, or another performer's show (performer API)
 * - TICKET_SHOW_MISMATCH  `modelId` or `start` given and not the show's
 * - TICKET_SHOW_FREE      a free show needs no ticket
 * - TICKET_SHOW_CANCELLED the show was cancelled
 * - TICKET_SALES_CLOSED   the show has started (or ended): tickets are sold until the start
 * - TICKET_NOT_FOUND      returning a ticket the guest does not hold
 * - TICKET_NOT_RETURNABLE the show has started: a ticket is returned before the start only
 * - TICKET_PROMO_CODE_INVALID a promo code was given: no code applies to tickets today
 * - TICKET_SHOW_ENDED     cancelling a show that is over
 * Buying a ticket the guest holds is a success (`alreadyBought`), never a second charge.
 */
import { z } from 'zod';
import { PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { TICKET_ERROR_CODES } from './ticket-codes.ts';

/** Spec 9: tickets are created as type 'C' (the only creation type). */
export const CHAT_TICKET_CREATION_TYPE = 'C';
/** Longest promo code accepted as input (then refused: no code applies to tickets). */
export const CHAT_TICKET_PROMO_CODE_MAX = 64;

export const CHAT_TICKET_ERROR_CODES = [
  'NOT_LOGGED_IN',
  'RESTRICTED',
  'NOT_ENOUGH_MONEY',
  ...TICKET_ERROR_CODES,
] as const;
export type ChatTicketErrorCode = (typeof CHAT_TICKET_ERROR_CODES)[number];

const Id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** Spec 3 chat ticket / show, as the asking guest sees it. */
export const ChatTicketShowSchema = z.object({
  id: z.number().int().positive(),
  actorId: z.number().int().positive(),
  actorName: z.string(),
  price: PriceSchema,
  title: z.string(),
  description: z.string(),
  start: z.string(),
  end: z.string(),
  isBought: z.boolean(),
  isFree: z.boolean(),
  canBuy: z.boolean(),
  hasStarted: z.boolean(),
  bonusCode: z.string().nullable(),
  isFeatured: z.boolean(),
  isInternal: z.boolean(),
  isCancelled: z.boolean(),
});
export type ChatTicketShow = z.infer<typeof ChatTicketShowSchema>;

/** One of the guest's tickets: its state, price paid and the show. */
export const ChatTicketSchema = z.object({
  ticketId: z.string(),
  showId: z.number().int().positive(),
  status: z.enum(['bought', 'refunded', 'removed']),
  priceCents: z.number().int().nonnegative(),
  creationType: z.literal(CHAT_TICKET_CREATION_TYPE),
  promoCode: z.string().nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type ChatTicket = z.infer<typeof ChatTicketSchema>;

const BalanceFields = {
  guestBalance: z.number().int(),
  guestBalanceFormatted: z.string(),
  guestBalanceCents: z.number().int(),
};

/** The answer of a buy or a return: the ticket, the show as the guest now sees it, the new balance. */
export const ChatTicketResultSchema = z.object({
  success: z.literal(true),
  /** Buying a ticket the guest already held: nothing was charged now. */
  alreadyBought: z.boolean(),
  ticket: ChatTicketSchema,
  show: ChatTicketShowSchema,
  ...BalanceFields,
});
export type ChatTicketResult = z.infer<typeof ChatTicketResultSchema>;

export const BuyChatTicketRequestSchema = z.strictObject({
  /** The show's performer, when the caller names it: must be the show's. */
  modelId: Id.optional(),
  /** The show's start (ISO), when the caller names it: must be the show's. */
  start: z.iso.datetime({ offset: true }).optional(),
  promoCode: z.string().trim().max(CHAT_TICKET_PROMO_CODE_MAX).optional(),
  creationType: z.literal(CHAT_TICKET_CREATION_TYPE).optional(),
});
export type BuyChatTicketRequest = z.infer<typeof BuyChatTicketRequestSchema>;

const ShowIdParamsSchema = z.object({ id: Id });

/** The result of a cancellation (operator or performer). */
export const CamShowCancellationSchema = z.object({
  showId: z.number().int().positive(),
  cancelledAt: z.string(),
  /** Tickets refunded by this call (0 when an earlier call refunded them). */
  refunded: z.number().int().nonnegative(),
});
export type CamShowCancellation = z.infer<typeof CamShowCancellationSchema>;

/**
 * Socket message `chatTicketResult` (issue 18: "each emitting its result"), to every open page of
 * the guest: a ticket bought, returned, or refunded because the show was cancelled.
 */
export const TICKET_EVENT_SHAPES = {
  chatTicketResult: {
    action: z.enum(['buy', 'remove', 'refund']),
    showId: z.number().int().positive(),
    actorId: z.number().int().positive(),
    title: z.string(),
    status: z.enum(['bought', 'refunded', 'removed']),
  },
};

export const ticketEndpoints = {
  /** Spec 7 chat ticket list: the caller's tickets (newest first) with their shows. */
  chatTickets: defineEndpoint({
    method: 'GET',
    path: 'guest/chatTickets',
    response: z.object({
      tickets: z.array(z.object({ ticket: ChatTicketSchema, show: ChatTicketShowSchema })),
    }),
    errors: ['NOT_LOGGED_IN'],
  }),
  /** Buy the ticket of show `id` (spec 7 buyChatTicket). */
  buyChatTicket: defineEndpoint({
    method: 'POST',
    path: 'chatTicket/:id/buy',
    params: ShowIdParamsSchema,
    body: BuyChatTicketRequestSchema,
    response: ChatTicketResultSchema,
    errors: [...CHAT_TICKET_ERROR_CODES],
  }),
  /** Return the ticket of show `id` before the start (spec 7 removeChatTicket): refunded. */
  removeChatTicket: defineEndpoint({
    method: 'POST',
    path: 'chatTicket/:id/remove',
    params: ShowIdParamsSchema,
    response: ChatTicketResultSchema,
    errors: ['NOT_LOGGED_IN', 'TICKET_NOT_FOUND', 'TICKET_NOT_RETURNABLE'],
  }),
  /** Operator: cancel show `id`; every ticket refunded once (safe to repeat). */
  cancelShowInternal: defineEndpoint({
    method: 'POST',
    path: 'internal/camShows/:id/cancel',
    params: ShowIdParamsSchema,
    response: CamShowCancellationSchema,
    errors: ['TICKET_SHOW_NOT_FOUND', 'TICKET_SHOW_ENDED'],
  }),
  /** Performer API (X-Performer-Token): cancel one of the performer's own shows. */
  cancelShowPerformer: defineEndpoint({
    method: 'POST',
    path: 'performer/camShows/:id/cancel',
    params: ShowIdParamsSchema,
    response: CamShowCancellationSchema,
    errors: ['TICKET_SHOW_NOT_FOUND', 'TICKET_SHOW_ENDED'],
  }),
};

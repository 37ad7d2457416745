/**
 * Chat tickets for cam shows (issue 18 deliverable 1; docs/decisions/0049-chat-tickets.md).
 *
 * - Buying: one ledger transfer of kind `ticket` under the key `ticket:<guest>:<show>` (`:<n>` after the
 *   guest returned n tickets of the show), in ONE transaction with the ticket row (`wallet.atomically`):
 *   never a charge without a ticket, nor a ticket without its charge. The database decides "one live
 *   ticket per guest and show" (chat_tickets_live_unique); parallel buys share the key, so the ledger
 *   charges once and the losers answer the winner's ticket (`alreadyBought`).
 * - The show row is share-locked in that transaction (performers port): a cancellation waits for it,
 *   and a purchase after a cancellation sees it. Sales close at the show's start (show clock).
 * - Returning (before the start) and a cancellation refund through `refund` in the same transaction
 *   that ends the ticket (`ticket-refund:<ticketId>`): exactly once, whoever asks how often.
 * - Every result goes to the guest's open pages (socket `chatTicketResult`).
 */
import type { ChatTicket, ChatTicketErrorCode, ChatTicketShow } from '@vela/contracts/tickets';
import { CHAT_TICKET_CREATION_TYPE } from '@vela/contracts/tickets';
import type { Db } from '@vela/db/client';
import { guestBalanceFields } from '@vela/domain/coin-balance';
import type { FastifyBaseLogger } from 'fastify';
import type { AgeGate } from '../../http/age-gate.ts';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import type { CamShowPort, CamShowRecord } from '../performers/cam-show-writes.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { type ChatTicketRow, createTicketsRepository } from './tickets.repository.ts';

/** How many tickets the list shows (newest first). */
export const CHAT_TICKET_LIST_MAX = 100;
/** How often a purchase retries when its key went stale under it (a return raced with it). */
const STALE_KEY_RETRIES = 3;

const STATUS: Partial<Record<ChatTicketErrorCode, number>> = {
  NOT_LOGGED_IN: 401,
  RESTRICTED: 403,
  NOT_ENOUGH_MONEY: 402,
  TICKET_SHOW_NOT_FOUND: 404,
  TICKET_NOT_FOUND: 404,
  TICKET_SHOW_MISMATCH: 400,
  TICKET_PROMO_CODE_INVALID: 400,
};

/** A refusal of a ticket call: a 4xx REST error, and `{ success: false, errorCode }` in GraphQL. */
export class TicketError extends AppError {
  constructor(
    readonly ticketCode: ChatTicketErrorCode,
    message: string,
  ) {
    super(ticketCode, message, STATUS[ticketCode] ?? 409);
    this.name = 'TicketError';
  }
}

export interface TicketsDeps {
  db: Db;
  wallet: WalletService;
  bus: EventBus;
  log: FastifyBaseLogger;
  ageGate: Pick<AgeGate, 'reasonFor'>;
  shows: CamShowPort;
  /** The show clock (ms); shows start and end by it. */
  now?: () => number;
}

export interface BuyOptions {
  modelId?: number | undefined;
  start?: string | undefined;
  promoCode?: string | undefined;
  creationType?: string | undefined;
}

export interface TicketAnswer {
  alreadyBought: boolean;
  ticket: ChatTicket;
  show: ChatTicketShow;
  guestBalance: number;
  guestBalanceFormatted: string;
  guestBalanceCents: number;
}

class AlreadyHeld extends Error {}
class StaleKey extends Error {}

export function presentTicket(row: ChatTicketRow): ChatTicket {
  return {
    ticketId: String(row.id),
    showId: row.showId,
    status: row.status,
    priceCents: row.priceCents,
    creationType: CHAT_TICKET_CREATION_TYPE,
    promoCode: row.promoCode,
    createdAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

const isFreeShow = (show: CamShowRecord) => show.isFree || show.priceCents === 0;

export function presentShow(
  show: CamShowRecord & { actorName?: string },
  isBought: boolean,
  nowMs: number,
): ChatTicketShow {
  const hasStarted = show.startsAt.getTime() <= nowMs;
  const isFree = isFreeShow(show);
  const isCancelled = show.cancelledAt !== null;
  return {
    id: show.id,
    actorId: show.actorId,
    actorName: show.actorName ?? '',
    price: { value: isFree ? 0 : show.priceCents, currency: 'EUR' },
    title: show.title,
    description: show.description,
    start: show.startsAt.toISOString(),
    end: show.endsAt.toISOString(),
    isBought,
    isFree,
    canBuy: !isBought && !isFree && !isCancelled && !hasStarted && !show.isInternal,
    hasStarted,
    bonusCode: show.bonusCode,
    isFeatured: show.isFeatured,
    isInternal: show.isInternal,
    isCancelled,
  };
}

export function createTicketsService(deps: TicketsDeps) {
  const { db, wallet, bus, log, shows } = deps;
  const repository = createTicketsRepository(db);
  const nowMs = deps.now ?? (() => Date.now());

  /** Why a purchase of this show is refused now, or null. */
  function saleRefusal(show: CamShowRecord | null): TicketError | null {
    if (!show || show.isInternal) return new TicketError('TICKET_SHOW_NOT_FOUND', 'There is no such show');
    if (show.cancelledAt) return new TicketError('TICKET_SHOW_CANCELLED', 'This show was cancelled');
    if (isFreeShow(show))
      return new TicketError('TICKET_SHOW_FREE', 'This show is free: no ticket is needed');
    if (show.startsAt.getTime() <= nowMs())
      return new TicketError(
        'TICKET_SALES_CLOSED',
        'This show has started: tickets are sold until the start',
      );
    return null;
  }

  async function balanceFields(guestId: number) {
    return guestBalanceFields(await wallet.guestBalance(guestId));
  }

  async function answer(guestId: number, row: ChatTicketRow, alreadyBought: boolean): Promise<TicketAnswer> {
    const [named] = await shows.showsByIds([row.showId]);
    if (!named) throw new TicketError('TICKET_SHOW_NOT_FOUND', 'There is no such show');
    const live = row.status === 'bought' ? row : await repository.liveTicketOf(guestId, row.showId);
    return {
      alreadyBought,
      ticket: presentTicket(row),
      show: presentShow(named, live !== undefined, nowMs()),
      ...(await balanceFields(guestId)),
    };
  }

  async function emit(
    guestId: number,
    action: 'buy' | 'remove' | 'refund',
    show: CamShowRecord,
    status: ChatTicketRow['status'],
  ): Promise<void> {
    await publishToGuest(
      bus,
      guestId,
      { type: 'chatTicketResult', action, showId: show.id, actorId: show.actorId, title: show.title, status },
      log,
    );
  }

  async function requireAdult(guestId: number): Promise<void> {
    const reason = await deps.ageGate.reasonFor(guestId, 18);
    if (reason !== null) throw new TicketError('RESTRICTED', 'Verify your age to buy a show ticket');
  }

  /** One attempt under the current key; StaleKey when a return made the key a refunded purchase's. */
  async function buyOnce(
    guestId: number,
    show: CamShowRecord,
    promoCode: string | null,
  ): Promise<ChatTicketRow> {
    const returned = await repository.endedTicketsOf(guestId, show.id);
    const key = returned === 0 ? `ticket:${guestId}:${show.id}` : `ticket:${guestId}:${show.id}:${returned}`;
    return wallet.atomically(async (tx, ledger) => {
      const locked = await shows.lockShowIn(tx, show.id);
      const refusal = saleRefusal(locked);
      if (refusal) throw refusal;
      const price = locked?.priceCents ?? show.priceCents;
      const transfer = await ledger.purchase(guestId, price, key, {
        kind: 'ticket',
        performerId: show.actorId,
        reference: { showId: show.id },
      });
      const inserted = await createTicketsRepository(tx).insertTicket({
        guestId,
        showId: show.id,
        priceCents: price,
        transferId: transfer.transferId,
        promoCode,
      });
      if (inserted) return inserted;
      // A parallel purchase won (same key: nothing charged now), or the key is a returned ticket's.
      if (await createTicketsRepository(tx).liveTicketOf(guestId, show.id)) throw new AlreadyHeld();
      throw new StaleKey();
    });
  }

  return {
    /** Spec 7 buyChatTicket: the guest's live ticket for the show, charged once. */
    async buy(guestId: number, showId: number, options: BuyOptions = {}): Promise<TicketAnswer> {
      if (options.creationType !== undefined && options.creationType !== CHAT_TICKET_CREATION_TYPE)
        throw new AppError('VALIDATION_ERROR', "creationType must be 'C'", 400);
      const show = await shows.showById(showId);
      if (!show || show.isInternal) throw new TicketError('TICKET_SHOW_NOT_FOUND', 'There is no such show');
      if (options.modelId !== undefined && options.modelId !== show.actorId)
        throw new TicketError('TICKET_SHOW_MISMATCH', 'modelId is not the performer of this show');
      if (options.start !== undefined && Date.parse(options.start) !== show.startsAt.getTime())
        throw new TicketError('TICKET_SHOW_MISMATCH', 'start is not the start of this show');
      const held = await repository.liveTicketOf(guestId, showId);
      if (held) return answer(guestId, held, true);
      const refusal = saleRefusal(show);
      if (refusal) throw refusal;
      await requireAdult(guestId);
      const promoCode = options.promoCode?.trim() ? options.promoCode.trim() : null;
      if (promoCode !== null)
        throw new TicketError('TICKET_PROMO_CODE_INVALID', 'No promo code applies to show tickets');

      for (let attempt = 0; ; attempt += 1) {
        try {
          const row = await buyOnce(guestId, show, promoCode);
          log.info({ guestId, showId, ticketId: row.id, transferId: row.transferId }, 'chat ticket bought');
          await emit(guestId, 'buy', show, 'bought');
          return answer(guestId, row, false);
        } catch (error) {
          if (error instanceof AlreadyHeld) {
            const existing = await repository.liveTicketOf(guestId, showId);
            if (existing) return answer(guestId, existing, true);
          } else if (!(error instanceof StaleKey) || attempt >= STALE_KEY_RETRIES) {
            throw error;
          }
        }
      }
    },

    /** Spec 7 removeChatTicket: the guest returns the ticket before the start; refunded once. */
    async remove(guestId: number, showId: number): Promise<TicketAnswer> {
      const held = await repository.liveTicketOf(guestId, showId);
      if (!held) throw new TicketError('TICKET_NOT_FOUND', 'You hold no ticket for this show');
      const ended = await wallet.atomically(async (tx, ledger) => {
        const show = await shows.lockShowIn(tx, showId);
        if (!show) throw new TicketError('TICKET_NOT_FOUND', 'You hold no ticket for this show');
        const inTx = createTicketsRepository(tx);
        const ticket = await inTx.lockLiveTicket(held.id);
        // Returned or refunded meanwhile (a parallel return or a cancellation): answer that.
        if (!ticket) return null;
        if (show.cancelledAt === null && show.startsAt.getTime() <= nowMs())
          throw new TicketError(
            'TICKET_NOT_RETURNABLE',
            'The show has started: the ticket can no longer be returned',
          );
        const refund = ticket.transferId
          ? await ledger.refund(ticket.transferId, `ticket-refund:${ticket.id}`)
          : null;
        return {
          row: await inTx.endTicket(ticket.id, 'removed', new Date(), refund?.transferId ?? null),
          show,
        };
      });
      if (!ended) {
        const now = await repository.ticketsOf(guestId, CHAT_TICKET_LIST_MAX);
        const row = now.find((r) => r.id === held.id) ?? held;
        return answer(guestId, row, false);
      }
      log.info({ guestId, showId, ticketId: held.id }, 'chat ticket returned');
      await emit(guestId, 'remove', ended.show, 'removed');
      return answer(guestId, ended.row, false);
    },

    /** Spec 7 chat ticket list: the guest's tickets with their shows, newest first. */
    async list(guestId: number): Promise<{ ticket: ChatTicket; show: ChatTicketShow }[]> {
      const rows = await repository.ticketsOf(guestId, CHAT_TICKET_LIST_MAX);
      const named = new Map((await shows.showsByIds(rows.map((r) => r.showId))).map((s) => [s.id, s]));
      const live = new Set(rows.filter((r) => r.status === 'bought').map((r) => r.showId));
      const at = nowMs();
      return rows.flatMap((row) => {
        const show = named.get(row.showId);
        return show
          ? [{ ticket: presentTicket(row), show: presentShow(show, live.has(row.showId), at) }]
          : [];
      });
    },

    /**
     * Cancels a show (operator, or its performer when `actorId` is given) and refunds every live
     * ticket once; safe to call twice and concurrently. The tickets refunded by this call.
     */
    async cancel(showId: number, actorId?: number) {
      const show = await shows.showById(showId);
      if (!show || (actorId !== undefined && show.actorId !== actorId))
        throw new TicketError('TICKET_SHOW_NOT_FOUND', 'There is no such show');
      if (show.cancelledAt === null && show.endsAt.getTime() <= nowMs())
        throw new TicketError('TICKET_SHOW_ENDED', 'This show is over: it cannot be cancelled');
      const cancelled = await shows.cancelShow(showId, new Date(nowMs()));
      if (!cancelled) throw new TicketError('TICKET_SHOW_NOT_FOUND', 'There is no such show');
      let refunded = 0;
      // After the cancellation committed no purchase can add a ticket (they lock the show row).
      for (const ticket of await repository.liveTicketsOfShow(showId)) {
        const done = await wallet.atomically(async (tx, ledger) => {
          const inTx = createTicketsRepository(tx);
          const live = await inTx.lockLiveTicket(ticket.id);
          if (!live) return false;
          const refund = live.transferId
            ? await ledger.refund(live.transferId, `ticket-refund:${live.id}`)
            : null;
          await inTx.endTicket(live.id, 'refunded', new Date(), refund?.transferId ?? null);
          return true;
        });
        if (done) {
          refunded += 1;
          await emit(ticket.guestId, 'refund', show, 'refunded');
        }
      }
      log.info(
        { showId, refunded, by: actorId === undefined ? 'operator' : 'performer' },
        'cam show cancelled',
      );
      return {
        showId,
        cancelledAt: (cancelled.show.cancelledAt ?? new Date(nowMs())).toISOString(),
        refunded,
      };
    },

    balanceFields,
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;

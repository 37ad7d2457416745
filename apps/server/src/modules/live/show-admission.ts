/**
 * The show side's check of a live start (issue 18, packages/domain ticket-show.ts): before any other
 * check of `live/start`, the performer's running cam show (by the SHOW clock) decides
 * - a `ticket-show` start: admitted with a ticket for the running show (the tickets module's
 *   `hasTicket`), else TICKET_REQUIRED (403); before the show SHOW_NOT_STARTED, with none
 *   SHOW_NOT_RUNNING (409), each with the show concerned so the page can offer its ticket;
 * - any other chat with the performer while a show runs: SHOW_RUNNING (409, exit code 908).
 */

import type { ChatType } from '@vela/domain/chat-types';
import { decideShowAdmission, type ScheduledShow, type TicketShowRefusal } from '@vela/domain/ticket-show';
import type { Clock } from '../../infra/clock.ts';
import type { ScheduledShowRow, ShowSchedule } from '../performers/show-schedule.ts';

/** The tickets module's read port (tickets/ticket-holders.ts). */
export interface TicketHolderReads {
  hasTicket(guestId: number, showId: number): Promise<boolean>;
  holdersOf(showId: number): Promise<number[]>;
}

export interface ShowOffer {
  id: number;
  title: string;
  priceCents: number;
  startsAt: Date;
  endsAt: Date;
}

export interface ShowRefusal {
  ok: false;
  code: TicketShowRefusal;
  exitCode: number | null;
  modal: null;
  show?: ShowOffer;
}

export const showOf = (row: ScheduledShowRow): ScheduledShow => ({
  id: row.id,
  actorId: row.actorId,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  cancelledAt: row.cancelledAt ?? null,
});

const offerOf = (row: ScheduledShowRow): ShowOffer => ({
  id: row.id,
  title: row.title,
  priceCents: row.priceCents,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
});

export interface ShowAdmissionDeps {
  schedule: Pick<ShowSchedule, 'currentShowOf' | 'nextShowOf'>;
  tickets: Pick<TicketHolderReads, 'hasTicket'>;
  clock: Clock;
}

export function createShowAdmission(deps: ShowAdmissionDeps) {
  return {
    /** Null: the start goes on (the usual checks follow); else the refusal. */
    async check(guestId: number, actorId: number, type: ChatType): Promise<ShowRefusal | null> {
      const now = new Date(deps.clock.now());
      const running = await deps.schedule.currentShowOf(actorId, now);
      if (!running && type !== 'ticket-show') return null;
      const [upcoming, hasTicket] = await Promise.all([
        running || type !== 'ticket-show' ? null : deps.schedule.nextShowOf(actorId, now),
        running && type === 'ticket-show' ? deps.tickets.hasTicket(guestId, running.id) : false,
      ]);
      const decision = decideShowAdmission({
        type,
        running: running ? showOf(running) : null,
        upcoming: upcoming ? showOf(upcoming) : null,
        hasTicket,
      });
      if (decision.ok) return null;
      const concerned = running ?? upcoming;
      return {
        ok: false,
        code: decision.code,
        exitCode: decision.exitCode,
        modal: null,
        ...(concerned ? { show: offerOf(concerned) } : {}),
      };
    },
  };
}
export type ShowAdmission = ReturnType<typeof createShowAdmission>;

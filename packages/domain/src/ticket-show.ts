/**
 * Ticket shows (spec 3 chat ticket / show, issue 18; docs/decisions/0050):
 * the rules of the show side, pure. A cam show (performers module's `cam_shows`) runs from `startsAt`
 * (inclusive) to `endsAt` (exclusive) by the SHOW clock, unless it was cancelled. While it runs:
 * - its ticket holders are admitted to a `ticket-show` session (priced 0 per minute: the ticket paid);
 * - others are refused `TICKET_REQUIRED` (403, with the show so the page can offer the ticket);
 * - every other chat with the performer ends with 908 "live show started" at its start, and no other
 *   chat type starts while it runs (`SHOW_RUNNING`, 908);
 * - at its end the show's sessions end with `TICKET_SHOW_END_EXIT_CODE`.
 */
import type { ChatType } from './chat-types.ts';

export interface ScheduledShow {
  id: number;
  actorId: number;
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
}

export type ShowPhase = 'upcoming' | 'running' | 'ended' | 'cancelled';

/** Where a show stands at `now` (the show clock's time, ms). */
export function showPhase(show: ScheduledShow, now: number): ShowPhase {
  if (show.cancelledAt !== null) return 'cancelled';
  if (now < show.startsAt.getTime()) return 'upcoming';
  if (now < show.endsAt.getTime()) return 'running';
  return 'ended';
}

/**
 * Spec 8 has no "show ended" code: the show's end is the performer ending the broadcast for its
 * viewers, 202 "stop send" (performer side: the current minute is not charged; a ticket show has no
 * minute price anyway).
 */
export const TICKET_SHOW_END_EXIT_CODE = 202 as const;

/** The code a guest's other chat with the performer ends with when a show starts (spec 8 908). */
export const SHOW_STARTED_EXIT_CODE = 908 as const;

export type TicketShowRefusal =
  /** No show of the performer runs now, but one is scheduled later (409). */
  | 'SHOW_NOT_STARTED'
  /** No show of the performer runs now or later (409). */
  | 'SHOW_NOT_RUNNING'
  /** The show runs; the guest holds no ticket for it (403). */
  | 'TICKET_REQUIRED'
  /** Another chat type while the performer's show runs (409, 908). */
  | 'SHOW_RUNNING';

export type TicketShowAdmission =
  | { ok: true; showId: number | null }
  | { ok: false; code: TicketShowRefusal; exitCode: number | null; showId: number | null };

/**
 * Whether a start of `type` with the performer may go on, given the performer's running show (or
 * null), its next upcoming show (or null) and whether the guest holds a ticket for the running one.
 * A start of another chat type with no show running goes on (`showId` null).
 */
export function decideShowAdmission(input: {
  type: ChatType;
  running: ScheduledShow | null;
  upcoming: ScheduledShow | null;
  hasTicket: boolean;
}): TicketShowAdmission {
  const { type, running, upcoming } = input;
  if (type !== 'ticket-show') {
    return running
      ? { ok: false, code: 'SHOW_RUNNING', exitCode: SHOW_STARTED_EXIT_CODE, showId: running.id }
      : { ok: true, showId: null };
  }
  if (!running) {
    return upcoming
      ? { ok: false, code: 'SHOW_NOT_STARTED', exitCode: null, showId: upcoming.id }
      : { ok: false, code: 'SHOW_NOT_RUNNING', exitCode: null, showId: null };
  }
  if (!input.hasTicket) return { ok: false, code: 'TICKET_REQUIRED', exitCode: null, showId: running.id };
  return { ok: true, showId: running.id };
}

/** What a show's start does to a running chat of another type with the performer: 908 for all. */
export function endsAtShowStart(type: ChatType): boolean {
  return type !== 'ticket-show';
}

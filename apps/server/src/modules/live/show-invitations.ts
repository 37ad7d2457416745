/**
 * Spec 7 `privateTicketShowInvitation` (issue 18): a performer invites a guest to its show; every
 * open page of the guest (publishToGuest: all nodes) shows "<name> invites you to a private show",
 * leading to the performer's live-show tab (joining with a ticket, else offering it).
 *
 * Whom a performer may invite: a guest holding a ticket for the performer's running or next show,
 * or a guest in a chat with the performer now (`live_sessions`, this module's table). Anyone else is
 * the same 404 as a guest that does not exist: the performer API cannot probe guest ids or spam.
 */
import type { Db } from '@vela/db/client';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../infra/clock.ts';
import type { ShowSchedule } from '../performers/show-schedule.ts';
import { createLiveRepository } from './live.repository.ts';
import type { TicketHolderReads } from './show-admission.ts';

export interface ShowInvitationDeps {
  db: Db;
  schedule: Pick<ShowSchedule, 'currentShowOf' | 'nextShowOf'>;
  tickets: Pick<TicketHolderReads, 'hasTicket'>;
  clock: Clock;
  /** Publishes the invitation to the guest's pages (show.job.ts `invite`). */
  send: (actorId: number, guestIds: readonly number[]) => Promise<void>;
}

export function createShowInvitations(deps: ShowInvitationDeps) {
  const sessions = createLiveRepository(deps.db);
  const inChatWith = async (guestId: number, actorId: number): Promise<boolean> =>
    (await sessions.openSessionWith(guestId, actorId)) !== null;

  async function mayInvite(actorId: number, guestId: number): Promise<boolean> {
    const now = new Date(deps.clock.now());
    const shows = await Promise.all([
      deps.schedule.currentShowOf(actorId, now),
      deps.schedule.nextShowOf(actorId, now),
    ]);
    for (const show of shows) {
      if (show && (await deps.tickets.hasTicket(guestId, show.id))) return true;
    }
    return inChatWith(guestId, actorId);
  }

  return {
    mayInvite,
    /** The performer `actorId` invites `guestId`; 404 when the guest may not be invited by it. */
    async invite(actorId: number, guestId: number): Promise<void> {
      if (!(await mayInvite(actorId, guestId))) {
        throw new AppError('NOT_FOUND', 'No such guest of yours to invite', 404);
      }
      await deps.send(actorId, [guestId]);
    },
  };
}
export type ShowInvitations = ReturnType<typeof createShowInvitations>;

/**
 * The show job (issue 18, the show side; see the ticket show decision): every SHOW_JOB_MS it reads
 * the cam shows running by the SHOW clock (infra/clock.ts) and
 * - feeds every chat this node continues with a performer whose show runs, other than the show's own
 *   sessions, the engine's `liveShowStarted` (ticketed): every other chat — livechat, video call, free
 *   chat, preview, and also a multi-chat live show or a voyeur, who would otherwise watch the ticket
 *   show without a ticket — ends with 908 "live show started" (a performer-side end: the current
 *   minute is not charged, whole minutes delivered before stay charged — decision 0038's billing rule);
 * - the first time it sees a show running (per node), tells each ticket holder's open pages
 *   `ticketShowStarted` (the live-show tab offers "Join the show"), and with the performer simulator,
 *   the simulated performer invites its holders (`privateTicketShowInvitation`);
 * - keeps the catalog's `isCurrentlyTicketShow` (spec 3) equal to "a show of this actor runs now";
 * - ends the `ticket-show` sessions of a performer whose show is no longer running (ended or
 *   cancelled) with the performer's `performerStopSend`: exit 202 "stop send".
 * Every node runs it for the sessions it continues; the holders' notice is sent by each node that
 * sees the start (idempotent for the page: the same offer).
 */
import type { GuestSocketEvent } from '@vela/contracts/socket';
import { endsAtShowStart } from '@vela/domain/ticket-show';
import type { Clock } from '../../infra/clock.ts';
import { createIntervalJob } from '../../infra/interval-job.ts';
import type { ActorPictureReads } from '../catalog/actor-picture.ts';
import type { ActorShowFlag } from '../catalog/actor-show-flag.ts';
import type { ScheduledShowRow, ShowSchedule } from '../performers/show-schedule.ts';
import type { LiveLoop } from './live.loop.ts';
import type { TicketHolderReads } from './show-admission.ts';

export interface ShowJobDeps {
  schedule: Pick<ShowSchedule, 'runningShows'>;
  tickets: Pick<TicketHolderReads, 'holdersOf'>;
  clock: Clock;
  loop: Pick<LiveLoop, 'ownedOf' | 'stateOf' | 'feed' | 'owned'>;
  publish: (guestId: number, event: GuestSocketEvent) => Promise<unknown>;
  actors: ActorPictureReads;
  /** The catalog's `isCurrentlyTicketShow` (spec 3), kept equal to "a show of this actor runs now". */
  flags?: ActorShowFlag;
  /** The simulated performers invite their ticket holders when their show starts. */
  simulatorInvites: boolean;
  intervalMs: number;
  log: { error(object: object, message: string): void };
}

export interface ShowRunResult {
  running: number;
  started: number[];
  endedWith908: number;
  showSessionsEnded: number;
}

export function createShowJob(deps: ShowJobDeps) {
  const announced = new Set<number>();

  async function invite(actorId: number, guestIds: readonly number[]): Promise<void> {
    const actor = await deps.actors.actorPicture(actorId);
    if (!actor) return;
    await Promise.all(
      guestIds.map((guestId) =>
        deps.publish(guestId, {
          type: 'privateTicketShowInvitation',
          actorId,
          actorName: actor.name,
          actorProfilePictureUrl: actor.profilePictureUrl,
        }),
      ),
    );
  }

  async function announce(show: ScheduledShowRow): Promise<void> {
    const [holders, actor] = await Promise.all([
      deps.tickets.holdersOf(show.id),
      deps.actors.actorPicture(show.actorId),
    ]);
    await Promise.all(
      holders.map((guestId) =>
        deps.publish(guestId, {
          type: 'ticketShowStarted',
          actorId: show.actorId,
          actorName: actor?.name ?? '',
          showId: show.id,
          title: show.title,
          endsAt: show.endsAt.toISOString(),
        }),
      ),
    );
    if (deps.simulatorInvites) await invite(show.actorId, holders);
  }

  async function run(): Promise<ShowRunResult> {
    const shows = await deps.schedule.runningShows(new Date(deps.clock.now()));
    const showActors = new Set(shows.map((show) => show.actorId));
    const result: ShowRunResult = {
      running: shows.length,
      started: [],
      endedWith908: 0,
      showSessionsEnded: 0,
    };
    const feeds: Promise<unknown>[] = [];
    for (const sessionId of deps.loop.owned()) {
      const state = deps.loop.stateOf(sessionId);
      if (!state || state.status === 'ending' || state.status === 'ended') continue;
      if (showActors.has(state.actorId) && endsAtShowStart(state.type)) {
        result.endedWith908++;
        feeds.push(deps.loop.feed(sessionId, { type: 'liveShowStarted', ticketed: true }));
      } else if (!showActors.has(state.actorId) && state.type === 'ticket-show') {
        result.showSessionsEnded++;
        feeds.push(deps.loop.feed(sessionId, { type: 'performerStopSend' }));
      }
    }
    await Promise.all(feeds);
    await deps.flags?.syncTicketShows([...showActors]);
    for (const show of shows) {
      if (announced.has(show.id)) continue;
      announced.add(show.id);
      result.started.push(show.id);
      try {
        await announce(show);
      } catch (error) {
        deps.log.error({ err: error, showId: show.id }, 'show start not announced');
      }
    }
    return result;
  }

  const job = createIntervalJob({
    name: 'show job',
    run: () => run(),
    intervalMs: deps.intervalMs,
    log: deps.log,
  });
  return { job, run: () => job.runFresh(), invite };
}
export type ShowJob = ReturnType<typeof createShowJob>;

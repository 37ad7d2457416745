/**
 * The demo's shows (issue 18 gaps; decisions 0050 and 0053), on while DEMO_SHOWS is (outside
 * production, with the performer simulator; the tests and the browser tests turn it off). A newcomer in
 * `npm start` can attend each kind of show without operator tricks:
 *
 * - **Ticket shows, a rolling schedule** (by the show clock): one priced show of SHOW_LENGTH_MS starts
 *   at every SHOW_EVERY_MS mark, and the next SHOWS_AHEAD marks always have one on sale (so one starts
 *   within SHOW_EVERY_MS at any moment). A mark already covered by a priced show starting within its
 *   period (a performer's own, or another node's) gets none. The shows are the performers module's
 *   `cam_shows` rows (its `scheduleUnderLock`: one transaction under one advisory lock, so two nodes or
 *   a restart never add a mark's show twice); tickets are sold and holders admitted exactly as for any
 *   show (tickets module, live/show.job.ts).
 * - **The performer is online for its show**: from SHOW_ONLINE_LEAD_MS before the start until the end,
 *   a performer without a performer app of its own comes online (the desk's `setOnline`, as the
 *   performer API's call), and `keepsOnline` tells the presence simulator not to take it away.
 * - **A free show** of FREE_SHOW_MS every FREE_SHOW_EVERY_MS by an online performer offering the live
 *   show (the free-show module's `startTimed`, which stops it at its end via `stopDue`).
 * - **A clash of cams** of CLASH_MINUTES every CLASH_EVERY_MS between two online performers (the clash
 *   module's start, under its lock: one per period, however many nodes).
 *
 * Which performers: `pickPerformer` (in the app a random online one); performers with a performer app
 * (`hasClient`) are left alone.
 */
import { isChatTypeOffered } from '@vela/domain/chat-types';
import type { Clock } from '../../infra/clock.ts';
import { createIntervalJob } from '../../infra/interval-job.ts';
import type { ActorChatReads } from '../catalog/actor-chat.ts';
import type { ClashService } from '../clash/clash.service.ts';
import type { PerformerDeskService } from '../live/live.performer.ts';
import { CLIENT_GRACE_MS } from '../live/performer.simulator.ts';
import type { NewShow, ScheduledShowRow, ShowSchedule } from '../performers/show-schedule.ts';

const MINUTE = 60_000;
/** A ticket show starts at every mark of this period (show clock). */
export const SHOW_EVERY_MS = 15 * MINUTE;
/** How long a demo ticket show lasts. */
export const SHOW_LENGTH_MS = 10 * MINUTE;
/** How many coming marks always have a show on sale. */
export const SHOWS_AHEAD = 3;
/** A show's performer is brought online this long before its start. */
export const SHOW_ONLINE_LEAD_MS = 2 * MINUTE;
/** Prices of the demo's shows, cents, by mark (varied a little). */
const SHOW_PRICES_CENTS = [299, 499, 399] as const;
export const FREE_SHOW_EVERY_MS = 20 * MINUTE;
export const FREE_SHOW_MS = 5 * MINUTE;
/** The free show starts this far into its period (not at the ticket shows' marks). */
const FREE_SHOW_OFFSET_MS = 2 * MINUTE;
export const CLASH_EVERY_MS = 30 * MINUTE;
export const CLASH_MINUTES = 5;
const CLASH_OFFSET_MS = 7 * MINUTE;
/** A free show or clash is started only within this long after its period's start. */
const START_WINDOW_MS = MINUTE;
/** The advisory lock of the ticket show schedule. */
export const DEMO_SHOW_LOCK = 'demo-ticket-shows';
/** Tries to find a fitting performer per show. */
const PICK_TRIES = 8;

export interface DemoShowsDeps {
  schedule: Pick<ShowSchedule, 'scheduleUnderLock'>;
  /** The show clock (ticket shows start and end by it). */
  showClock: Clock;
  /** System time (free shows and clashes). */
  now: () => number;
  /** An online performer (the app: a random one); null when none is online. */
  pickPerformer: () => Promise<number | null>;
  actors: Pick<ActorChatReads, 'actorForChat'>;
  desk: Pick<PerformerDeskService, 'setOnline' | 'hasClient'>;
  freeShows: {
    startTimed(actorId: number, now: Date, endsAt: Date): Promise<boolean>;
    stopDue(now: Date): Promise<number[]>;
    anyRunning(): Promise<boolean>;
  };
  clashes: Pick<ClashService, 'startUnlessStartedSince'>;
  intervalMs: number;
  log: {
    error(object: object, message: string): void;
    info?(object: object, message: string): void;
    debug?(object: object, message: string): void;
  };
}

export interface DemoRunResult {
  /** Ticket shows added by this run. */
  scheduled: ScheduledShowRow[];
  /** Performers brought online for their show. */
  broughtOnline: number[];
  freeShowStarted: number | null;
  freeShowsStopped: number[];
  clashStarted: number | null;
}

/** The marks (ms) of the next `count` periods of `everyMs` after `nowMs`. */
export function nextMarks(nowMs: number, everyMs: number, count: number): number[] {
  const first = Math.floor(nowMs / everyMs) * everyMs + everyMs;
  return Array.from({ length: count }, (_, i) => first + i * everyMs);
}

const overlaps = (show: { startsAt: Date; endsAt: Date }, from: number, to: number) =>
  show.startsAt.getTime() < to && show.endsAt.getTime() > from;

export function createDemoShowsJob(deps: DemoShowsDeps) {
  /** Performers the demo keeps online now (their show is near or running). */
  let keepOnline = new Set<number>();
  const simulated = (actorId: number) => !deps.desk.hasClient(actorId, CLIENT_GRACE_MS);

  /** An online simulated performer that `fits` (tries a few random ones), or null. */
  async function pick(fits: (actorId: number) => boolean | Promise<boolean>): Promise<number | null> {
    for (let i = 0; i < PICK_TRIES; i++) {
      const actorId = await deps.pickPerformer();
      if (actorId === null) return null;
      if (simulated(actorId) && (await fits(actorId))) return actorId;
    }
    return null;
  }

  /**
   * The shows the coming marks lack, given the shows not ended yet and the performers to choose from
   * (under the schedule's lock: no query here — on PGlite the transaction holds the only connection),
   * and how many marks lack one for want of a performer.
   */
  function plan(
    upcoming: readonly ScheduledShowRow[],
    nowMs: number,
    candidates: readonly number[],
  ): { shows: NewShow[]; lacking: number } {
    const shows: NewShow[] = [];
    const order = [...candidates];
    let lacking = 0;
    for (const mark of nextMarks(nowMs, SHOW_EVERY_MS, SHOWS_AHEAD)) {
      const covered = upcoming.some(
        (show) =>
          !show.isFree &&
          show.priceCents > 0 &&
          show.startsAt.getTime() >= mark &&
          show.startsAt.getTime() < mark + SHOW_EVERY_MS,
      );
      if (covered) continue;
      const end = mark + SHOW_LENGTH_MS;
      const busy = new Set(
        [...upcoming, ...shows]
          .filter((show) => overlaps(show, mark - SHOW_ONLINE_LEAD_MS, end))
          .map((show) => show.actorId),
      );
      const at = order.findIndex((id) => !busy.has(id));
      if (at < 0) {
        lacking++;
        continue;
      }
      // The chosen performer goes to the end of the line: the next mark gets another one if there is.
      const [actorId] = order.splice(at, 1) as [number];
      order.push(actorId);
      const index = Math.floor(mark / SHOW_EVERY_MS);
      shows.push({
        actorId,
        title: 'Ticket show',
        description: 'Placeholder description of a ticket show.',
        startsAt: new Date(mark),
        endsAt: new Date(end),
        priceCents: SHOW_PRICES_CENTS[index % SHOW_PRICES_CENTS.length] ?? 499,
        isFree: false,
        // Featured: the show list puts them first, so a newcomer sees what can be attended soon.
        isFeatured: true,
        isInternal: false,
        bonusCode: null,
      });
    }
    return { shows, lacking };
  }

  /** Up to `count` different online simulated performers (random ones). */
  async function candidates(count: number): Promise<number[]> {
    const found = new Set<number>();
    for (let i = 0; i < count; i++) {
      const actorId = await deps.pickPerformer();
      if (actorId === null) break;
      if (simulated(actorId)) found.add(actorId);
    }
    return [...found];
  }

  /**
   * Schedules what the coming marks lack; brings the performers of near and running shows online.
   * Usually one short transaction that finds every mark covered; when some lack a show, performers
   * are chosen outside the lock and the plan is made again under it (another node may have filled
   * the marks meanwhile).
   */
  async function ticketShows(result: DemoRunResult): Promise<readonly ScheduledShowRow[]> {
    const nowMs = deps.showClock.now();
    let known: readonly ScheduledShowRow[] = [];
    let lacking = 0;
    const schedule = (choices: readonly number[]) =>
      deps.schedule.scheduleUnderLock(DEMO_SHOW_LOCK, new Date(nowMs), (upcoming) => {
        known = upcoming;
        const planned = plan(upcoming, nowMs, choices);
        lacking = planned.lacking;
        return planned.shows;
      });
    result.scheduled = await schedule([]);
    if (lacking > 0) {
      const choices = await candidates(lacking + PICK_TRIES);
      if (choices.length > 0) result.scheduled = await schedule(choices);
    }
    const shows = [...known, ...result.scheduled];
    const near = new Set(
      shows.filter((show) => overlaps(show, nowMs, nowMs + SHOW_ONLINE_LEAD_MS)).map((show) => show.actorId),
    );
    keepOnline = near;
    for (const actorId of near) {
      if (!simulated(actorId)) continue;
      const change = await deps.desk.setOnline(actorId, true);
      if (change?.changed) result.broughtOnline.push(actorId);
    }
    return shows;
  }

  async function freeShow(result: DemoRunResult, shows: readonly ScheduledShowRow[]): Promise<void> {
    const nowMs = deps.now();
    result.freeShowsStopped = await deps.freeShows.stopDue(new Date(nowMs));
    const periodStart = Math.floor((nowMs - FREE_SHOW_OFFSET_MS) / FREE_SHOW_EVERY_MS) * FREE_SHOW_EVERY_MS;
    const startAt = periodStart + FREE_SHOW_OFFSET_MS;
    if (nowMs - startAt >= START_WINDOW_MS || (await deps.freeShows.anyRunning())) return;
    const showNow = deps.showClock.now();
    const actorId = await pick(async (id) => {
      if (shows.some((show) => show.actorId === id && overlaps(show, showNow, showNow + FREE_SHOW_MS)))
        return false;
      const actor = await deps.actors.actorForChat(id);
      return actor !== undefined && isChatTypeOffered('live-show', actor.chat);
    });
    if (actorId === null) return;
    if (await deps.freeShows.startTimed(actorId, new Date(nowMs), new Date(startAt + FREE_SHOW_MS))) {
      result.freeShowStarted = actorId;
      deps.log.info?.({ actorId }, 'demo: free show started');
    }
  }

  async function clash(result: DemoRunResult, shows: readonly ScheduledShowRow[]): Promise<void> {
    const nowMs = deps.now();
    const periodStart =
      Math.floor((nowMs - CLASH_OFFSET_MS) / CLASH_EVERY_MS) * CLASH_EVERY_MS + CLASH_OFFSET_MS;
    if (nowMs - periodStart >= START_WINDOW_MS) return;
    const showNow = deps.showClock.now();
    const free = (id: number) =>
      !shows.some((show) => show.actorId === id && overlaps(show, showNow, showNow + CLASH_MINUTES * MINUTE));
    const a = await pick(free);
    const b = a === null ? null : await pick((id) => id !== a && free(id));
    if (a === null || b === null) return;
    try {
      const view = await deps.clashes.startUnlessStartedSince([a, b], CLASH_MINUTES, new Date(periodStart));
      if (view) {
        result.clashStarted = view.clashId;
        deps.log.info?.({ clashId: view.clashId, actorIds: [a, b] }, 'demo: clash started');
      }
    } catch (error) {
      // A performer went offline or into another clash meanwhile: the next run tries others.
      deps.log.debug?.({ err: error }, 'demo clash not started');
    }
  }

  async function run(): Promise<DemoRunResult> {
    const result: DemoRunResult = {
      scheduled: [],
      broughtOnline: [],
      freeShowStarted: null,
      freeShowsStopped: [],
      clashStarted: null,
    };
    const shows = await ticketShows(result);
    for (const show of result.scheduled)
      deps.log.info?.(
        { showId: show.id, actorId: show.actorId, startsAt: show.startsAt.toISOString() },
        'demo: ticket show scheduled',
      );
    await freeShow(result, shows);
    await clash(result, shows);
    return result;
  }

  const job = createIntervalJob({
    name: 'demo shows',
    run: () => run(),
    intervalMs: deps.intervalMs,
    log: deps.log,
  });
  return {
    job,
    run: () => job.runFresh(),
    /** Whether the demo keeps this performer online now (its ticket show is near or running). */
    keepsOnline: (actorId: number): boolean => keepOnline.has(actorId),
  };
}
export type DemoShowsJob = ReturnType<typeof createDemoShowsJob>;

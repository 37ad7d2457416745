/**
 * The demo's shows (issue 18 gaps; demo-shows/demo-shows.job.ts, decisions 0050 and 0053): a rolling
 * schedule of short priced ticket shows, the performer online at its show, a free show and a clash now
 * and then — so a newcomer in `npm start` can attend each. The job runs here on the test database with
 * the real show schedule, free-show and clash services and a clock the test sets; the shows it adds are
 * bought and attended through the app like any show. DEMO_SHOWS is off in the tests' app (nothing
 * scheduled by itself). PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import { createShowClock } from '../src/infra/clock.ts';
import { createActorChatReads } from '../src/modules/catalog/actor-chat.ts';
import { createClashRepository } from '../src/modules/clash/clash.repository.ts';
import { createClashService } from '../src/modules/clash/clash.service.ts';
import {
  CLASH_EVERY_MS,
  CLASH_MINUTES,
  createDemoShowsJob,
  FREE_SHOW_EVERY_MS,
  FREE_SHOW_MS,
  nextMarks,
  SHOW_EVERY_MS,
  SHOW_LENGTH_MS,
  SHOWS_AHEAD,
} from '../src/modules/demo-shows/demo-shows.job.ts';
import { createFreeShowModule } from '../src/modules/free-show/free-show.module.ts';
import { createShowSchedule } from '../src/modules/performers/show-schedule.ts';
import type { Factories } from './factories.ts';
import { liveKit } from './live-kit.ts';
import { recordingMedia } from './live-media-double.ts';
import { PRODUCTION_TEST_ENV, testAppPerSuite } from './test-app.ts';

const SECRET = 'demo-shows-test-secret-0123456789abcdef';
const DAY = 24 * 60 * 60_000;
const MINUTE = 60_000;
const media = recordingMedia();
const clock = createShowClock({ adjustable: true });
const t = testAppPerSuite({
  env: { LIVE_MINUTE_MS: '1000', PERFORMER_API_SECRET: SECRET, SHOW_JOB_MS: '50' },
  liveMedia: media,
  showClock: clock,
});
const silent = { error: () => undefined, debug: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A moment far from the seeded shows (they lie within two weeks of the seed), one day per test. */
let day = 60;
const farMoment = () => Date.now() + day++ * DAY + 3 * MINUTE;
/**
 * A system time outside every free-show and clash start window (half past an hour), for the tests of
 * the ticket shows.
 */
const quiet = () => Math.floor(Date.now() / (60 * MINUTE)) * 60 * MINUTE + 30 * MINUTE + 30_000;

describe('the demo shows (issue 18: a newcomer can attend a ticket show, a free show and a clash)', () => {
  const kit = liveKit(t, { net: '10.147', performerSecret: SECRET });
  let make: Factories;
  beforeAll(() => {
    make = kit.make();
  });

  const online = async (actorId: number) =>
    (
      await queryRows<{ is_online: boolean }>(
        t.database.db,
        sql`select is_online from actors where id = ${actorId}`,
      )
    )[0]?.is_online;

  /**
   * A demo job on the test database at the show clock `showAt` and the system time `nowAt`, picking
   * the given performers in turn; its desk sets the catalog's online flag (as the live desk does).
   */
  function demoJob(options: { picks: number[]; showAt: () => number; nowAt?: () => number }) {
    let turn = 0;
    const broughtOnline: number[] = [];
    const freeShows = createFreeShowModule({
      db: t.database.db,
      bus: t.bus,
      log: t.app.log,
      config: t.config,
      actors: createActorChatReads(t.database.db),
    });
    const clashes = createClashService({
      repository: createClashRepository(t.database.db),
      actors: createActorChatReads(t.database.db),
      bus: t.bus,
      now: options.nowAt ?? Date.now,
    });
    const job = createDemoShowsJob({
      schedule: createShowSchedule(t.database.db),
      showClock: { now: options.showAt },
      now: options.nowAt ?? quiet,
      // A query as the app's picker makes (none may run inside the schedule's lock: PGlite has one connection).
      pickPerformer: async () => {
        await queryRows(t.database.db, sql`select 1`);
        return options.picks[turn++ % options.picks.length] ?? null;
      },
      actors: createActorChatReads(t.database.db),
      desk: {
        async setOnline(actorId, isOnline) {
          const changed = await queryRows<{ id: number }>(
            t.database.db,
            sql`update actors set is_online = ${isOnline} where id = ${actorId} and is_online <> ${isOnline} returning id`,
          );
          if (changed.length > 0) broughtOnline.push(actorId);
          return { actorId, online: isOnline, changed: changed.length > 0, chatsEnded: 0 };
        },
        hasClient: () => false,
      },
      freeShows: freeShows.service,
      clashes,
      intervalMs: 0,
      log: silent,
    });
    return { job, broughtOnline, freeShows: freeShows.service };
  }

  const showsBetween = (from: number, to: number) =>
    queryRows<{ id: number; actor_id: number; starts_at: Date; ends_at: Date; price_cents: number }>(
      t.database.db,
      sql`select id, actor_id, starts_at, ends_at, price_cents from cam_shows
          where starts_at >= ${new Date(from).toISOString()}::timestamptz and starts_at < ${new Date(to).toISOString()}::timestamptz
            and cancelled_at is null order by starts_at, id`,
    );

  it('DEMO_SHOWS: on outside production with the simulated performers, off in production, without the simulator and in the tests (the app schedules nothing)', async () => {
    expect(parseConfig({}).demoShows).toBe(true);
    expect(parseConfig(PRODUCTION_TEST_ENV).demoShows).toBe(false);
    expect(parseConfig({ PERFORMER_SIMULATOR: 'false' }).demoShows).toBe(false);
    expect(parseConfig({ PERFORMER_SIMULATOR: 'false', DEMO_SHOWS: 'true' }).demoShows).toBe(true);
    expect(t.config.demoShows).toBe(false);
    await sleep(200);
    const now = clock.now();
    const demoLike = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from cam_shows where starts_at > ${new Date(now).toISOString()}::timestamptz
          and starts_at <= ${new Date(now + SHOWS_AHEAD * SHOW_EVERY_MS).toISOString()}::timestamptz
          and ends_at - starts_at = ${`${SHOW_LENGTH_MS / MINUTE} minutes`}::interval`,
    );
    expect(demoLike[0]?.n).toBe(0);
  });

  it('the next marks get one short priced show each, once: a second run adds nothing, and a show starting within 15 minutes is always on sale', async () => {
    const a = await make.buildActor({ isOnline: true });
    const b = await make.buildActor({ isOnline: true });
    const at = farMoment();
    const { job } = demoJob({ picks: [a.id, b.id], showAt: () => at });
    const first = await job.run();
    expect(first.scheduled).toHaveLength(SHOWS_AHEAD);
    const marks = nextMarks(at, SHOW_EVERY_MS, SHOWS_AHEAD);
    expect(first.scheduled.map((show) => show.startsAt.getTime())).toEqual(marks);
    for (const show of first.scheduled) {
      expect(show.endsAt.getTime() - show.startsAt.getTime()).toBe(SHOW_LENGTH_MS);
      expect(show.priceCents).toBeGreaterThan(0);
      expect(show.isFree).toBe(false);
    }
    expect(first.scheduled[0]!.startsAt.getTime() - at).toBeLessThanOrEqual(SHOW_EVERY_MS);
    expect((await job.run()).scheduled).toEqual([]);
    expect(await showsBetween(at, at + DAY)).toHaveLength(SHOWS_AHEAD);
  });

  it('two runners in parallel (two nodes) add each mark once', async () => {
    const actors = await Promise.all(Array.from({ length: 4 }, () => make.buildActor({ isOnline: true })));
    const at = farMoment();
    const one = demoJob({ picks: [actors[0]!.id, actors[1]!.id], showAt: () => at });
    const two = demoJob({ picks: [actors[2]!.id, actors[3]!.id], showAt: () => at });
    const runs = await Promise.all([one.job.run(), two.job.run(), one.job.run(), two.job.run()]);
    expect(runs.reduce((sum, run) => sum + run.scheduled.length, 0)).toBe(SHOWS_AHEAD);
    const rows = await showsBetween(at, at + DAY);
    expect(rows.map((row) => new Date(row.starts_at).getTime())).toEqual(
      nextMarks(at, SHOW_EVERY_MS, SHOWS_AHEAD),
    );
  });

  it('a mark already covered by a priced show (a performer scheduled one) gets none; the performer of a near show is brought online', async () => {
    const a = await make.buildActor({ isOnline: true });
    const own = await make.buildActor({ isOnline: false });
    const at = farMoment();
    const [mark] = nextMarks(at, SHOW_EVERY_MS, 1);
    await createShowSchedule(t.database.db).scheduleShow({
      actorId: own.id,
      title: 'Own show',
      description: 'Scheduled by the performer',
      startsAt: new Date(mark! + 5 * MINUTE),
      endsAt: new Date(mark! + 35 * MINUTE),
      priceCents: 700,
      isFree: false,
      isFeatured: false,
      isInternal: false,
      bonusCode: null,
    });
    let showNow = at;
    const { job, broughtOnline } = demoJob({ picks: [a.id], showAt: () => showNow });
    const run = await job.run();
    expect(run.scheduled.map((show) => show.startsAt.getTime())).toEqual(
      nextMarks(at, SHOW_EVERY_MS, SHOWS_AHEAD).slice(1),
    );
    // Far from its start the offline performer stays offline; a minute before it, it comes online.
    expect(await online(own.id)).toBe(false);
    showNow = mark! + 4 * MINUTE;
    await job.run();
    expect(broughtOnline).toContain(own.id);
    expect(await online(own.id)).toBe(true);
    expect(job.keepsOnline(own.id)).toBe(true);
    expect(job.keepsOnline(a.id)).toBe(false);
  });

  it('a demo show is bought like any show and its holder is admitted at the start (the performer online, the media flowing)', async () => {
    const performer = await make.buildActor({ isOnline: false });
    // The app's show clock (admission, ticket sales) goes to a moment far from the seeded shows.
    const offset = farMoment() - clock.now();
    clock.shift(offset);
    const { job } = demoJob({ picks: [performer.id], showAt: () => clock.now() });
    const [show] = (await job.run()).scheduled;
    if (!show) throw new Error('no show scheduled');
    expect(show.actorId).toBe(performer.id);
    expect(show.startsAt.getTime() - clock.now()).toBeLessThanOrEqual(SHOW_EVERY_MS);
    const holder = await kit.guestWith(2_000);
    const bought = await kit.rest(holder, 'POST', `chatTicket/${show.id}/buy`, {});
    expect(bought.statusCode).toBe(200);
    const outsider = await kit.guestWith(2_000);
    // The show clock reaches the start: the job brings the performer online; the show job admits the holder.
    clock.shift(show.startsAt.getTime() - clock.now() + 10);
    await job.run();
    expect(await online(performer.id)).toBe(true);
    const page = await kit.pageOf(holder);
    const started = await kit.start(holder, performer.id, 'ticket-show');
    expect(started.statusCode).toBe(200);
    await kit.answerAndShow(page, holder, started.json().data.sessionId as string, media);
    const refused = await kit.start(outsider, performer.id, 'ticket-show');
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'TICKET_REQUIRED']);
    clock.shift(Date.now() - clock.now());
  });

  it('a free show of 5 minutes starts at its period (once, with two runners) and stops by itself', async () => {
    const a = await make.buildActor({ isOnline: true, multiChatPriceCents: 100 });
    const b = await make.buildActor({ isOnline: true, multiChatPriceCents: 100 });
    // Other free shows (other test files' performers) would hold the demo's back.
    await t.database.db.execute(sql`delete from free_shows`);
    const periodStart = Math.floor(farMoment() / FREE_SHOW_EVERY_MS) * FREE_SHOW_EVERY_MS + 2 * MINUTE;
    let now = periodStart + 10_000;
    const one = demoJob({ picks: [a.id], showAt: () => now, nowAt: () => now });
    const two = demoJob({ picks: [b.id], showAt: () => now, nowAt: () => now });
    const runs = await Promise.all([one.job.run(), two.job.run()]);
    const started = runs.map((run) => run.freeShowStarted).filter((id) => id !== null);
    expect(started).toHaveLength(1);
    const actorId = started[0]!;
    const state = await kit.rest(null, 'GET', `live/free-shows/${actorId}`);
    expect(state.json().data.running).toBe(true);
    now = periodStart + FREE_SHOW_MS - 1_000;
    expect((await one.job.run()).freeShowsStopped).toEqual([]);
    now = periodStart + FREE_SHOW_MS;
    expect((await two.job.run()).freeShowsStopped).toEqual([actorId]);
    expect((await kit.rest(null, 'GET', `live/free-shows/${actorId}`)).json().data.running).toBe(false);
    // The start window is over: no second free show in this period.
    expect((await one.job.run()).freeShowStarted).toBeNull();
  });

  it('a clash of two online performers starts once per period (two runners), for 5 minutes', async () => {
    const actors = await Promise.all(Array.from({ length: 4 }, () => make.buildActor({ isOnline: true })));
    const periodStart = Math.floor(farMoment() / CLASH_EVERY_MS) * CLASH_EVERY_MS + 7 * MINUTE;
    const now = periodStart + 5_000;
    const one = demoJob({ picks: [actors[0]!.id, actors[1]!.id], showAt: () => now, nowAt: () => now });
    const two = demoJob({ picks: [actors[2]!.id, actors[3]!.id], showAt: () => now, nowAt: () => now });
    const runs = await Promise.all([one.job.run(), two.job.run()]);
    const started = runs.map((run) => run.clashStarted).filter((id) => id !== null);
    expect(started).toHaveLength(1);
    const [row] = await queryRows<{ starts_at: Date; ends_at: Date }>(
      t.database.db,
      sql`select starts_at, ends_at from clashes where id = ${started[0]!}`,
    );
    expect(new Date(row!.ends_at).getTime() - new Date(row!.starts_at).getTime()).toBe(
      CLASH_MINUTES * MINUTE,
    );
    expect((await one.job.run()).clashStarted).toBeNull();
  });
});

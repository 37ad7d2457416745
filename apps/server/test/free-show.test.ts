/**
 * Free show start/stop (issue 18 deliverable 2, decision 0053; spec 4 "Other events: … free show
 * start/stop"): the performer's call, `freeShowStart` / `freeShowStop` on every page, a free show's
 * live show costs nothing, and the stop ends its free viewers' chats (202) while a paid one goes on.
 * The real app, ledger and billing loop (LIVE_MINUTE_MS = 1 s); PGlite by default, PostgreSQL with
 * DATABASE_URL.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Factories } from './factories.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { runningChatOf } from './live-interaction-kit.ts';
import { liveKit } from './live-kit.ts';
import { recordingMedia } from './live-media-double.ts';
import type { TestSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';

const SECRET = 'free-show-test-secret-0123456789abcdef01';
const media = recordingMedia();
const t = testAppPerSuite({
  env: { LIVE_MINUTE_MS: '1000', PERFORMER_API_SECRET: SECRET },
  liveMedia: media,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next event of `type` about `actorId` on the page (events of other performers are skipped). */
async function eventOf(page: TestSocket, type: 'freeShowStart' | 'freeShowStop', actorId: number) {
  for (;;) {
    const message = await page.next(type, 8_000);
    if (message.actorId === actorId) return message;
  }
}

describe('free show start/stop (issue 18; spec 4 other events: free show start/stop)', () => {
  const kit = liveKit(t, { net: '10.134', performerSecret: SECRET });
  const { guestWith, rest } = kit;
  let make: Factories;
  beforeAll(() => {
    make = kit.make();
  });
  const freeShow = (actorId: number, body: unknown) => kit.performer(actorId, 'freeShow', body as object);
  const balanceOf = async (guestId: number) =>
    (
      await queryRows<{ balance_cents: number }>(
        t.database.db,
        sql`select balance_cents::int as balance_cents from ledger_accounts
          where kind = 'guest-wallet' and owner_guest_id = ${guestId}`,
      )
    )[0]?.balance_cents ?? 0;

  it('the performer starts and stops its free show: every page hears freeShowStart / freeShowStop, GET live/free-shows/:actorId follows; refusals change nothing', async () => {
    const actor = await make.buildActor({ isOnline: true });
    const page = await kit.pageOf(await guestWith(0));
    const started = await freeShow(actor.id, { running: true });
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ actorId: actor.id, running: true });
    expect(await eventOf(page, 'freeShowStart', actor.id)).toEqual({
      type: 'freeShowStart',
      actorId: actor.id,
    });
    expect((await rest(null, 'GET', `live/free-shows/${actor.id}`)).json().data.running).toBe(true);
    // Starting again is the same show (no second event is needed: the state answers).
    expect((await freeShow(actor.id, { running: true })).json().data.since).toBe(started.json().data.since);
    const stopped = await freeShow(actor.id, { running: false });
    expect(stopped.json().data).toEqual({ actorId: actor.id, running: false, since: null });
    expect(await eventOf(page, 'freeShowStop', actor.id)).toEqual({
      type: 'freeShowStop',
      actorId: actor.id,
    });
    expect((await rest(null, 'GET', `live/free-shows/${actor.id}`)).json().data.running).toBe(false);
    // Refused: an offline performer 409, no or a wrong token 401, malformed bodies 400.
    const offline = await make.buildActor({ isOnline: false });
    const away = await freeShow(offline.id, { running: true });
    expect([away.statusCode, away.json().error.code]).toEqual([409, 'PERFORMER_OFFLINE']);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/performer/freeShow',
      payload: { running: true },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const body of [{}, { running: 'yes' }, { running: true, extra: 1 }, { running: '\u0000' }]) {
      expect((await freeShow(actor.id, body)).statusCode).toBe(400);
    }
    expect((await rest(null, 'GET', `live/free-shows/${offline.id}`)).json().data.running).toBe(false);
  });

  it('a free show viewer is not charged (a guest with no money watches the live show at price 0); the stop ends the free chat with 202, a paid viewer who started before goes on; the ledger invariant holds', async () => {
    const actor = await make.buildActor({ isOnline: true, multiChatPriceCents: 100 });
    const payer = await guestWith(5000);
    const paid = await runningChatOf(kit, media, payer, actor.id, 'live-show');
    expect((await freeShow(actor.id, { running: true })).statusCode).toBe(200);
    const viewer = await guestWith(0);
    const free = await runningChatOf(kit, media, viewer, actor.id, 'live-show');
    await sleep(2_500);
    expect(await balanceOf(viewer.id)).toBe(0);
    const view = await rest(viewer, 'GET', `live/sessions/${free.sessionId}`);
    expect(view.json().data.status).toBe('running');
    expect((await freeShow(actor.id, { running: false })).statusCode).toBe(200);
    const ended = await free.page.next('liveEnded', 8_000);
    expect(ended.exitCode).toBe(202);
    expect(await balanceOf(viewer.id)).toBe(0);
    expect((await rest(payer, 'GET', `live/sessions/${paid.sessionId}`)).json().data.status).toBe('running');
    expect(await balanceOf(payer.id)).toBeLessThan(5000);
    // Without the free show the live show costs again: a guest without money is refused.
    const broke = await kit.start(await guestWith(0), actor.id, 'live-show');
    expect(broke.statusCode).toBe(402);
    expect((await rest(payer, 'POST', `live/sessions/${paid.sessionId}/exit`, {})).statusCode).toBe(200);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('a performer going offline ends its free show (freeShowStop)', async () => {
    const actor = await make.buildActor({ isOnline: true });
    const page = await kit.pageOf(await guestWith(0));
    expect((await freeShow(actor.id, { running: true })).statusCode).toBe(200);
    await eventOf(page, 'freeShowStart', actor.id);
    expect((await kit.performer(actor.id, 'presence', { online: false })).statusCode).toBe(200);
    await eventOf(page, 'freeShowStop', actor.id);
    expect((await rest(null, 'GET', `live/free-shows/${actor.id}`)).json().data.running).toBe(false);
  });
});

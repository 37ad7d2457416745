/**
 * Toy control (issue 18 deliverable 2, decision 0052): the ToyControl port's simulated toy, the paid
 * toy action of a live chat (ledger kind toy, key toy:live:<session>:<actionId>, logged in
 * toy_actions, then the command; a refused command refunded once), the performer's view of the toy,
 * chatEnd `isToyControl`, and live reactions (spec 7 `liveReaction`) to every viewer of a public show.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { REACTION_LIMIT } from '@vela/domain/tips';
import { toyKey } from '@vela/domain/toy-control';
import { beforeAll, describe, expect, it } from 'vitest';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import { createSimulatedToys } from '../src/modules/toys/toy-control.ts';
import { createToysRepository } from '../src/modules/toys/toys.repository.ts';
import { createToysService } from '../src/modules/toys/toys.service.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import type { Factories } from './factories.ts';
import type { SignedUp } from './guest-helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { runningChatOf, walletTransfersLike } from './live-interaction-kit.ts';
import { liveKit } from './live-kit.ts';
import { recordingMedia } from './live-media-double.ts';
import { testAppPerSuite } from './test-app.ts';

const SECRET = 'toy-test-secret-0123456789abcdef0123456';
const media = recordingMedia();
const t = testAppPerSuite({
  env: { LIVE_MINUTE_MS: '60000', PERFORMER_API_SECRET: SECRET },
  liveMedia: media,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent = { warn() {} };

describe('the ToyControl port: the simulated toy', () => {
  it('vibrates at a level until its end, tells its listeners at the start and when idle, refuses without a toy or with a bad command', async () => {
    let now = 1_000;
    const toys = createSimulatedToys({ hasToy: async (id) => id === 1, now: () => now });
    const heard: string[] = [];
    const unsubscribe = toys.subscribe(1, (state) => heard.push(state.status));
    expect(await toys.vibrate(1, { level: 3, durationMs: 40, by: 'g' })).toEqual({
      ok: true,
      state: { status: 'vibrating', level: 3, until: 1_040 },
    });
    expect(await toys.state(1)).toEqual({ status: 'vibrating', level: 3, until: 1_040 });
    now = 1_040;
    expect(await toys.state(1)).toEqual({ status: 'idle' });
    await sleep(80);
    expect(heard).toEqual(['vibrating', 'idle']);
    unsubscribe();
    expect(await toys.vibrate(2, { level: 3, durationMs: 40, by: 'g' })).toEqual({
      ok: false,
      reason: 'no-toy',
    });
    expect(await toys.vibrate(1, { level: 21, durationMs: 40, by: 'g' })).toEqual({
      ok: false,
      reason: 'refused',
    });
    expect(await toys.vibrate(1, { level: 2, durationMs: 0, by: 'g' })).toEqual({
      ok: false,
      reason: 'refused',
    });
    toys.close();
  });
});

describe('toy control in a live chat (issue 18)', () => {
  const kit = liveKit(t, { net: '10.132', performerSecret: SECRET });
  const { guestWith, rest } = kit;
  let make: Factories;
  beforeAll(() => {
    make = kit.make();
  });

  async function actorWithToy(toy: boolean) {
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100, multiChatPriceCents: 100 });
    if (toy) await createToysRepository(t.database.db).register(actor.id);
    return actor;
  }

  const running = (guest: SignedUp, actorId: number, type = 'livechat') =>
    runningChatOf(kit, media, guest, actorId, type);

  const toyCharges = (sessionId: string) => walletTransfersLike(t.database.db, `toy:live:${sessionId}:`);

  const performerToy = (actorId: number) =>
    t.app.inject({
      method: 'GET',
      url: '/rest/v1/performer/toy',
      headers: { 'x-performer-token': performerToken(SECRET, actorId) },
    });

  it('a paid toy action: charged once (kind toy, 25 coins), logged, the toy vibrates (the performer sees it), the page hears toyAction and toyState; the same actionId 5 times in parallel is one action', async () => {
    const guest = await guestWith(5000);
    const actor = await actorWithToy(true);
    const { sessionId, page } = await running(guest, actor.id);
    const offer = await rest(null, 'GET', `live/toys/${actor.id}`);
    expect(offer.json().data).toMatchObject({ available: true, state: { status: 'idle' } });
    const actionId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        rest(guest, 'POST', `live/sessions/${sessionId}/toy`, { actionId, preset: 'medium' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]?.json().data).toMatchObject({ status: 'done', level: 8, durationMs: 10_000 });
    expect(await toyCharges(sessionId)).toEqual([
      { idempotency_key: toyKey(`live:${sessionId}`, actionId), kind: 'toy', amount_cents: -625 },
    ]);
    expect(await page.next('toyAction')).toMatchObject({ actionId, status: 'done', level: 8 });
    expect(await page.next('toyState')).toMatchObject({ actorId: actor.id, status: 'vibrating', level: 8 });
    const seen = (await performerToy(actor.id)).json().data;
    expect(seen.state).toMatchObject({ status: 'vibrating', level: 8 });
    expect(seen.actions).toEqual([expect.objectContaining({ level: 8, status: 'done' })]);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from toy_actions where context = ${`live:${sessionId}`}`,
    );
    expect(rows[0]?.n).toBe(1);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('refused, nothing charged: no toy 409 TOY_NOT_AVAILABLE, a bad preset or id 400, too little money 402, another guest 404, a visitor 401', async () => {
    const guest = await guestWith(600);
    const plain = await actorWithToy(false);
    const { sessionId } = await running(guest, plain.id);
    const noToy = await rest(guest, 'POST', `live/sessions/${sessionId}/toy`, {
      actionId: randomUUID(),
      preset: 'soft',
    });
    expect(noToy.statusCode).toBe(409);
    expect(noToy.json().error.code).toBe('TOY_NOT_AVAILABLE');
    expect((await rest(null, 'GET', `live/toys/${plain.id}`)).json().data.available).toBe(false);

    const other = await guestWith(600);
    const actor = await actorWithToy(true);
    const chat = await running(other, actor.id);
    for (const body of [
      { actionId: randomUUID(), preset: 'nuclear' },
      { actionId: 'x\u0000', preset: 'soft' },
      { actionId: randomUUID() },
      { actionId: randomUUID(), preset: 'soft', level: 20 },
    ]) {
      expect((await rest(other, 'POST', `live/sessions/${chat.sessionId}/toy`, body)).statusCode).toBe(400);
    }
    // 600 cents minus the first minute leaves less than the 2500 cents of 'max'.
    const poor = await rest(other, 'POST', `live/sessions/${chat.sessionId}/toy`, {
      actionId: randomUUID(),
      preset: 'max',
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.code).toBe('NOT_ENOUGH_MONEY');
    const foreign = await rest(guest, 'POST', `live/sessions/${chat.sessionId}/toy`, {
      actionId: randomUUID(),
      preset: 'soft',
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await rest(null, 'POST', `live/sessions/${chat.sessionId}/toy`, {
          actionId: randomUUID(),
          preset: 'soft',
        })
      ).statusCode,
    ).toBe(401);
    expect(await toyCharges(sessionId)).toEqual([]);
    expect(await toyCharges(chat.sessionId)).toEqual([]);
  });

  it('a command the toy refuses is refunded exactly once (twice asked), the action says refunded; the ledger invariant holds', async () => {
    const guest = await guestWith(5000);
    const actor = await actorWithToy(true);
    const wallet = createWalletService({ db: t.database.db });
    const repository = createToysRepository(t.database.db);
    const toys = createToysService({
      repository,
      wallet,
      control: createSimulatedToys({ hasToy: async () => true, refuses: () => true }),
      log: silent,
    });
    const request = {
      guestId: guest.id,
      actorId: actor.id,
      context: `test:${randomUUID()}`,
      actionId: randomUUID(),
      preset: 'soft' as const,
      by: 'g',
    };
    const first = await toys.act(request);
    expect(first.action.status).toBe('refunded');
    const again = await toys.act(request);
    expect(again.fresh).toBe(false);
    expect(await wallet.guestBalance(guest.id)).toBe(5000);
    const refunds = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfers where kind = 'refund' and idempotency_key = ${`toy-refund:${request.context}:${request.actionId}`}`,
    );
    expect(refunds[0]?.n).toBe(1);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('chatEnd isToyControl (spec 3): true in a livechat with a performer who has a toy, false without one', async () => {
    for (const toy of [true, false]) {
      const guest = await guestWith(2000);
      const actor = await actorWithToy(toy);
      const { sessionId, page } = await running(guest, actor.id);
      expect((await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {})).statusCode).toBe(200);
      const end = await page.next('chatEnd', 10_000);
      expect(end.isToyControl).toBe(toy);
    }
  });

  it('live reactions (spec 7 liveReaction): a viewer of a live show reacts, every viewer of that show hears it; at most 5 per 10 s per guest; not from a livechat', async () => {
    const actor = await actorWithToy(false);
    const one = await guestWith(5000);
    const two = await guestWith(5000);
    const a = await running(one, actor.id, 'live-show');
    const b = await running(two, actor.id, 'live-show');
    const react = (guest: SignedUp, page: typeof a.page, sessionId: string, reaction: string) =>
      kit.send(page, guest, { type: 'sendLiveReaction', sessionId, reaction });
    react(one, a.page, a.sessionId, 'heart');
    expect(await a.page.next('liveReaction')).toMatchObject({ actorId: actor.id, reaction: 'heart' });
    expect(await b.page.next('liveReaction')).toMatchObject({ actorId: actor.id, reaction: 'heart' });
    for (let i = 1; i < REACTION_LIMIT; i++) react(one, a.page, a.sessionId, 'fire');
    react(one, a.page, a.sessionId, 'wow');
    const error = await a.page.next('error');
    expect(error.code).toBe('RATE_LIMITED');
    react(one, a.page, a.sessionId, 'kiss');
    expect((await a.page.next('error')).code).toBe('INVALID_MESSAGE');

    const single = await guestWith(5000);
    const chat = await running(single, (await actorWithToy(false)).id);
    react(single, chat.page, chat.sessionId, 'heart');
    expect((await chat.page.next('error')).code).toBe('LIVE_SESSION_NOT_ACTIVE');
  });
});

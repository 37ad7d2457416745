/**
 * Tips in a live session (issue 18 deliverable 2, decision 0052; spec 5 "tip sent in coins"): the
 * HTTP call on the real app with a recording media double, the real ledger and billing loop
 * (LIVE_MINUTE_MS = 1 s, a real setting). PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Factories } from './factories.ts';
import type { SignedUp } from './guest-helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { runningChatOf, walletTransfersLike } from './live-interaction-kit.ts';
import { liveKit } from './live-kit.ts';
import { recordingMedia } from './live-media-double.ts';
import { testAppPerSuite } from './test-app.ts';

const SECRET = 'tips-test-secret-0123456789abcdef01234';
const media = recordingMedia();
const t = testAppPerSuite({
  env: { LIVE_MINUTE_MS: '1000', PERFORMER_API_SECRET: SECRET },
  liveMedia: media,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tips in a live session (issue 18, spec 5: tip sent in coins)', () => {
  const kit = liveKit(t, { net: '10.131', performerSecret: SECRET });
  const { guestWith, rest, start } = kit;
  let make: Factories;
  beforeAll(() => {
    make = kit.make();
  });

  async function runningChat(guest: SignedUp, priceSingleCents = 100) {
    const actor = await make.buildActor({ isOnline: true, priceSingleCents });
    return { actor, ...(await runningChatOf(kit, media, guest, actor.id)) };
  }

  const tip = (guest: SignedUp | null, sessionId: string, body: object) =>
    rest(guest, 'POST', `live/sessions/${sessionId}/tips`, body);

  const tipTransfers = (sessionId: string) => walletTransfersLike(t.database.db, `tip:${sessionId}:`);

  it('a tip of 20 coins is one ledger transfer (kind tip, key tip:<session>:<tipId>, 500 cents), shown on the page, to the performer, in the session view and the receipt', async () => {
    const guest = await guestWith(5000);
    const { actor, sessionId, page } = await runningChat(guest);
    const tipId = randomUUID();
    const answer = await tip(guest, sessionId, { tipId, amountCoins: 20 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ sessionId, tipId, amountCoins: 20 });
    expect(await page.next('liveTip')).toMatchObject({ sessionId, tipId, amountCoins: 20 });
    expect(await tipTransfers(sessionId)).toEqual([
      { idempotency_key: `tip:${sessionId}:${tipId}`, kind: 'tip', amount_cents: -500 },
    ]);
    const view = await rest(guest, 'GET', `live/sessions/${sessionId}`);
    expect(view.json().data.tips).toEqual([expect.objectContaining({ tipId, amountCoins: 20 })]);
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/performer/inbox?after=0&waitMs=0',
      headers: {
        'x-performer-token': (await import('../src/modules/live/performer.routes.ts')).performerToken(
          SECRET,
          actor.id,
        ),
      },
    });
    expect(inbox.json().data.events).toContainEqual(
      expect.objectContaining({ type: 'guestTip', sessionId, amountCoins: 20 }),
    );
    expect((await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {})).statusCode).toBe(200);
    const receipt = await rest(guest, 'GET', `live/sessions/${sessionId}/receipt`);
    expect(receipt.json().data.tips).toEqual([expect.objectContaining({ tipId, amountCoins: 20 })]);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('one tipId sent 10 times in parallel is charged once; 10 different tips in parallel each once; the ledger invariant holds', async () => {
    const guest = await guestWith(10_000);
    const { sessionId } = await runningChat(guest);
    const same = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => tip(guest, sessionId, { tipId: same, amountCoins: 4 })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const others = await Promise.all(
      Array.from({ length: 10 }, () => tip(guest, sessionId, { tipId: randomUUID(), amountCoins: 1 })),
    );
    expect(others.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const transfers = await tipTransfers(sessionId);
    expect(transfers).toHaveLength(11);
    expect(transfers.filter((row) => row.idempotency_key.endsWith(same))).toEqual([
      expect.objectContaining({ amount_cents: -100 }),
    ]);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it("refused, nothing changed: a visitor 401, another guest's session 404, bad amounts and ids 400, too little money 402 NOT_ENOUGH_MONEY, a chat not running 409", async () => {
    const guest = await guestWith(1000);
    const { sessionId } = await runningChat(guest);
    const other = await guestWith(5000);
    expect((await tip(null, sessionId, { tipId: randomUUID(), amountCoins: 5 })).statusCode).toBe(401);
    const foreign = await tip(other, sessionId, { tipId: randomUUID(), amountCoins: 5 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('LIVE_SESSION_NOT_FOUND');
    for (const amountCoins of [0, -1, 1.5, 1001, '20', null]) {
      expect((await tip(guest, sessionId, { tipId: randomUUID(), amountCoins })).statusCode).toBe(400);
    }
    for (const tipId of ['x', 'a\u0000b', `${randomUUID()}\u0007`]) {
      expect((await tip(guest, sessionId, { tipId, amountCoins: 5 })).statusCode).toBe(400);
    }
    expect((await tip(guest, sessionId, { tipId: randomUUID(), amountCoins: 5, extra: 1 })).statusCode).toBe(
      400,
    );
    const poor = await tip(guest, sessionId, { tipId: randomUUID(), amountCoins: 1000 });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.code).toBe('NOT_ENOUGH_MONEY');
    expect(await tipTransfers(sessionId)).toEqual([]);
    // A chat still waiting for the performer takes no tip.
    const waiting = await guestWith(1000);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    const asked = (await start(waiting, actor.id)).json().data.sessionId as string;
    const early = await tip(waiting, asked, { tipId: randomUUID(), amountCoins: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('LIVE_SESSION_NOT_ACTIVE');
  });

  it('never beyond the funds: a tip mid-session reaches the billing loop (fundsChanged), the chat ends 501 when the rest is used up and the guest never goes below zero', async () => {
    const guest = await guestWith(1000);
    const { sessionId, page } = await runningChat(guest, 100);
    // 36 coins = 900 cents: 100 cents (one minute) are left for the chat.
    expect((await tip(guest, sessionId, { tipId: randomUUID(), amountCoins: 36 })).statusCode).toBe(200);
    const ended = await page.next('liveEnded', 15_000);
    expect(ended.exitCode).toBe(501);
    await sleep(200);
    const [wallet] = await queryRows<{ balance_cents: number }>(
      t.database.db,
      sql`select balance_cents::int as balance_cents from ledger_accounts
        where kind = 'guest-wallet' and owner_guest_id = ${guest.id}`,
    );
    expect(wallet?.balance_cents).toBeGreaterThanOrEqual(0);
    const minutes = await queryRows<{ cents: number }>(
      t.database.db,
      sql`select coalesce(sum(cents), 0)::int as cents from live_minutes where session_id = ${sessionId}`,
    );
    expect((minutes[0]?.cents ?? 0) + 900).toBeLessThanOrEqual(1000);
    await expectLedgerInvariantsOf(t.database.db);
  });
});

/**
 * Live chat billing on a real database and a real ledger (issue 16, decision 0038 parts 2 and 4):
 * the live service starts paid chats, this node's billing loop ticks them with a test clock and
 * charges each delivered minute through the wallet under `live:<session>:<minute>`. The minute is
 * the real setting LIVE_MINUTE_MS (1 s here). There is no media path yet: the tests report the
 * delivery events (`mediaUp`, `mediaDown`, `mediaFailure`) that the signaling will report.
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { DEFAULT_CHAT_SESSION_SETTINGS } from '@vela/domain/chat-session';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from '../src/infra/db-errors.ts';
import type { LiveWallet } from '../src/modules/live/live.loop.ts';
import {
  ACTOR_EXCLUSIVE_INDEX,
  createLiveRepository,
  GUEST_LIVE_INDEX,
} from '../src/modules/live/live.repository.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { factoriesOf } from './factories.ts';
import { testConfig } from './helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { type LiveNode, liveNodeOn, runningChat, tickAt } from './live-node.ts';
import { testAppPerSuite } from './test-app.ts';

const t = testAppPerSuite();
let make: ReturnType<typeof factoriesOf>;
beforeAll(() => {
  make = factoriesOf(t, { net: '10.116' });
});

/** The real setting, shortened like a test or demo would. */
const MINUTE = testConfig({ LIVE_MINUTE_MS: '1000' }).liveMinuteMs;

/** One node's live service and billing loop on the test database, with a clock the test moves. */
function liveNode(wallet?: LiveWallet, nodeId = 'node-a'): LiveNode {
  // The socket events of the loop (liveMeter, chatEnd) are live-events.test.ts's; none are read here.
  return liveNodeOn(t.database.db, { minuteMs: MINUTE, nodeId, wallet });
}

/** A logged-in guest with an accepted age verification (every live stream is FSK-18) and money. */
async function guestWith(balanceCents: number) {
  const guest = await make.buildGuest({ balanceCents });
  await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
  return guest;
}

async function onlineActor(priceSingleCents: number) {
  return make.buildActor({ isOnline: true, priceSingleCents });
}

/**
 * The real wallet whose answers can be lost while `lose` is set: the transfer commits, but its answer
 * never reaches the loop (a timeout, a lost connection, a node lost after the commit).
 */
function lossyWallet(): { wallet: LiveWallet; lose: { answers: boolean } } {
  const realWallet = createWalletService({ db: t.database.db });
  const lose = { answers: false };
  const wallet: LiveWallet = {
    guestBalance: (guestId) => realWallet.guestBalance(guestId),
    async purchase(...args) {
      const result = await realWallet.purchase(...args);
      if (lose.answers) throw new Error('answer lost after commit');
      return result;
    },
  };
  return { wallet, lose };
}

/** A funded guest's running livechat with an online performer at this price, and the clock's start. */
async function chatOf(live: LiveNode, balanceCents: number, priceSingleCents: number) {
  const guest = await guestWith(balanceCents);
  const actor = await onlineActor(priceSingleCents);
  const from = live.clock.now;
  const sessionId = await runningChat(live, guest.id, actor.id);
  return { guest, actor, from, sessionId };
}

type ChargeRow = {
  idempotency_key: string;
  kind: string;
  reference: { minuteIndex: number; partial: boolean; sessionId: string };
  amount_cents: number;
};

/** The session's ledger transfers (by key), each with the guest wallet's amount, in minute order. */
async function chargesOf(sessionId: string): Promise<ChargeRow[]> {
  const rows = await queryRows<ChargeRow>(
    t.database.db,
    sql`select t.idempotency_key, t.kind, t.reference, e.amount_cents::int as amount_cents
      from ledger_transfers t
      join ledger_entries e on e.transfer_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'guest-wallet'
      where t.idempotency_key like ${`live:${sessionId}:%`}`,
  );
  return rows.sort((a, b) => a.reference.minuteIndex - b.reference.minuteIndex);
}

/** The stored session row. */
async function live(sessionId: string) {
  const row = await createLiveRepository(t.database.db).sessionById(sessionId);
  if (!row) throw new Error(`no session ${sessionId}`);
  return row;
}

async function balanceOf(guestId: number): Promise<number> {
  return createWalletService({ db: t.database.db }).guestBalance(guestId);
}

const expectLedgerInvariants = () => expectLedgerInvariantsOf(t.database.db);

describe('live chat billing per delivered minute (issue 16, decision 0038)', () => {
  it('a funded guest with media up is charged once per delivered minute, kind chat, key live:<session>:<minute>', async () => {
    const live = liveNode();
    const { guest, from, sessionId } = await chatOf(live, 1000, 100);

    await tickAt(live, from, MINUTE - 1);
    expect(await chargesOf(sessionId)).toEqual([]);
    await tickAt(live, from, MINUTE);
    await tickAt(live, from, 2.5 * MINUTE);
    await tickAt(live, from, 3 * MINUTE);

    const charges = await chargesOf(sessionId);
    expect(charges.map((c) => c.idempotency_key)).toEqual([0, 1, 2].map((i) => `live:${sessionId}:${i}`));
    expect(charges.every((c) => c.kind === 'chat' && c.amount_cents === -100 && !c.reference.partial)).toBe(
      true,
    );
    expect(await balanceOf(guest.id)).toBe(700);
    const row = await live.service.sessionById(sessionId);
    expect(row?.status).toBe('running');
    expect(row?.version).toBeGreaterThan(3);
    await expectLedgerInvariants();
  });

  it('a replayed tick charges nothing twice; a charge whose answer was lost is re-sent with its key and the ledger replays it', async () => {
    const { wallet, lose } = lossyWallet();
    const live = liveNode(wallet);
    const { guest, from, sessionId } = await chatOf(live, 1000, 100);

    await tickAt(live, from, MINUTE);
    await tickAt(live, from, MINUTE);
    await live.loop.tick();
    expect((await chargesOf(sessionId)).length).toBe(1);

    lose.answers = true;
    await tickAt(live, from, 2 * MINUTE);
    expect((await chargesOf(sessionId)).length).toBe(2);
    expect(live.loop.stateOf(sessionId)?.pending?.minuteIndex).toBe(1);
    lose.answers = false;
    // Before chargeRetryMs nothing is re-sent; after it the same key is, and the ledger answers with
    // the stored transfer: minute 1 stays one transfer.
    await tickAt(live, from, 2 * MINUTE + 1);
    const retryAt = 2 * MINUTE + DEFAULT_CHAT_SESSION_SETTINGS.chargeRetryMs;
    await tickAt(live, from, retryAt);
    const charges = await chargesOf(sessionId);
    const keys = charges.map((c) => c.idempotency_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => k === `live:${sessionId}:1`)).toHaveLength(1);
    // Delivery went on meanwhile: every delivered whole minute is charged, each once.
    const delivered = Math.floor(retryAt / MINUTE);
    await live.loop.tick();
    expect((await chargesOf(sessionId)).length).toBe(delivered);
    expect(await balanceOf(guest.id)).toBe(1000 - 100 * delivered);
    await expectLedgerInvariants();
  });

  it('a node lost mid-session: another node claims it after its lease and re-sends the unanswered minute with its key (charged once); the old node stores no further step; without a reconnect the session ends with 910 and the current minute is not charged', async () => {
    const { wallet: lossy, lose } = lossyWallet();
    const nodeA = liveNode(lossy, 'node-lost');
    const nodeB = liveNode(undefined, 'node-heir');
    const { guest, from, sessionId } = await chatOf(nodeA, 1000, 100);

    await tickAt(nodeA, from, MINUTE);
    lose.answers = true;
    await tickAt(nodeA, from, 2 * MINUTE);
    expect((await chargesOf(sessionId)).length).toBe(2);
    expect(nodeA.loop.stateOf(sessionId)?.pending?.minuteIndex).toBe(1);
    // Node A stops renewing: its lease runs out.
    await t.database.db.execute(
      sql`update live_sessions set lease_until = now() - interval '1 second' where id = ${sessionId}`,
    );

    nodeB.clock.now = from + 2.2 * MINUTE;
    await nodeB.loop.sweep();
    expect(nodeB.loop.owns(sessionId)).toBe(true);
    expect((await live(sessionId)).ownerNode).toBe('node-heir');
    expect(nodeB.loop.stateOf(sessionId)?.pending).toBeNull();
    expect(nodeB.loop.stateOf(sessionId)?.minutesBilled).toBe(2);
    expect((await chargesOf(sessionId)).map((c) => c.idempotency_key)).toEqual([
      `live:${sessionId}:0`,
      `live:${sessionId}:1`,
    ]);

    // Node A comes back: its next step is not stored and it lets the session go.
    lose.answers = false;
    await tickAt(nodeA, from, 3 * MINUTE);
    expect(nodeA.loop.owns(sessionId)).toBe(false);

    // The guest does not reconnect within the grace period: 910, nothing after the loss is charged.
    await tickAt(nodeB, from, 2 * MINUTE + DEFAULT_CHAT_SESSION_SETTINGS.reconnectGraceMs);
    const row = await live(sessionId);
    expect([row.status, row.exitCode]).toEqual(['ended', 910]);
    expect((await chargesOf(sessionId)).length).toBe(2);
    expect(await balanceOf(guest.id)).toBe(800);
    await expectLedgerInvariants();
  });

  it('media down stops the charging; media up again resumes it (only delivered time counts)', async () => {
    const live = liveNode();
    const { guest, from, sessionId } = await chatOf(live, 1000, 100);

    await tickAt(live, from, MINUTE);
    live.clock.now = from + 1.5 * MINUTE;
    await live.service.event(sessionId, { type: 'mediaDown', side: 'guest' });
    await tickAt(live, from, 5 * MINUTE);
    expect((await chargesOf(sessionId)).length).toBe(1);
    expect(await balanceOf(guest.id)).toBe(900);

    await live.service.event(sessionId, { type: 'mediaUp' });
    await tickAt(live, from, 5.4 * MINUTE);
    expect((await chargesOf(sessionId)).length).toBe(1);
    await tickAt(live, from, 5.5 * MINUTE);
    expect((await chargesOf(sessionId)).length).toBe(2);
    expect(await balanceOf(guest.id)).toBe(800);
    await expectLedgerInvariants();
  });

  it('money runs out: the session ends with 501, the balance is exactly 0 and never negative', async () => {
    const live = liveNode();
    const { guest, from, sessionId } = await chatOf(live, 250, 100);

    await tickAt(live, from, MINUTE);
    await tickAt(live, from, 2 * MINUTE);
    expect(await balanceOf(guest.id)).toBe(50);
    // A late tick: the money ran out at 2.5 minutes, and that is when the session ended.
    await tickAt(live, from, 4 * MINUTE);

    const row = await live.service.sessionById(sessionId);
    expect(row?.status).toBe('ended');
    expect(row?.exitCode).toBe(501);
    expect(row?.endedAt?.getTime()).toBe(from + 2.5 * MINUTE);
    const charges = await chargesOf(sessionId);
    expect(charges.map((c) => [c.amount_cents, c.reference.partial])).toEqual([
      [-100, false],
      [-100, false],
      [-50, true],
    ]);
    expect(await balanceOf(guest.id)).toBe(0);
    expect(live.loop.owns(sessionId)).toBe(false);
    await expectLedgerInvariants();
  });

  it('money runs out where the last cents pay no whole millisecond (10 EUR at 199 a minute): 501 leaves 0 cents, not 1', async () => {
    const live = liveNode();
    const { guest, from, sessionId } = await chatOf(live, 1000, 199);
    // 5 minutes cost 995 cents; the last 5 cents pay 25.1 ms of the sixth (26 ms, rounded up).
    await tickAt(live, from, 7 * MINUTE);
    const row = await live.service.sessionById(sessionId);
    expect(row?.exitCode).toBe(501);
    expect(row?.endedAt?.getTime()).toBe(from + 5 * MINUTE + 26);
    const charges = await chargesOf(sessionId);
    expect(charges.map((c) => -c.amount_cents)).toEqual([199, 199, 199, 199, 199, 5]);
    expect(await balanceOf(guest.id)).toBe(0);
    await expectLedgerInvariants();
  });

  it('money added during the chat (a top-up, an auto-recharge) reaches the session as fundsChanged: it runs on instead of ending with 501', async () => {
    const wallet = createWalletService({ db: t.database.db });
    const live = liveNode(wallet);
    const unsubscribe = wallet.onWalletChange((change) => live.loop.walletChanged(change));
    try {
      const { guest, from, sessionId } = await chatOf(live, 150, 100);

      await tickAt(live, from, MINUTE);
      expect(await balanceOf(guest.id)).toBe(50);
      live.clock.now = from + 1.2 * MINUTE;
      await wallet.topUp(guest.id, 500, `live-test-topup:${sessionId}`);
      await tickAt(live, from, 2 * MINUTE);
      await tickAt(live, from, 3 * MINUTE);

      expect((await live.service.sessionById(sessionId))?.status).toBe('running');
      expect((await chargesOf(sessionId)).map((c) => c.amount_cents)).toEqual([-100, -100, -100]);
      expect(await balanceOf(guest.id)).toBe(350);
      await expectLedgerInvariants();
    } finally {
      unsubscribe();
    }
  });

  it('a performer-side failure (907 video fail host) does not charge the current minute; whole minutes before stay charged', async () => {
    const live = liveNode();
    const { guest, from, sessionId } = await chatOf(live, 1000, 100);

    await tickAt(live, from, MINUTE);
    live.clock.now = from + 1.7 * MINUTE;
    await live.service.event(sessionId, { type: 'mediaFailure', code: 907 });

    const row = await live.service.sessionById(sessionId);
    expect([row?.status, row?.exitCode]).toEqual(['ended', 907]);
    expect((await chargesOf(sessionId)).map((c) => c.amount_cents)).toEqual([-100]);
    expect(await balanceOf(guest.id)).toBe(900);
    await expectLedgerInvariants();
  });

  it("the guest's partial last minute is charged pro rata: floor(price x delivered ms / minute)", async () => {
    const live = liveNode();
    const { guest, from, sessionId } = await chatOf(live, 1000, 90);

    await tickAt(live, from, MINUTE);
    live.clock.now = from + 1.7 * MINUTE;
    expect(await live.service.exit(guest.id + 1, sessionId)).toBe(false);
    expect(await live.service.exit(guest.id, sessionId)).toBe(true);

    const row = await live.service.sessionById(sessionId);
    expect([row?.status, row?.exitCode]).toEqual(['ended', 100]);
    const charges = await chargesOf(sessionId);
    expect(charges.map((c) => [c.amount_cents, c.reference.partial])).toEqual([
      [-90, false],
      [-63, true],
    ]);
    expect(await balanceOf(guest.id)).toBe(1000 - 90 - 63);
    await expectLedgerInvariants();
  });

  it('messages of a running chat are kept in the transcript, oldest first (what a reload re-reads)', async () => {
    const live = liveNode();
    const guest = await guestWith(1000);
    const actor = await onlineActor(100);
    const started = await live.service.start({
      guestId: guest.id,
      actorId: actor.id,
      type: 'livechat',
      country: null,
    });
    if (!started.ok) throw new Error(started.code);
    // Not running yet (the performer has not accepted): nothing is relayed.
    await live.service.event(started.sessionId, { type: 'message', from: 'guest', text: 'too early' });
    await live.service.event(started.sessionId, { type: 'performerAccepted' });
    await live.service.event(started.sessionId, { type: 'mediaUp' });
    await live.service.event(started.sessionId, { type: 'message', from: 'guest', text: 'Hi!' });
    await live.service.event(started.sessionId, { type: 'message', from: 'performer', text: 'Hello' });
    expect((await live.service.messagesOf(started.sessionId)).map((m) => [m.sender, m.text])).toEqual([
      ['guest', 'Hi!'],
      ['performer', 'Hello'],
    ]);
    expect((await live.service.messagesOf(started.sessionId, 1)).map((m) => m.text)).toEqual(['Hello']);
  });

  it('a start needs the minimum chat balance of spec 9 (0.5 EUR): 106 and the not-enough-money modal', async () => {
    const live = liveNode();
    const guest = await guestWith(49);
    const actor = await onlineActor(100);
    expect(
      await live.service.start({ guestId: guest.id, actorId: actor.id, type: 'livechat', country: null }),
    ).toEqual({ ok: false, code: 'NOT_ENOUGH_MONEY', exitCode: 106, modal: 'not-enough-money' });
  });

  it('two sessions of one exclusive performer: the unique index lets one win, the other is refused with 906', async () => {
    const live = liveNode();
    const actor = await onlineActor(100);
    const [first, second] = await Promise.all([guestWith(1000), guestWith(1000)]);
    const results = await Promise.all(
      [first, second].map((g) =>
        live.service.start({ guestId: g.id, actorId: actor.id, type: 'livechat', country: null }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, code: 'PERFORMER_IN_SINGLE', exitCode: 906, modal: null },
    ]);

    // The database decides even when both starts read "not single" before either wrote.
    const repository = createLiveRepository(t.database.db);
    const other = await onlineActor(100);
    const [a, b] = await Promise.all([guestWith(0), guestWith(0)]);
    const row = (guestId: number) => ({
      id: randomUUID(),
      guestId,
      actorId: other.id,
      type: 'livechat',
      status: 'requested',
      exclusive: true,
      state: {},
      ownerNode: 'node-a',
      leaseMs: 10_000,
      nextDeadline: null,
    });
    const inserted = await Promise.allSettled([
      repository.insertSession(row(a.id)),
      repository.insertSession(row(b.id)),
    ]);
    expect(inserted.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = inserted.find((r) => r.status === 'rejected');
    expect(uniqueViolation(refused?.status === 'rejected' ? refused.reason : null)).toBe(
      ACTOR_EXCLUSIVE_INDEX,
    );
  });

  it('a guest has one paid chat at a time; once it ended the performer is free again', async () => {
    const live = liveNode();
    const guest = await guestWith(1000);
    const [actor, other] = await Promise.all([onlineActor(100), onlineActor(100)]);
    const sessionId = await runningChat(live, guest.id, actor.id);
    expect(
      await live.service.start({ guestId: guest.id, actorId: other.id, type: 'livechat', country: null }),
    ).toEqual({ ok: false, code: 'GUEST_IN_CHAT', exitCode: null, modal: null });
    expect(GUEST_LIVE_INDEX).toBe('live_sessions_guest_live_unique');
    await live.service.exit(guest.id, sessionId);
    const next = await guestWith(1000);
    const again = await live.service.start({
      guestId: next.id,
      actorId: actor.id,
      type: 'livechat',
      country: null,
    });
    expect(again.ok).toBe(true);
  });
});

/**
 * Chat-minute vouchers pay first (issue 16, decision 0038 part 4; spec 3 voucher type 2, spec 8): a
 * live minute paid with a voucher is one unit spent through the promotions port under the minute's
 * key `live:<session>:<minute>` (a `voucher_uses` row, unique per key), no ledger transfer; coins
 * pay once the units are gone. Real database, real ledger, real promotions service; the loop's clock
 * is the test's, the minute the real setting LIVE_MINUTE_MS (1 s here).
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { DEFAULT_CHAT_SESSION_SETTINGS } from '@vela/domain/chat-session';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveVouchers } from '../src/modules/live/live.loop.ts';
import type { PromotionsService } from '../src/modules/promotions/promotions.service.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { factoriesOf } from './factories.ts';
import { testConfig } from './helpers.ts';
import { type LiveNode, liveNodeOn, runningChat, tickAt } from './live-node.ts';
import { promotionsOn } from './promotions-port.ts';
import { testAppPerSuite } from './test-app.ts';

const t = testAppPerSuite();
let make: ReturnType<typeof factoriesOf>;
let promotions: PromotionsService;
beforeAll(() => {
  make = factoriesOf(t, { net: '10.117' });
  promotions = promotionsOn(t.database.db);
});

const MINUTE = testConfig({ LIVE_MINUTE_MS: '1000' }).liveMinuteMs;
const VIDEOCHAT = 2;

/** One node's live service and loop on the test database, paying voucher minutes through `vouchers`. */
function liveNode(vouchers: LiveVouchers = promotions): LiveNode {
  return liveNodeOn(t.database.db, { minuteMs: MINUTE, nodeId: 'node-v', vouchers });
}

/** An age-verified guest (every live stream is FSK-18) with money. */
async function guestWith(balanceCents: number) {
  const guest = await make.buildGuest({ balanceCents });
  await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
  return guest;
}

let grants = 0;
/** Grants `amount` chat minutes (voucher type 2) valid with one performer. */
async function grantChatMinutes(guestId: number, actorId: number, amount: number) {
  await promotions.grantVoucher(guestId, {
    idempotencyKey: `live-vouchers-test-${guestId}-${++grants}`,
    type: VIDEOCHAT,
    amount,
    actorId,
    validDays: null,
  });
}

/** The guest-wallet amounts of the session's ledger transfers, by minute key. */
async function ledgerChargesOf(sessionId: string) {
  const rows = await queryRows<{ idempotency_key: string; amount_cents: number }>(
    t.database.db,
    sql`select t.idempotency_key, e.amount_cents::int as amount_cents
      from ledger_transfers t
      join ledger_entries e on e.transfer_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'guest-wallet'
      where t.idempotency_key like ${`live:${sessionId}:%`}
      order by t.id`,
  );
  return rows.map((row) => [row.idempotency_key, row.amount_cents]);
}

/** The voucher uses written under the session's minute keys. */
async function voucherUsesOf(sessionId: string) {
  const rows = await queryRows<{ idempotency_key: string }>(
    t.database.db,
    sql`select idempotency_key from voucher_uses where idempotency_key like ${`live:${sessionId}:%`}
      order by id`,
  );
  return rows.map((row) => row.idempotency_key);
}

const balanceOf = (guestId: number) => createWalletService({ db: t.database.db }).guestBalance(guestId);

describe('chat-minute vouchers pay first (issue 16, decision 0038 part 4)', () => {
  it('a 2-minute voucher and coins: minutes 0 and 1 spend the voucher (no ledger debit, units 2 -> 0), minute 2 is paid in coins', async () => {
    const live = liveNode();
    const guest = await guestWith(1000);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    await grantChatMinutes(guest.id, actor.id, 2);
    expect(await promotions.chatMinuteVouchers(guest.id, actor.id)).toBe(2);
    const from = live.clock.now;
    const sessionId = await runningChat(live, guest.id, actor.id);

    await tickAt(live, from, MINUTE);
    await tickAt(live, from, 2 * MINUTE);
    expect(await ledgerChargesOf(sessionId)).toEqual([]);
    expect(await promotions.chatMinuteVouchers(guest.id, actor.id)).toBe(0);
    expect(await balanceOf(guest.id)).toBe(1000);
    await tickAt(live, from, 3 * MINUTE);

    expect(await voucherUsesOf(sessionId)).toEqual([`live:${sessionId}:0`, `live:${sessionId}:1`]);
    expect(await ledgerChargesOf(sessionId)).toEqual([[`live:${sessionId}:2`, -100]]);
    expect(await balanceOf(guest.id)).toBe(900);
    const row = await live.service.sessionById(sessionId);
    expect(row?.status).toBe('running');
    expect(row?.state).toMatchObject({ minutesBilled: 3, voucherMinutesUsed: 2, spentCents: 100 });
  });

  it('a replayed voucher minute spends one unit: the same key answers the first use', async () => {
    const guest = await guestWith(0);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    await grantChatMinutes(guest.id, actor.id, 3);
    const key = `live:replay-${guest.id}:0`;

    const [first, second] = await Promise.all([
      promotions.useChatMinuteVoucher(guest.id, actor.id, key),
      promotions.useChatMinuteVoucher(guest.id, actor.id, key),
    ]);
    const third = await promotions.useChatMinuteVoucher(guest.id, actor.id, key);

    expect([first, second].filter((use) => use.ok && !use.replayed)).toHaveLength(1);
    expect(third).toMatchObject({ ok: true, replayed: true });
    expect(await promotions.chatMinuteVouchers(guest.id, actor.id)).toBe(2);
    // The key belongs to its guest: another guest replaying it is refused, nothing spent.
    const other = await guestWith(0);
    await grantChatMinutes(other.id, actor.id, 1);
    await expect(promotions.useChatMinuteVoucher(other.id, actor.id, key)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await promotions.chatMinuteVouchers(other.id, actor.id)).toBe(1);
  });

  it('a voucher minute whose answer was lost is re-sent with its key after chargeRetryMs and spends once', async () => {
    let loseAnswer = true;
    const vouchers: LiveVouchers = {
      chatMinuteVouchers: (guestId, actorId) => promotions.chatMinuteVouchers(guestId, actorId),
      async useChatMinuteVoucher(guestId, actorId, key) {
        const use = await promotions.useChatMinuteVoucher(guestId, actorId, key);
        // The unit was spent, but its answer never reaches the loop (a timeout, a lost connection).
        if (loseAnswer) {
          loseAnswer = false;
          throw new Error('connection lost after commit');
        }
        return use;
      },
    };
    const live = liveNode(vouchers);
    const guest = await guestWith(1000);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    await grantChatMinutes(guest.id, actor.id, 2);
    const from = live.clock.now;
    const sessionId = await runningChat(live, guest.id, actor.id);

    await tickAt(live, from, MINUTE);
    expect(await promotions.chatMinuteVouchers(guest.id, actor.id)).toBe(1);
    expect((await live.service.sessionById(sessionId))?.state).toMatchObject({ minutesBilled: 0 });
    // The retry (chargeRetryMs later; minutes are 1 s here, so later minutes fall due with it).
    await tickAt(live, from, MINUTE + DEFAULT_CHAT_SESSION_SETTINGS.chargeRetryMs);

    const state = (await live.service.sessionById(sessionId))?.state as { minutesBilled: number };
    expect(state).toMatchObject({ voucherMinutesUsed: 2 });
    // Minute 0 spent one unit despite the lost answer; minute 1 the other; coins from minute 2 on.
    expect(await voucherUsesOf(sessionId)).toEqual([`live:${sessionId}:0`, `live:${sessionId}:1`]);
    expect(await promotions.chatMinuteVouchers(guest.id, actor.id)).toBe(0);
    const coinMinutes = Array.from({ length: state.minutesBilled - 2 }, (_, i) => i + 2);
    expect(coinMinutes.length).toBeGreaterThan(0);
    expect(await ledgerChargesOf(sessionId)).toEqual(
      coinMinutes.map((i) => [`live:${sessionId}:${i}`, -100]),
    );
  });

  it("a voucher for another performer is not used: this performer's minutes are paid in coins, and it alone does not start a chat (106)", async () => {
    const live = liveNode();
    const guest = await guestWith(1000);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    const otherActor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    await grantChatMinutes(guest.id, otherActor.id, 2);
    expect(await promotions.chatMinuteVouchers(guest.id, actor.id)).toBe(0);
    const from = live.clock.now;
    const sessionId = await runningChat(live, guest.id, actor.id);

    await tickAt(live, from, MINUTE);
    await tickAt(live, from, 2 * MINUTE);

    expect(await ledgerChargesOf(sessionId)).toEqual([
      [`live:${sessionId}:0`, -100],
      [`live:${sessionId}:1`, -100],
    ]);
    expect(await voucherUsesOf(sessionId)).toEqual([]);
    expect(await promotions.chatMinuteVouchers(guest.id, otherActor.id)).toBe(2);

    const poor = await guestWith(0);
    const freeActor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    await grantChatMinutes(poor.id, otherActor.id, 2);
    const refused = await live.service.start({
      guestId: poor.id,
      actorId: freeActor.id,
      type: 'livechat',
      country: null,
    });
    expect(refused).toMatchObject({ ok: false, exitCode: 106, modal: 'not-enough-money' });
  });

  it('a guest with voucher minutes and no coins may start (a usable voucher minute is enough); when they run out the session ends with 501', async () => {
    const live = liveNode();
    const guest = await guestWith(0);
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 100 });
    await grantChatMinutes(guest.id, actor.id, 2);
    const from = live.clock.now;
    const sessionId = await runningChat(live, guest.id, actor.id);

    await tickAt(live, from, MINUTE);
    expect((await live.service.sessionById(sessionId))?.status).toBe('running');
    await tickAt(live, from, 2 * MINUTE);
    await tickAt(live, from, 3 * MINUTE);

    const row = await live.service.sessionById(sessionId);
    expect(row?.status).toBe('ended');
    expect(row?.exitCode).toBe(501);
    expect(row?.endedAt?.getTime()).toBe(from + 2 * MINUTE);
    expect(await voucherUsesOf(sessionId)).toEqual([`live:${sessionId}:0`, `live:${sessionId}:1`]);
    expect(await ledgerChargesOf(sessionId)).toEqual([]);
    expect(await balanceOf(guest.id)).toBe(0);
    expect(await promotions.chatMinuteVouchers(guest.id, actor.id)).toBe(0);
    expect(live.loop.owns(sessionId)).toBe(false);
  });
});

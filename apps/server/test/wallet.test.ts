/**
 * The ledger (issue 4, deliverable 1) on a real database: PGlite, or PostgreSQL when DATABASE_URL
 * is set. Double-entry in integer cents, idempotent transfers, never a negative wallet, and the
 * wallet REST calls of spec 7 (`guest/getGuestBalance`, `guest/transactions`) for the caller only.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { ledgerEntries, ledgerTransfers } from '@vela/db/schema';
import { testBackend } from '@vela/db/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InProcessBus } from '../src/infra/bus.ts';
import {
  createWalletService,
  NotEnoughMoneyError,
  revenueShardOf,
  type WalletService,
} from '../src/modules/wallet/wallet.service.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { keyMaker, type SignedUp } from './guest-helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.14.x.y), apart from the other test files. */
const NET = '10.14';

let harness: TestApp;
let wallet: WalletService;
let make: Factories;
const newKey = keyMaker();

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ value: string | number }>(harness.database.db, query);
  return Number(row?.value);
}

const expectLedgerInvariants = () => expectLedgerInvariantsOf(harness.database.db);

beforeAll(async () => {
  harness = await createTestApp();
  wallet = createWalletService({ db: harness.database.db });
  make = factoriesOf(harness, { net: NET });
});

afterAll(async () => {
  await harness?.close();
});

describe(`ledger (${testBackend})`, () => {
  it('property: random top-ups, purchases and refunds keep sum zero, no negative wallet, balance = sum of entries', async () => {
    const guests = await Promise.all([1, 2, 3].map(() => make.buildGuest()));
    const performers = [9001, 9002];
    // The model: each guest's expected wallet balance and what every transfer did to it.
    const expected = new Map<number, number>(guests.map((g) => [g.id, 0]));
    const done: {
      transferId: number;
      guestId: number;
      walletDelta: number;
      kind: string;
      refunded: boolean;
    }[] = [];

    const operation = fc.oneof(
      fc.record({
        op: fc.constant('top-up' as const),
        who: fc.nat(guests.length - 1),
        cents: fc.integer({ min: 1, max: 5_000 }),
      }),
      fc.record({
        op: fc.constant('purchase' as const),
        who: fc.nat(guests.length - 1),
        cents: fc.integer({ min: 1, max: 3_000 }),
        performer: fc.option(fc.constantFrom(...performers), { nil: undefined }),
      }),
      fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
      fc.record({ op: fc.constant('retry' as const), pick: fc.nat() }),
    );
    const usedKeys: { key: string; run: () => Promise<unknown> }[] = [];

    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const step of operations) {
          if (step.op === 'top-up') {
            const g = guests[step.who] as SignedUp;
            const key = newKey('prop-top-up');
            const result = await wallet.topUp(g.id, step.cents, key);
            usedKeys.push({ key, run: () => wallet.topUp(g.id, step.cents, key) });
            expected.set(g.id, (expected.get(g.id) ?? 0) + step.cents);
            done.push({
              transferId: result.transferId,
              guestId: g.id,
              walletDelta: step.cents,
              kind: 'top-up',
              refunded: false,
            });
          } else if (step.op === 'purchase') {
            const g = guests[step.who] as SignedUp;
            const balance = expected.get(g.id) ?? 0;
            const key = newKey('prop-purchase');
            const options = step.performer === undefined ? {} : { performerId: step.performer };
            const attempt = wallet.purchase(g.id, step.cents, key, options);
            if (balance >= step.cents) {
              const result = await attempt;
              expected.set(g.id, balance - step.cents);
              done.push({
                transferId: result.transferId,
                guestId: g.id,
                walletDelta: -step.cents,
                kind: 'purchase',
                refunded: false,
              });
            } else {
              await expect(attempt).rejects.toMatchObject({ code: 'NOT_ENOUGH_MONEY' });
            }
          } else if (step.op === 'refund' && done.length > 0) {
            const target = done[step.pick % done.length];
            if (!target) continue;
            const attempt = wallet.refund(target.transferId, newKey('prop-refund'));
            const balance = expected.get(target.guestId) ?? 0;
            if (target.refunded) {
              await expect(attempt).rejects.toMatchObject({ code: 'ALREADY_REFUNDED' });
            } else if (balance - target.walletDelta < 0) {
              // Refunding a top-up whose money was spent already would make the wallet negative.
              await expect(attempt).rejects.toMatchObject({ code: 'NOT_ENOUGH_MONEY' });
            } else {
              await attempt;
              target.refunded = true;
              expected.set(target.guestId, balance - target.walletDelta);
            }
          } else if (step.op === 'retry' && usedKeys.length > 0) {
            // A retried request with its key changes nothing.
            const again = usedKeys[step.pick % usedKeys.length];
            if (again) await expect(again.run()).resolves.toMatchObject({ replayed: true });
          }
          await expectLedgerInvariants();
          for (const g of guests) expect(await wallet.guestBalance(g.id)).toBe(expected.get(g.id));
        }
      }),
      { numRuns: testBackend === 'postgres' ? 25 : 12 },
    );
  }, 300_000);

  it('idempotency: the same key twice credits once; the same key for another amount is refused with 409', async () => {
    const g = await make.buildGuest();
    const key = newKey('idem');
    const first = await wallet.topUp(g.id, 1_000, key);
    const second = await wallet.topUp(g.id, 1_000, key);
    expect(first.replayed).toBe(false);
    expect(second).toMatchObject({ replayed: true, transferId: first.transferId, entries: first.entries });
    expect(await wallet.guestBalance(g.id)).toBe(1_000);
    await expect(wallet.topUp(g.id, 2_000, key)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      statusCode: 409,
    });
    // Concurrent requests with one key: one write, every caller gets the same transfer.
    const racingKey = newKey('idem-race');
    const racing = await Promise.all(Array.from({ length: 8 }, () => wallet.topUp(g.id, 500, racingKey)));
    expect(new Set(racing.map((r) => r.transferId)).size).toBe(1);
    expect(racing.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await wallet.guestBalance(g.id)).toBe(1_500);
    expect(
      await scalar(
        sql`select count(*)::int as value from ${ledgerTransfers} where ${ledgerTransfers.idempotencyKey} in (${key}, ${racingKey})`,
      ),
    ).toBe(2);
    await expectLedgerInvariants();
  });

  it('a transfer that breaks the double-entry rules is refused before anything is written', async () => {
    const g = await make.buildGuest();
    const account = await wallet.walletOf(g.id);
    const clearing = await wallet.accountOf('provider-clearing', { ref: 'sandbox' });
    const before = await scalar(sql`select count(*)::int as value from ledger_transfers`);
    await expect(
      wallet.transfer({
        idempotencyKey: newKey('rules'),
        kind: 'top-up',
        postings: [
          { account: clearing.id, amountCents: -100 },
          { account: account.id, amountCents: 99 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_TRANSFER', statusCode: 400 });
    await expect(
      wallet.transfer({
        idempotencyKey: newKey('rules'),
        kind: 'top-up',
        postings: [{ account: account.id, amountCents: 100 }],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_TRANSFER' });
    await expect(wallet.topUp(g.id, 1.5, newKey('rules'))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(wallet.purchase(g.id, -5, newKey('rules'))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(await scalar(sql`select count(*)::int as value from ledger_transfers`)).toBe(before);
  });

  it('a purchase without enough money fails with NOT_ENOUGH_MONEY and writes nothing', async () => {
    const g = await make.buildGuest();
    await wallet.topUp(g.id, 100, newKey('broke'));
    const key = newKey('broke-buy');
    const attempt = wallet.purchase(g.id, 101, key);
    await expect(attempt).rejects.toBeInstanceOf(NotEnoughMoneyError);
    await expect(wallet.purchase(g.id, 101, newKey('broke-buy'))).rejects.toMatchObject({
      code: 'NOT_ENOUGH_MONEY',
    });
    expect(await wallet.guestBalance(g.id)).toBe(100);
    expect(
      await scalar(
        sql`select count(*)::int as value from ${ledgerTransfers} where ${ledgerTransfers.idempotencyKey} = ${key}`,
      ),
    ).toBe(0);
    // A purchase with a performer splits the price; the platform keeps the odd cent.
    const splitKey = newKey('split');
    const split = await wallet.purchase(g.id, 99, splitKey, { performerId: 77 });
    const earnings = await wallet.accountOf('performer-earnings', { ref: '77' });
    // Revenue is sharded by the transfer key (REVENUE_SHARDS accounts, no single hot row).
    const revenue = await wallet.accountOf('platform-revenue', { ref: revenueShardOf(splitKey) });
    expect(split.entries.find((e) => e.accountId === earnings.id)?.amountCents).toBe(49);
    expect(split.entries.find((e) => e.accountId === revenue.id)?.amountCents).toBe(50);
    expect(await wallet.guestBalance(g.id)).toBe(1);
  });

  it('concurrency: 200 parallel purchases against a wallet covering 37 -> exactly 37 succeed, no partial writes', async () => {
    const g = await make.buildGuest();
    const price = 125;
    await wallet.topUp(g.id, 37 * price, newKey('rush-top-up'));
    const transfersBefore = await scalar(sql`select count(*)::int as value from ledger_transfers`);
    const entriesBefore = await scalar(sql`select count(*)::int as value from ledger_entries`);

    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => wallet.purchase(g.id, price, newKey(`rush-${i}`))),
    );
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(succeeded).toHaveLength(37);
    expect(refused).toHaveLength(163);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'NOT_ENOUGH_MONEY' });

    expect(await wallet.guestBalance(g.id)).toBe(0);
    expect(await scalar(sql`select count(*)::int as value from ledger_transfers`)).toBe(transfersBefore + 37);
    // Each purchase: one wallet debit and one revenue credit; nothing of the refused ones.
    expect(await scalar(sql`select count(*)::int as value from ledger_entries`)).toBe(entriesBefore + 74);
    const account = await wallet.walletOf(g.id);
    const history = await wallet.historyOf(g.id, { limit: 100 });
    expect(history).toHaveLength(38);
    // The balance after each purchase steps down by the price: no two purchases saw the same balance.
    expect(history.slice(0, 37).map((h) => h.balanceAfterCents)).toEqual(
      Array.from({ length: 37 }, (_, i) => i * price),
    );
    expect(await wallet.balanceOf(account.id)).toBe(0);
    await expectLedgerInvariants();
  }, 120_000);

  it('the database refuses a negative wallet, an unbalanced transfer and edits of entries', async () => {
    const g = await make.buildGuest();
    await wallet.topUp(g.id, 300, newKey('guard'));
    const account = await wallet.walletOf(g.id);
    const db = harness.database.db;
    // Balance can never go below zero (database constraint).
    await expect(
      db.execute(sql`update ledger_accounts set balance_cents = -1 where id = ${account.id}`),
    ).rejects.toThrow();
    // Sum zero per transfer, checked at commit by the deferred trigger.
    await expect(
      db.transaction(async (tx) => {
        const [transfer] = await tx
          .insert(ledgerTransfers)
          .values({ idempotencyKey: newKey('unbalanced'), kind: 'top-up', requestHash: 'x' })
          .returning();
        if (!transfer) throw new Error('no transfer');
        await tx
          .insert(ledgerEntries)
          .values({ transferId: transfer.id, accountId: account.id, amountCents: 5, balanceAfterCents: 305 });
      }),
    ).rejects.toThrow();
    // Entries are append-only.
    await expect(
      db.execute(sql`update ledger_entries set amount_cents = 1 where account_id = ${account.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from ledger_entries where account_id = ${account.id}`),
    ).rejects.toThrow();
    expect(await wallet.guestBalance(g.id)).toBe(300);
    await expectLedgerInvariants();
  });
});

describe(`wallet events (spec 7 guestBalance, ${testBackend})`, () => {
  it('a committed wallet change publishes guestBalance on guest:<id> and tells listeners; a replay announces nothing', async () => {
    const bus = new InProcessBus();
    const announced = createWalletService({
      db: harness.database.db,
      bus,
      isPayingCustomer: async () => true,
    });
    const g = await make.buildGuest();
    const events: unknown[] = [];
    const stop = await bus.subscribe(`guest:${g.id}`, (event) => {
      events.push(event);
    });
    const changes: unknown[] = [];
    announced.onWalletChange((change) => {
      changes.push(change);
    });
    const key = newKey('event-topup');
    const first = await announced.topUp(g.id, 1234, key);
    await announced.topUp(g.id, 1234, key);
    await announced.purchase(g.id, 234, newKey('event-buy'));
    // The bus delivers in publish order: once a marker published now arrives, every event has.
    const mark = { type: 'test-mark' };
    await bus.publish(`guest:${g.id}`, mark);
    await vi.waitFor(() => expect(events.at(-1)).toEqual(mark), { timeout: 5_000 });
    events.pop();
    await stop();
    await bus.close();
    expect(events).toEqual([
      {
        type: 'guestBalance',
        guestBalance: 49,
        guestBalanceFormatted: '49',
        guestBalanceCents: 1234,
        guestIsPayingCustomer: true,
      },
      {
        type: 'guestBalance',
        guestBalance: 40,
        guestBalanceFormatted: '40',
        guestBalanceCents: 1000,
        guestIsPayingCustomer: true,
      },
    ]);
    expect(changes).toEqual([
      {
        guestId: g.id,
        transferId: first.transferId,
        kind: 'top-up',
        amountCents: 1234,
        balanceAfterCents: 1234,
      },
      expect.objectContaining({
        guestId: g.id,
        kind: 'purchase',
        amountCents: -234,
        balanceAfterCents: 1000,
      }),
    ]);
  });
});

describe(`wallet REST (spec 7, ${testBackend})`, () => {
  it('getGuestBalance answers the caller balance in cents and coins (rounded down, so the coins shown always cover a price of as many coins); visitors get 401', async () => {
    const anna = await make.buildGuest();
    const ben = await make.buildGuest();
    await wallet.topUp(anna.id, 1_010, newKey('rest-anna'));
    await wallet.topUp(ben.id, 50, newKey('rest-ben'));

    const annaBalance = await harness.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/getGuestBalance',
      headers: { cookie: anna.cookie },
    });
    expect(annaBalance.statusCode, annaBalance.body).toBe(200);
    expect(annaBalance.headers['cache-control']).toBe('no-store');
    expect(annaBalance.json()).toEqual({
      success: true,
      data: { balanceCents: 1_010, balanceCoins: 40, currency: 'EUR' },
    });
    const benBalance = await harness.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/getGuestBalance',
      headers: { authorization: `Bearer ${ben.accessToken}` },
    });
    expect(benBalance.json().data).toEqual({ balanceCents: 50, balanceCoins: 2, currency: 'EUR' });

    const fresh = await make.buildGuest();
    const freshBalance = await harness.app.inject({
      method: 'GET',
      url: `/rest/v1/guest/getGuestBalance?accessToken=${fresh.accessToken}`,
    });
    expect(freshBalance.json().data).toEqual({ balanceCents: 0, balanceCoins: 0, currency: 'EUR' });

    for (const url of ['/rest/v1/guest/getGuestBalance', '/rest/v1/guest/transactions']) {
      const visitor = await harness.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ success: false, error: { code: 'NOT_LOGGED_IN' } });
    }
  });

  it('transactions: the caller own history only, newest first, paged with before; another guest never visible', async () => {
    const carla = await make.buildGuest();
    const dirk = await make.buildGuest();
    const topUp = await wallet.topUp(carla.id, 1_000, newKey('carla-top-up'));
    const purchase = await wallet.purchase(carla.id, 300, newKey('carla-buy'), { performerId: 5 });
    const dirkTopUp = await wallet.topUp(dirk.id, 700, newKey('dirk-top-up'));

    const page = await harness.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/transactions',
      headers: { cookie: carla.cookie },
    });
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(data.transactions).toMatchObject([
      {
        transferId: String(purchase.transferId),
        kind: 'purchase',
        amountCents: -300,
        amountCoins: -12,
        balanceAfterCents: 700,
        balanceAfterCoins: 28,
        currency: 'EUR',
      },
      { transferId: String(topUp.transferId), kind: 'top-up', amountCents: 1_000, balanceAfterCents: 1_000 },
    ]);
    expect(Number.isNaN(Date.parse(data.transactions[0].date))).toBe(false);
    expect(data.nextBefore).toBeNull();
    const transferIds = data.transactions.map((t: { transferId: string }) => t.transferId);
    expect(transferIds).not.toContain(String(dirkTopUp.transferId));

    const first = await harness.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/transactions?limit=1',
      headers: { cookie: carla.cookie },
    });
    const firstPage = first.json().data;
    expect(firstPage.transactions).toHaveLength(1);
    expect(firstPage.nextBefore).toBe(firstPage.transactions[0].id);
    const second = await harness.app.inject({
      method: 'GET',
      url: `/rest/v1/guest/transactions?limit=1&before=${firstPage.nextBefore}`,
      headers: { cookie: carla.cookie },
    });
    expect(second.json().data.transactions).toMatchObject([{ transferId: String(topUp.transferId) }]);

    // Dirk sees only his own top-up, also when he pages from Carla's cursor.
    const dirkPage = await harness.app.inject({
      method: 'GET',
      url: `/rest/v1/guest/transactions?before=${Number(firstPage.nextBefore) + 1000}`,
      headers: { cookie: dirk.cookie },
    });
    expect(dirkPage.json().data.transactions).toMatchObject([
      { transferId: String(dirkTopUp.transferId), amountCents: 700 },
    ]);

    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'before=-1']) {
      const bad = await harness.app.inject({
        method: 'GET',
        url: `/rest/v1/guest/transactions?${query}`,
        headers: { cookie: carla.cookie },
      });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});

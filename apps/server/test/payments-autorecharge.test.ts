/**
 * Auto-recharge (flow autorecharge, issue 4): the payments module listens to the ledger
 * (wallet.onWalletChange). A debit that leaves the balance below the guest's threshold charges
 * the configured amount from the stored method, with key `autorecharge:<transferId>`: once per
 * debit (also when two nodes both hear it), never for a top-up (no recursion). Guests, methods
 * and settings are set up through HTTP; the debits come from the module's own wallet service on
 * the same database, as a purchase anywhere in the app would.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgeGate } from '../src/http/age-gate.ts';
import { createLogger } from '../src/http/logging.ts';
import { InProcessBus } from '../src/infra/bus.ts';
import type { FeatureModule } from '../src/modules/feature-module.ts';
import { createGuestAuth } from '../src/modules/guests/auth.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { createPaymentsModule } from '../src/modules/payments/payments.module.ts';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet.service.ts';
import { nextIp, restAs, type SignedUp, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.42';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', holder: 'Test Guest' };

let harness: TestApp;
let wallet: WalletService;
let bus: InProcessBus;
const modules: FeatureModule[] = [];

function node(): FeatureModule {
  const db = harness.database.db;
  const guests = createGuestsRepository(db);
  const auth = createGuestAuth({ repository: guests, secret: 'x'.repeat(40), secureCookies: false });
  const module = createPaymentsModule({
    db,
    bus,
    wallet,
    guests,
    auth,
    ageGate: createAgeGate({ db, auth, guests }),
    config: harness.config,
    log: createLogger('silent'),
  });
  modules.push(module);
  return module;
}

beforeAll(async () => {
  harness = await createTestApp({
    env: { PAYMENT_WEBHOOK_SECRET: 'autorecharge-test-secret-0123456789abcdef' },
  });
  bus = new InProcessBus();
  wallet = createWalletService({ db: harness.database.db, bus });
}, 120_000);

afterAll(async () => {
  for (const module of modules) await module.stop?.();
  await bus.close();
  await harness.close();
});

let n = 0;
async function guest(): Promise<SignedUp> {
  n++;
  return signUp(harness.app, `recharger${n}${Math.random().toString(36).slice(2, 6)}`, { ip: nextIp(NET) });
}

function call(g: SignedUp, method: 'GET' | 'POST', url: string, payload?: object) {
  return restAs(harness.app, NET, g, method, url, payload);
}

/** A guest with a stored card, auto-recharge at threshold 1000 / amount 2000, and 1500 on the wallet. */
async function rechargingGuest(
  cardNumber = CARD.number,
  options: { enabled?: boolean } = {},
): Promise<SignedUp> {
  const g = await guest();
  expect(
    (await call(g, 'POST', 'payment/methods', { paytype: 'CC', card: { ...CARD, number: cardNumber } }))
      .statusCode,
  ).toBe(200);
  const set = await call(g, 'POST', 'payment/settings', {
    autoRecharge: { enabled: options.enabled ?? true, thresholdCents: 1000, amountCents: 2000 },
  });
  expect(set.statusCode, set.body).toBe(200);
  const top = await call(g, 'POST', 'payment/charges', {
    idempotencyKey: `start-topup-${g.id}`,
    flow: 'moneycharge',
    paytype: 'CC',
    amountCents: 1500,
    card: CARD,
  });
  expect(top.statusCode, top.body).toBe(200);
  expect(top.json().data.charge.status).toBe('succeeded');
  return g;
}

async function autoCharges(g: SignedUp) {
  return queryRows<{
    idempotency_key: string;
    status: string;
    amount_cents: string | number;
    decline_code: string | null;
  }>(
    harness.database.db,
    sql`select idempotency_key, status, amount_cents, decline_code from payment_charges
      where guest_id = ${g.id} and flow = 'autorecharge' order by id`,
  );
}

/** Waits for the listeners' work to finish (stop awaits it), then listens again. */
async function settle(module: FeatureModule): Promise<void> {
  await module.stop?.();
  await module.start?.();
}

describe('auto-recharge', () => {
  it('a debit below the threshold charges the configured amount once, key autorecharge:<transferId>; the top-up does not recurse', async () => {
    const module = node();
    await module.start?.();
    const g = await rechargingGuest();
    const debit = await wallet.purchase(g.id, 1000, `debit-${g.id}-1`);
    await vi.waitFor(async () => expect((await autoCharges(g))[0]?.status).toBe('succeeded'), {
      timeout: 10_000,
    });
    await settle(module);
    const charges = await autoCharges(g);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.idempotency_key).toBe(`autorecharge:${debit.transferId}`);
    expect(Number(charges[0]?.amount_cents)).toBe(2000);
    expect(await wallet.guestBalance(g.id)).toBe(500 + 2000);
    // The same debit again (a retry with its key) is a replay: no new charge.
    await wallet.purchase(g.id, 1000, `debit-${g.id}-1`);
    await settle(module);
    expect(await autoCharges(g)).toHaveLength(1);
    // A debit that stays at or above the threshold charges nothing.
    await wallet.purchase(g.id, 1500, `debit-${g.id}-2`);
    await settle(module);
    expect(await autoCharges(g)).toHaveLength(1);
    // The next debit below the threshold charges again.
    await wallet.purchase(g.id, 100, `debit-${g.id}-3`);
    await settle(module);
    expect(await autoCharges(g)).toHaveLength(2);
    expect(await wallet.guestBalance(g.id)).toBe(2500 - 1500 - 100 + 2000);
    await module.stop?.();
  });

  it('two nodes hearing the same debit charge once', async () => {
    const first = node();
    const second = node();
    await first.start?.();
    await second.start?.();
    const g = await rechargingGuest();
    await wallet.purchase(g.id, 1000, `debit-${g.id}-x`);
    await first.stop?.();
    await second.stop?.();
    const charges = await autoCharges(g);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.status).toBe('succeeded');
    expect(await wallet.guestBalance(g.id)).toBe(2500);
  });

  it('disabled: no charge; a declining stored card: declined, nothing credited', async () => {
    const module = node();
    await module.start?.();
    const off = await rechargingGuest(CARD.number, { enabled: false });
    await wallet.purchase(off.id, 1000, `debit-${off.id}`);
    const poor = await rechargingGuest('4000000000009995');
    await wallet.purchase(poor.id, 1000, `debit-${poor.id}`);
    await module.stop?.();
    expect(await autoCharges(off)).toHaveLength(0);
    const declined = await autoCharges(poor);
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatchObject({ status: 'declined', decline_code: 'insufficient_funds' });
    expect(await wallet.guestBalance(poor.id)).toBe(500);
  });

  it('a stored 3-D Secure card is charged off-session without a challenge', async () => {
    const module = node();
    await module.start?.();
    const g = await rechargingGuest('4000000000003220');
    await wallet.purchase(g.id, 1000, `debit-${g.id}`);
    await module.stop?.();
    expect((await autoCharges(g))[0]?.status).toBe('succeeded');
    expect(await wallet.guestBalance(g.id)).toBe(2500);
  });
});

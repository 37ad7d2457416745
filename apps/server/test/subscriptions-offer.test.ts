/**
 * Never sell what is not delivered (issue 14, decision 0029 addendum): the app as `main.ts` builds
 * it sells only what delivers something (@vela/domain/subscription-benefits): the VIP club since it
 * delivers live preview 20 (issue 16), not TV, which delivers nothing yet.
 * A subscribe, paid or trial, is refused with 409 PRODUCT_NOT_OFFERED and changes nothing (no row,
 * no charge, same balance, not VIP); the subscriptions state says so. A subscription that already
 * runs is no new sale: its guest keeps it, cancels and resumes it, and the renewal job renews it.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { isOffered } from '@vela/domain/subscription-benefits';
import { PLANS } from '@vela/domain/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionsService } from '../src/modules/subscriptions/subscriptions.service.ts';
import { vipReleasesValueCents } from '../src/modules/videos/videos.repository.ts';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet.service.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { keyMaker, restWithCookie, type SignedUp } from './guest-helpers.ts';
import { meOf, subscriptionChargesOf } from './subscription-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.45.x.y), apart from the other test files. */
const NET = '10.45';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let wallet: WalletService;
let make: Factories;
const key = keyMaker();

const call = (method: 'GET' | 'POST', path: string, who: SignedUp, payload?: object) =>
  restWithCookie(t.app, NET, who, method, path, payload);
const me = (who: SignedUp) => meOf(t.app, NET, who);

async function rowsOf(guestId: number): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    t.database.db,
    sql`select count(*) as n from subscriptions where guest_id = ${guestId}`,
  );
  return Number(row?.n ?? 0);
}

async function subscriptionCharges(guestId: number): Promise<number> {
  return (await subscriptionChargesOf(t.database.db, guestId)).count;
}

beforeAll(async () => {
  // The default app: no offer list injected, the domain decides.
  t = await createTestApp({ env: { SUBSCRIPTION_JOB_INTERVAL_MS: '0' } });
  wallet = createWalletService({ db: t.database.db });
  make = factoriesOf(t, { net: NET });
});

afterAll(async () => {
  await t?.close();
});

describe('subscriptions that deliver nothing are not sold (issue 14)', () => {
  it('today the domain offers the VIP club (live preview 20, issue 16) and not TV (no delivered benefit)', () => {
    expect(isOffered('vip')).toBe(true);
    expect(isOffered('tv')).toBe(false);
  });

  it('the VIP club is sold: a subscribe makes the guest a VIP', async () => {
    const g = await make.buildGuest({ balanceCents: PLANS.vip.priceCents });
    const response = await call('POST', 'subscriptions/subscribe', g, {
      product: 'vip',
      idempotencyKey: key('vip-sold'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await me(g)).toMatchObject({ isVip: true, balanceCents: 0 });
  });

  it.each([{ product: 'tv', trial: false }])(
    'subscribe $product (trial $trial) is 409 PRODUCT_NOT_OFFERED: no row, no charge, same balance, not VIP',
    async (body) => {
      const g = await make.buildGuest({ balanceCents: 5000 });
      const idempotencyKey = key('offer');
      for (const attempt of [1, 2]) {
        const response = await call('POST', 'subscriptions/subscribe', g, { ...body, idempotencyKey });
        expect(response.statusCode, `attempt ${attempt}: ${response.body}`).toBe(409);
        expect(response.json()).toMatchObject({ success: false, error: { code: 'PRODUCT_NOT_OFFERED' } });
      }
      expect(await rowsOf(g.id)).toBe(0);
      expect(await subscriptionCharges(g.id)).toBe(0);
      expect(await me(g)).toMatchObject({ isVip: false, isVXTVAboSubscriber: false, balanceCents: 5000 });
    },
  );

  it('the subscriptions state says the VIP club is offered (with its trial) and TV is not', async () => {
    const g = await make.buildGuest({ balanceCents: 100 });
    const response = await call('GET', 'subscriptions', g);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      offered: { vip: true, tv: false },
      trialAvailable: true,
      vip: null,
      tv: null,
    });
  });

  it('a running VIP (sold while it was offered) is kept: state, cancel, resume, renewal', async () => {
    const g = await make.buildGuest({ balanceCents: 2 * PLANS.vip.priceCents });
    // Sold earlier, when the VIP club was on offer: a service with the old offer on the same database.
    const earlier = createSubscriptionsService({
      db: t.database.db,
      wallet,
      offered: ['vip', 'tv'],
      vipReleasesValueCents,
    });
    await earlier.subscribe(g.id, { product: 'vip', trial: false, idempotencyKey: key('earlier') });
    expect(await me(g)).toMatchObject({ isVip: true, balanceCents: PLANS.vip.priceCents });

    const state = (await call('GET', 'subscriptions', g)).json().data;
    expect(state.offered).toEqual({ vip: true, tv: false });
    expect(state.vip).toMatchObject({ product: 'vip', status: 'active' });

    const again = await call('POST', 'subscriptions/subscribe', g, {
      product: 'vip',
      idempotencyKey: key('again'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_SUBSCRIBED');

    const cancelled = await call('POST', 'subscriptions/cancel', g, { product: 'vip' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const resumed = await call('POST', 'subscriptions/resume', g, { product: 'vip' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.status).toBe('active');

    // The renewal job of the default offer renews it: an existing subscriber is no new sale.
    const later = createSubscriptionsService({
      db: t.database.db,
      wallet,
      now: () => new Date(Date.now() + PLANS.vip.periodDays * DAY + DAY),
      vipReleasesValueCents,
    });
    const run = await later.runRenewals();
    expect(run.renewed).toBeGreaterThanOrEqual(1);
    expect(await subscriptionCharges(g.id)).toBe(2);
    expect(await me(g)).toMatchObject({ isVip: true, balanceCents: 0 });
  });
});

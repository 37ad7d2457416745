/**
 * VIP club and TV subscriptions (issue 4 deliverable 4) on a real database (PGlite, or PostgreSQL
 * when DATABASE_URL is set): subscribe charged from the wallet once, VIP counts as TV (spec 6), the
 * trial once per guest, the renewal job that charges a period exactly once whatever happens,
 * cancellation with the cancellation offer (spec 7 guest/acceptCancellationOffer, spec 8 status-bar
 * cookie / failure), the vip30 value history, the VIP update events (spec 3) and who may do what.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { testBackend } from '@vela/db/testing';
import { PLANS, periodChargeKey, VIP_TRIAL } from '@vela/domain/subscriptions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InProcessBus } from '../src/infra/bus.ts';
import {
  createSubscriptionsService,
  UNPAID_RECOVERY_AFTER_MS,
} from '../src/modules/subscriptions/subscriptions.service.ts';
import { vipReleasesValueCents } from '../src/modules/videos/videos.repository.ts';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet.service.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { failInsertsWhen } from './failing-trigger.ts';
import { keyMaker, operatorOf, restWithCookie, type SignedUp } from './guest-helpers.ts';
import { meOf, subscriptionChargesOf } from './subscription-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.42.x.y), apart from the other test files. */
const NET = '10.42';
const TOKEN = 'internal-subscriptions-token-abcdefghijkl';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let wallet: WalletService;
let make: Factories;
const key = keyMaker();
const operator = operatorOf(TOKEN);

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  who: SignedUp | null,
  payload?: object,
) {
  return restWithCookie(app, NET, who, method, path, payload);
}

const subscribe = (who: SignedUp, body: object) => call(t.app, 'POST', 'subscriptions/subscribe', who, body);

const me = (who: SignedUp) => meOf(t.app, NET, who);

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(t.database.db, query);
  return Number(row?.n ?? 0);
}

const chargesOf = (guestId: number) => subscriptionChargesOf(t.database.db, guestId);

/** A second service on the same database with its own clock: a job run in the future, or after a restart. */
function serviceAt(offsetMs: number, bus?: InProcessBus) {
  return createSubscriptionsService({
    db: t.database.db,
    wallet: createWalletService({ db: t.database.db }),
    ...(bus ? { bus } : {}),
    now: () => new Date(Date.now() + offsetMs),
    offered: ['vip', 'tv'],
    vipReleasesValueCents,
  });
}

beforeAll(async () => {
  // The mechanics with both products sold (by default neither is: they deliver nothing yet, see
  // subscriptions-offer.test.ts and decision 0029).
  t = await createTestApp({
    env: {
      SUBSCRIPTION_JOB_INTERVAL_MS: '0',
      INTERNAL_API_TOKEN: TOKEN,
      INTERNAL_ALLOWED_IPS: '127.0.0.1',
    },
    offeredSubscriptions: ['vip', 'tv'],
  });
  wallet = createWalletService({ db: t.database.db });
  make = factoriesOf(t, { net: NET });
});

afterAll(async () => {
  await t?.close();
});

describe(`subscribe (${testBackend})`, () => {
  it('VIP: the wallet is debited once, GuestMe isVip and isVXTVAboSubscriber (VIP counts as TV, spec 6)', async () => {
    const g = await make.buildGuest({ balanceCents: 5000 });
    const response = await subscribe(g, { product: 'vip', idempotencyKey: key('vip') });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.replayed).toBe(false);
    expect(data.balanceCents).toBe(5000 - PLANS.vip.priceCents);
    expect(data.subscription).toMatchObject({
      product: 'vip',
      status: 'active',
      trial: false,
      price: { value: 1999, currency: 'EUR' },
      nextRenewal: { price: { value: 1999, currency: 'EUR' } },
      endsAt: null,
      cancellationOffer: { available: true, accepted: false, percent: 50, price: { value: 1000 } },
    });
    const end =
      Date.parse(data.subscription.currentPeriodEnd) - Date.parse(data.subscription.currentPeriodStart);
    expect(end).toBe(30 * DAY);
    expect(await me(g)).toMatchObject({ isVip: true, isVXTVAboSubscriber: true, balanceCents: 3001 });
    expect(await chargesOf(g.id)).toEqual({ count: 1, cents: 1999 });

    const state = (await call(t.app, 'GET', 'subscriptions', g)).json().data;
    expect(state).toMatchObject({ isVip: true, isVXTVAboSubscriber: true, tv: null, trialAvailable: false });
    expect(state.vip.id).toBe(data.subscription.id);
  });

  it('idempotency: the same key again answers the same subscription without a second charge; another key is 409 ALREADY_SUBSCRIBED', async () => {
    const g = await make.buildGuest({ balanceCents: 5000 });
    const k = key('idem');
    const first = await subscribe(g, { product: 'vip', idempotencyKey: k });
    const again = await subscribe(g, { product: 'vip', idempotencyKey: k });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.replayed).toBe(true);
    expect(again.json().data.subscription.id).toBe(first.json().data.subscription.id);
    const other = await subscribe(g, { product: 'vip', idempotencyKey: key('idem-other') });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('ALREADY_SUBSCRIBED');
    expect(await chargesOf(g.id)).toEqual({ count: 1, cents: 1999 });
    // The start is one notification (type 4, issue 6), not one per answered request.
    expect(
      await count(
        sql`select count(*) as n from notifications where guest_id = ${g.id} and type = 4 and params->>'product' = 'vip'`,
      ),
    ).toBe(1);
  });

  it('TV: 9,99 € per 30 days, isVXTVAboSubscriber without isVip; TV while VIP runs is 409 INCLUDED_IN_VIP', async () => {
    const tv = await make.buildGuest({ balanceCents: 2000 });
    const response = await subscribe(tv, { product: 'tv', idempotencyKey: key('tv') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.subscription.price).toEqual({ value: 999, currency: 'EUR' });
    expect(await me(tv)).toMatchObject({ isVip: false, isVXTVAboSubscriber: true });

    const vip = await make.buildGuest({ balanceCents: 5000 });
    await subscribe(vip, { product: 'vip', idempotencyKey: key('viptv') });
    const refused = await subscribe(vip, { product: 'tv', idempotencyKey: key('viptv-tv') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INCLUDED_IN_VIP');
    expect(await chargesOf(vip.id)).toEqual({ count: 1, cents: 1999 });
  });

  it('not enough money at subscribe: 402 NOT_ENOUGH_MONEY and nothing changed (no subscription, same balance)', async () => {
    const g = await make.buildGuest({ balanceCents: 1000 });
    const response = await subscribe(g, { product: 'vip', idempotencyKey: key('broke') });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.code).toBe('NOT_ENOUGH_MONEY');
    expect(await me(g)).toMatchObject({ isVip: false, isVXTVAboSubscriber: false, balanceCents: 1000 });
    expect(await count(sql`select count(*) as n from subscriptions where guest_id = ${g.id}`)).toBe(0);
    expect(await chargesOf(g.id)).toEqual({ count: 0, cents: 0 });
  });

  it('the VIP trial: 1,99 € for 7 days, once per guest; TV has no trial', async () => {
    const g = await make.buildGuest({ balanceCents: 5000 });
    const tvTrial = await subscribe(g, { product: 'tv', trial: true, idempotencyKey: key('tvtrial') });
    expect(tvTrial.statusCode).toBe(409);
    expect(tvTrial.json().error.code).toBe('TRIAL_NOT_AVAILABLE');

    const response = await subscribe(g, { product: 'vip', trial: true, idempotencyKey: key('trial') });
    expect(response.statusCode, response.body).toBe(200);
    const sub = response.json().data.subscription;
    expect(sub).toMatchObject({ trial: true, price: { value: PLANS.vip.priceCents } });
    expect(Date.parse(sub.currentPeriodEnd) - Date.parse(sub.currentPeriodStart)).toBe(
      VIP_TRIAL.periodDays * DAY,
    );
    expect(await chargesOf(g.id)).toEqual({ count: 1, cents: VIP_TRIAL.priceCents });
    // The guest's history names the charge by its dialog flow (spec 2): the trial period is trialvipabo.
    const history = (await call(t.app, 'GET', 'guest/transactions', g)).json().data;
    expect(JSON.stringify(history)).toContain('trialvipabo');

    // Cancelled and ended: a second trial is refused, the normal price is still possible.
    await call(t.app, 'POST', 'subscriptions/cancel', g, { product: 'vip' });
    await serviceAt(8 * DAY).runRenewals();
    expect((await me(g)).isVip).toBe(false);
    const state = (await call(t.app, 'GET', 'subscriptions', g)).json().data;
    expect(state.trialAvailable).toBe(false);
    const second = await subscribe(g, { product: 'vip', trial: true, idempotencyKey: key('trial2') });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('TRIAL_NOT_AVAILABLE');
  });

  it('concurrency: 8 parallel subscribes with different keys give one subscription and one charge', async () => {
    const g = await make.buildGuest({ balanceCents: 10_000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => subscribe(g, { product: 'vip', idempotencyKey: key(`race${i}`) })),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(['ALREADY_SUBSCRIBED', 'SUBSCRIPTION_PENDING']).toContain(refused.json().error.code);
    }
    expect(await count(sql`select count(*) as n from subscriptions where guest_id = ${g.id}`)).toBe(1);
    expect(await chargesOf(g.id)).toEqual({ count: 1, cents: 1999 });
    expect((await me(g)).balanceCents).toBe(10_000 - 1999);
  });

  it('bad input is 400 VALIDATION_ERROR and a visitor is 401; nothing changes', async () => {
    const g = await make.buildGuest({ balanceCents: 5000 });
    for (const body of [
      { product: 'gold', idempotencyKey: key('bad') },
      { product: 'vip', idempotencyKey: 'short' },
      { product: 'vip', idempotencyKey: key('bad'), extra: 1 },
      { product: 'vip' },
    ]) {
      const response = await subscribe(g, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const visitor = await call(t.app, 'POST', 'subscriptions/subscribe', null, {
      product: 'vip',
      idempotencyKey: key('visitor'),
    });
    expect(visitor.statusCode).toBe(401);
    expect((await call(t.app, 'GET', 'subscriptions', null)).statusCode).toBe(401);
    expect(await count(sql`select count(*) as n from subscriptions where guest_id = ${g.id}`)).toBe(0);
    expect((await me(g)).balanceCents).toBe(5000);
  });
});

describe(`renewal job (${testBackend})`, () => {
  it('charges a due period exactly once: run twice, three runs at once, and after a restart (a new service instance)', async () => {
    const g = await make.buildGuest({ balanceCents: 10_000 });
    await subscribe(g, { product: 'vip', idempotencyKey: key('renew') });
    const later = serviceAt(31 * DAY);
    const first = await later.runRenewals();
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    await later.runRenewals();
    await Promise.all([later.runRenewals(), serviceAt(31 * DAY).runRenewals(), later.runRenewals()]);
    await serviceAt(31 * DAY).runRenewals();
    expect(await chargesOf(g.id)).toEqual({ count: 2, cents: 2 * 1999 });
    expect(
      await count(
        sql`select count(*) as n from subscription_periods p join subscriptions s on s.id = p.subscription_id where s.guest_id = ${g.id}`,
      ),
    ).toBe(2);
    const state = (await call(t.app, 'GET', 'subscriptions', g)).json().data;
    expect(Date.parse(state.vip.currentPeriodEnd) - Date.parse(state.vip.startedAt)).toBe(60 * DAY);
    expect((await me(g)).balanceCents).toBe(10_000 - 2 * 1999);
  });

  it('not enough money at renewal: the subscription ends (payment_failed), no charge, GuestMe not VIP', async () => {
    const g = await make.buildGuest({ balanceCents: 2500 });
    await subscribe(g, { product: 'vip', idempotencyKey: key('renewbroke') });
    const result = await serviceAt(31 * DAY).runRenewals();
    expect(result.paymentFailed).toBeGreaterThanOrEqual(1);
    expect(await chargesOf(g.id)).toEqual({ count: 1, cents: 1999 });
    expect(await me(g)).toMatchObject({ isVip: false, isVXTVAboSubscriber: false, balanceCents: 501 });
    const [row] = await queryRows<{ status: string; end_reason: string }>(
      t.database.db,
      sql`select status, end_reason from subscriptions where guest_id = ${g.id}`,
    );
    expect(row).toEqual({ status: 'ended', end_reason: 'payment_failed' });
  });

  it('cancel: still VIP until the period ends ("ends on"), then the job ends it without a charge', async () => {
    const g = await make.buildGuest({ balanceCents: 5000 });
    const started = (await subscribe(g, { product: 'vip', idempotencyKey: key('cancel') })).json().data;
    const cancelled = await call(t.app, 'POST', 'subscriptions/cancel', g, { product: 'vip' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      nextRenewal: null,
      endsAt: started.subscription.currentPeriodEnd,
    });
    const twice = await call(t.app, 'POST', 'subscriptions/cancel', g, { product: 'vip' });
    expect(twice.json().error.code).toBe('ALREADY_CANCELLED');
    await serviceAt(10 * DAY).runRenewals();
    expect((await me(g)).isVip).toBe(true);
    await serviceAt(31 * DAY).runRenewals();
    expect((await me(g)).isVip).toBe(false);
    expect(await chargesOf(g.id)).toEqual({ count: 1, cents: 1999 });
  });

  it('resume: a cancelled subscription renews again when resumed before its period end', async () => {
    const g = await make.buildGuest({ balanceCents: 5000 });
    await subscribe(g, { product: 'tv', idempotencyKey: key('resume') });
    await call(t.app, 'POST', 'subscriptions/cancel', g, { product: 'tv' });
    const resumed = await call(t.app, 'POST', 'subscriptions/resume', g, { product: 'tv' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ status: 'active', endsAt: null });
    await serviceAt(31 * DAY).runRenewals();
    expect(await chargesOf(g.id)).toEqual({ count: 2, cents: 2 * 999 });
  });

  it('the job finishes a subscribe that died half-way: charged -> the period is recorded; never charged -> removed', async () => {
    const g = await make.buildGuest({ balanceCents: 5000 });
    const service = serviceAt(0);
    const old = new Date(Date.now() - UNPAID_RECOVERY_AFTER_MS - 60_000);
    const base = { guestId: g.id, trial: false, startedAt: old, currentPeriodStart: old };
    // Died after the charge: row and transfer exist, no period.
    const paid = await service.repository.insert({
      ...base,
      product: 'vip',
      priceCents: 1999,
      currentPeriodEnd: new Date(old.getTime() + 30 * DAY),
    });
    await wallet.purchase(g.id, 1999, periodChargeKey(paid.id, 0), {
      kind: 'subscription',
      reference: {
        subscriptionId: paid.id,
        product: 'vipabo',
        periodIndex: 0,
        trial: false,
        chargedCents: 1999,
        requestKey: 'lost',
      },
    });
    // Died before the charge: only the row.
    const unpaid = await service.repository.insert({
      ...base,
      product: 'tv',
      priceCents: 999,
      currentPeriodEnd: new Date(old.getTime() + 30 * DAY),
    });
    const result = await service.runRenewals();
    expect(result.recovered).toBeGreaterThanOrEqual(2);
    expect(
      await count(sql`select count(*) as n from subscription_periods where subscription_id = ${paid.id}`),
    ).toBe(1);
    expect(await count(sql`select count(*) as n from subscriptions where id = ${unpaid.id}`)).toBe(0);
    expect(await me(g)).toMatchObject({ isVip: true, balanceCents: 5000 - 1999 });
    expect(await chargesOf(g.id)).toEqual({ count: 1, cents: 1999 });
  });

  it('operator: POST internal/subscriptions/run-renewals runs the job now (token required)', async () => {
    const response = await operator(t.app, 'POST', 'subscriptions/run-renewals');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ renewed: expect.any(Number), ended: expect.any(Number) });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/internal/subscriptions/run-renewals',
    });
    expect(anonymous.statusCode).toBeGreaterThanOrEqual(401);
    expect(anonymous.statusCode).toBeLessThan(500);
  });
});

describe(`cancellation offer, spec 7 guest/acceptCancellationOffer (${testBackend})`, () => {
  it('accepted: status-bar cookie set (spec 8), stays running, the next period at 50 %, then the normal price', async () => {
    const g = await make.buildGuest({ balanceCents: 10_000 });
    await subscribe(g, { product: 'vip', idempotencyKey: key('offer') });
    await call(t.app, 'POST', 'subscriptions/cancel', g, { product: 'vip' });
    const accepted = await call(t.app, 'POST', 'guest/acceptCancellationOffer', g, {
      guest_id: String(g.id),
      platform_text: 'web',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(String(accepted.headers['set-cookie'])).toContain('vela_status_bar=cancellation-offer-accepted');
    expect(accepted.json().data).toMatchObject({
      status: 'active',
      cancellationOffer: { available: false, accepted: true },
      nextRenewal: { price: { value: 1000 } },
    });
    await serviceAt(31 * DAY).runRenewals();
    expect(await chargesOf(g.id)).toEqual({ count: 2, cents: 1999 + 1000 });
    await serviceAt(61 * DAY).runRenewals();
    expect(await chargesOf(g.id)).toEqual({ count: 3, cents: 1999 + 1000 + 1999 });
  });

  it('not accepted: a second acceptance, no subscription, or another guest_id answer an error (the failure callback) and set no cookie', async () => {
    const g = await make.buildGuest({ balanceCents: 5000 });
    const none = await call(t.app, 'POST', 'guest/acceptCancellationOffer', g, { guest_id: String(g.id) });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('NOT_SUBSCRIBED');
    await subscribe(g, { product: 'vip', idempotencyKey: key('offer2') });
    const ok = await call(t.app, 'POST', 'guest/acceptCancellationOffer', g, { guest_id: g.id });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await call(t.app, 'POST', 'guest/acceptCancellationOffer', g, { guest_id: String(g.id) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('OFFER_NOT_AVAILABLE');
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});

describe(`access (${testBackend})`, () => {
  it("guest A cannot cancel or take the offer for B's subscription", async () => {
    const a = await make.buildGuest({ balanceCents: 0 });
    const b = await make.buildGuest({ balanceCents: 5000 });
    await subscribe(b, { product: 'vip', idempotencyKey: key('b') });
    const cancel = await call(t.app, 'POST', 'subscriptions/cancel', a, { product: 'vip' });
    expect(cancel.statusCode).toBe(404);
    const offer = await call(t.app, 'POST', 'guest/acceptCancellationOffer', a, { guest_id: String(b.id) });
    expect(offer.statusCode).toBe(403);
    const state = (await call(t.app, 'GET', 'subscriptions', b)).json().data;
    expect(state.vip).toMatchObject({ status: 'active', cancellationOffer: { accepted: false } });
    expect((await call(t.app, 'GET', 'subscriptions', a)).json().data.vip).toBeNull();
    expect((await call(t.app, 'GET', 'subscriptions/vip30History', a)).json().data.periods).toEqual([]);
  });
});

describe(`vip30 value history and VIP update events (${testBackend})`, () => {
  it('vip30 value history: per paid VIP period the summed list price of the VIP videos of the 30 days before it', async () => {
    const g = await make.buildGuest({ balanceCents: 10_000 });
    await subscribe(g, { product: 'vip', idempotencyKey: key('v30') });
    await serviceAt(31 * DAY).runRenewals();
    const response = await call(t.app, 'GET', 'subscriptions/vip30History', g);
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json().data;
    expect(history.periods).toHaveLength(2);
    for (const period of history.periods) {
      const start = new Date(period.periodStart);
      const expected = await count(
        sql`select coalesce(sum(base_price_cents), 0) as n from videos where vip
            and released_at >= ${new Date(start.getTime() - 30 * DAY).toISOString()}::timestamptz
            and released_at < ${start.toISOString()}::timestamptz`,
      );
      expect(period.value).toEqual({ value: expected, currency: 'EUR' });
      expect(period.charged).toEqual({ value: 1999, currency: 'EUR' });
    }
    expect(history.periods[0].periodIndex).toBe(1);
    expect(history.totalCharged).toEqual({ value: 2 * 1999, currency: 'EUR' });
    // The same history through the query-language service (spec 7 "vip30 value history"), with the
    // access token; without one: 'Missing Vxql-Token'.
    const query =
      '{ vip30ValueHistory { periods { periodIndex charged { value currency } value { value } } totalCharged { value } } }';
    const graphql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${g.accessToken}` },
      payload: { query },
    });
    expect(graphql.statusCode, graphql.body).toBe(200);
    const data = graphql.json().data.vip30ValueHistory;
    expect(data.totalCharged.value).toBe(2 * 1999);
    expect(data.periods.map((p: { periodIndex: number }) => p.periodIndex)).toEqual(
      history.periods.map((p: { periodIndex: number }) => p.periodIndex),
    );
    expect(data.periods[0].value.value).toBe(history.periods[0].value.value);
    const anonymous = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    expect(JSON.stringify(anonymous.json().errors)).toContain('Missing Vxql-Token');
  });

  it('every change publishes vipAboUpdate / vxtvAboUpdate on guest:<id> (spec 3 VIP update)', async () => {
    const bus = new InProcessBus();
    const g = await make.buildGuest({ balanceCents: 5000 });
    const events: unknown[] = [];
    const unsubscribe = await bus.subscribe(`guest:${g.id}`, (event) => {
      events.push(event);
    });
    const service = serviceAt(0, bus);
    await service.subscribe(g.id, { product: 'tv', trial: false, idempotencyKey: key('ev') });
    await service.cancel(g.id, 'tv');
    await service.acceptCancellationOffer(g.id, 'tv');
    await unsubscribe();
    await bus.close();
    expect(events).toEqual([
      {
        type: 'vxtvAboUpdate',
        vipAboStatus: 'none',
        vxtvAboStatus: 'active',
        isStarted: true,
        price: { value: 999, currency: 'EUR' },
      },
      {
        type: 'vxtvAboUpdate',
        vipAboStatus: 'none',
        vxtvAboStatus: 'cancelled',
        isStarted: false,
        price: null,
      },
      {
        type: 'vxtvAboUpdate',
        vipAboStatus: 'none',
        vxtvAboStatus: 'active',
        isStarted: false,
        price: { value: 500, currency: 'EUR' },
      },
    ]);
  });
});

/**
 * Issue 14 defect 1: a subscribe that fails anywhere after its row was inserted must leave no
 * running subscription — never VIP or TV without a charge, not even until the recovery job runs.
 * The ledger is made to fail three ways: inside its own transaction after it wrote the transfer
 * and the balances (a database trigger), a wallet whose purchase throws a generic Error before
 * writing anything, and one that throws after the purchase wrote; and an idempotency key with U+0000.
 */
describe(`a subscribe that fails after its row is inserted leaves no subscription (${testBackend})`, () => {
  /** Guests whose wallet entries the database refuses (the trigger below), like a ledger that breaks mid-write. */
  async function failLedgerWritesOf(guestId: number, failing: boolean): Promise<void> {
    await t.database.db.execute(
      failing
        ? sql`insert into test_failing_ledger_guests (guest_id) values (${guestId}) on conflict do nothing`
        : sql`delete from test_failing_ledger_guests where guest_id = ${guestId}`,
    );
  }

  beforeAll(async () => {
    const db = t.database.db;
    await db.execute(sql`create table if not exists test_failing_ledger_guests (guest_id int primary key)`);
    await failInsertsWhen(db, {
      name: 'test_fail_ledger_entry',
      table: 'ledger_entries',
      when: `select 1 from ledger_accounts a join test_failing_ledger_guests f on f.guest_id = a.owner_guest_id
             where a.id = new.account_id`,
      message: 'injected ledger failure',
    });
  });

  /** Nothing of a subscription is visible anywhere: guest/me, GraphQL, subscriptions state, rows, ledger. */
  async function expectNoSubscription(g: SignedUp, balanceCents: number): Promise<void> {
    expect(await me(g)).toMatchObject({ isVip: false, isVXTVAboSubscriber: false, balanceCents });
    const state = await call(t.app, 'GET', 'subscriptions', g);
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json().data).toMatchObject({
      vip: null,
      tv: null,
      isVip: false,
      isVXTVAboSubscriber: false,
      balanceCents,
    });
    const graphql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${g.accessToken}` },
      payload: { query: '{ guest { isVip isVXTVAboSubscriber balanceCents } }' },
    });
    expect(graphql.json().data?.guest, graphql.body).toEqual({
      isVip: false,
      isVXTVAboSubscriber: false,
      balanceCents,
    });
    expect(
      await count(
        sql`select count(*) as n from subscriptions where guest_id = ${g.id} and status in ('active', 'cancelled')`,
      ),
    ).toBe(0);
    expect(await chargesOf(g.id)).toEqual({ count: 0, cents: 0 });
  }

  /** After the failure a retry works, and exactly once. */
  async function expectRetryChargesOnce(g: SignedUp, product: 'vip' | 'tv', fundCents: number) {
    const retryKey = key(`retry-${product}`);
    const retried = await subscribe(g, { product, idempotencyKey: retryKey });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.replayed).toBe(false);
    const again = await subscribe(g, { product, idempotencyKey: retryKey });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.replayed).toBe(true);
    const price = PLANS[product].priceCents;
    expect(await chargesOf(g.id)).toEqual({ count: 1, cents: price });
    expect(await me(g)).toMatchObject({
      isVip: product === 'vip',
      isVXTVAboSubscriber: true,
      balanceCents: fundCents - price,
    });
    expect(await count(sql`select count(*) as n from subscriptions where guest_id = ${g.id}`)).toBe(1);
  }

  for (const product of ['vip', 'tv'] as const) {
    it(`${product}: the ledger fails inside its transaction after writing: no ${product.toUpperCase()} without a charge (repeated), then a retry charges once`, async () => {
      const g = await make.buildGuest({ balanceCents: 5000 });
      await failLedgerWritesOf(g.id, true);
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await subscribe(g, { product, idempotencyKey: key(`trg-${product}`) });
        expect(response.statusCode, response.body).not.toBe(200);
        await expectNoSubscription(g, 5000);
      }
      await failLedgerWritesOf(g.id, false);
      await expectRetryChargesOnce(g, product, 5000);
    });
  }

  /** The real wallet whose purchases fail with a generic Error, before or after their write. */
  function failingWallet(when: 'before-write' | 'after-write'): WalletService {
    // On the app's bus: a guestBalance event of a rolled-back charge would reach the guest's pages.
    const real = createWalletService({ db: t.database.db, bus: t.bus });
    const failing =
      (purchase: WalletService['purchase']): WalletService['purchase'] =>
      async (...args) => {
        if (when === 'after-write') await purchase(...args);
        throw new Error('injected ledger failure');
      };
    return {
      ...real,
      purchase: failing(real.purchase),
      atomically: (work) =>
        real.atomically((tx, ledger) => work(tx, { ...ledger, purchase: failing(ledger.purchase) })),
    };
  }

  for (const when of ['before-write', 'after-write'] as const) {
    it(`a wallet that throws a generic Error ${when}: the subscribe fails and leaves nothing; a retry charges once`, async () => {
      const g = await make.buildGuest({ balanceCents: 5000 });
      const balances: number[] = [];
      const stop = await t.bus.subscribe(`guest:${g.id}`, (event) => {
        const message = event as { type: string; guestBalanceCents?: number };
        if (message.type === 'guestBalance') balances.push(message.guestBalanceCents ?? -1);
      });
      const service = createSubscriptionsService({
        db: t.database.db,
        wallet: failingWallet(when),
        vipReleasesValueCents,
      });
      for (const product of ['vip', 'tv'] as const) {
        await expect(
          service.subscribe(g.id, { product, trial: false, idempotencyKey: key(`dbl-${product}`) }),
        ).rejects.toThrow();
        await expectNoSubscription(g, 5000);
      }
      await expect(
        service.subscribe(g.id, { product: 'vip', trial: true, idempotencyKey: key('dbl-trial') }),
      ).rejects.toThrow();
      await expectNoSubscription(g, 5000);
      // The failed trial was never a trial: it is still available.
      expect((await call(t.app, 'GET', 'subscriptions', g)).json().data.trialAvailable).toBe(true);
      await expectRetryChargesOnce(g, 'vip', 5000);
      // The only balance the guest's pages were told of is the retry's: no event of a rolled-back charge.
      await vi.waitFor(() => expect(balances).toEqual([5000 - PLANS.vip.priceCents]));
      await stop();
    });
  }

  it('renewal: when recording the new period fails after the charge, the charge rolls back with it; the next run charges once', async () => {
    const db = t.database.db;
    await db.execute(sql`create table if not exists test_failing_periods (subscription_id int primary key)`);
    await failInsertsWhen(db, {
      name: 'test_fail_period',
      table: 'subscription_periods',
      when: 'select 1 from test_failing_periods f where f.subscription_id = new.subscription_id',
      message: 'injected period failure',
    });
    const g = await make.buildGuest({ balanceCents: 10_000 });
    const started = (await subscribe(g, { product: 'vip', idempotencyKey: key('renewfail') })).json().data;
    const id = Number(started.subscription.id);
    await db.execute(sql`insert into test_failing_periods (subscription_id) values (${id})`);
    const failed = await serviceAt(31 * DAY).runRenewals();
    expect(failed.errors).toBeGreaterThanOrEqual(1);
    expect(await chargesOf(g.id)).toEqual({ count: 1, cents: 1999 });
    expect((await me(g)).balanceCents).toBe(10_000 - 1999);
    const state = (await call(t.app, 'GET', 'subscriptions', g)).json().data;
    expect(state.vip.currentPeriodEnd).toBe(started.subscription.currentPeriodEnd);

    await db.execute(sql`delete from test_failing_periods where subscription_id = ${id}`);
    await serviceAt(31 * DAY).runRenewals();
    await serviceAt(31 * DAY).runRenewals();
    expect(await chargesOf(g.id)).toEqual({ count: 2, cents: 2 * 1999 });
    expect(
      await count(sql`select count(*) as n from subscription_periods where subscription_id = ${id}`),
    ).toBe(2);
  });

  it('an idempotency key with U+0000 (or another C0 control) is a 4xx and leaves no subscription, however often it is sent', async () => {
    const g = await make.buildGuest({ balanceCents: 5000 });
    for (const control of ['\u0000', '\u0001', '\u001f', '\u0000\u0000']) {
      for (const product of ['vip', 'tv'] as const) {
        const response = await subscribe(g, { product, idempotencyKey: `abcdefgh${control}${key('nul')}` });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        await expectNoSubscription(g, 5000);
      }
    }
    await expectRetryChargesOnce(g, 'tv', 5000);
  });
});

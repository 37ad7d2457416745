/**
 * Top-ups through the payment dialog (issue 4, deliverable 3) on a real database (PGlite, or
 * PostgreSQL when DATABASE_URL is set), through HTTP: the sandbox provider's test cards, 3-D
 * Secure through the bank page and its callback, SEPA settlement, signed idempotent callbacks,
 * stored methods, settings, one-click, the monthly limit, restricted guests, carrier billing,
 * voice, the trial charge and the guestBalance event.
 */
import { queryRows } from '@vela/db/client';
import { eq, sql } from '@vela/db/orm';
import { guests } from '@vela/db/schema';
import { createTestDatabase, type TestDatabase } from '@vela/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { InProcessBus } from '../src/infra/bus.ts';
import { signatureHeader } from '../src/modules/payments/payments.callbacks.ts';
import { keyMaker, nextIp, restAs, type SignedUp, signUp } from './guest-helpers.ts';
import { PAY_ORIGIN, testConfig } from './helpers.ts';

/** This file's client addresses (10.41.x.y), apart from the other test files. */
const NET = '10.41';
const SECRET = 'payments-test-webhook-secret-0123456789abcdef';
const ENV = { PAYMENT_WEBHOOK_SECRET: SECRET, INTERNAL_API_TOKEN: 'internal-token-for-payments-tests-0123' };

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123', holder: 'Test Guest' };
const card = (number: string) => ({ ...CARD, number });
const DECLINED = '4000 0000 0000 0002';
const INSUFFICIENT = '4000 0000 0000 9995';
const THREE_DS = '4000 0000 0000 3220';

let database: TestDatabase;
let bus: InProcessBus;
let app: FastifyInstance;
const key = keyMaker();

async function startApp(): Promise<FastifyInstance> {
  const built = await buildApp({ config: testConfig(ENV, { mediaDir: database.mediaDir }), database, bus });
  await built.ready();
  return built;
}

beforeAll(async () => {
  database = await createTestDatabase();
  bus = new InProcessBus();
  app = await startApp();
}, 120_000);

afterAll(async () => {
  await app.close();
  await bus.close();
  await database.close();
});

let guestCounter = 0;
async function guest(): Promise<SignedUp> {
  guestCounter++;
  return signUp(app, `payer${guestCounter}${Math.random().toString(36).slice(2, 6)}`, { ip: nextIp(NET) });
}

function call(g: SignedUp | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return restAs(app, NET, g, method, url, payload);
}

async function charge(g: SignedUp, body: Record<string, unknown>) {
  return call(g, 'POST', 'payment/charges', {
    idempotencyKey: key(),
    flow: 'moneycharge',
    paytype: 'CC',
    ...body,
  });
}

async function chargeOk(g: SignedUp, body: Record<string, unknown>) {
  const response = await charge(g, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.charge;
}

async function balance(g: SignedUp): Promise<number> {
  const response = await call(g, 'GET', 'guest/getGuestBalance');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.balanceCents;
}

async function chargeOf(g: SignedUp, id: string) {
  const response = await call(g, 'GET', `payment/charges/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.charge;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(database.db, query);
  return Number(row?.n);
}

const transfersOfCharge = (id: string) =>
  count(sql`select count(*)::int as n from ledger_transfers where idempotency_key = ${`charge:${id}`}`);
const chargesOfGuest = (g: SignedUp) =>
  count(sql`select count(*)::int as n from payment_charges where guest_id = ${g.id}`);

function signedCallback(body: object, options: { t?: number; signature?: string | null } = {}) {
  const raw = JSON.stringify(body);
  const t = options.t ?? Math.floor(Date.now() / 1000);
  const header = options.signature === undefined ? signatureHeader(SECRET, raw, t) : options.signature;
  return app.inject({
    method: 'POST',
    url: '/rest/v1/payment/callback',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'x-sandbox-signature': header }),
    },
    payload: raw,
  });
}

describe('card charges (sandbox test cards)', () => {
  it('card 4242 succeeds: credited once, ledger top-up charge:<id>, GuestMe isPayingCustomer afterwards', async () => {
    const g = await guest();
    const me0 = (await call(g, 'GET', 'guest/me')).json().data.guest;
    expect(me0.isPayingCustomer).toBe(false);
    const result = await chargeOk(g, { amountCents: 2000, card: CARD });
    expect(result).toMatchObject({
      flow: 'moneycharge',
      paytype: 'CC',
      amountCents: 2000,
      status: 'succeeded',
      declineCode: null,
      nextAction: null,
      balanceCents: 2000,
    });
    expect(result.id).toMatch(/^ch_/);
    expect(await balance(g)).toBe(2000);
    expect(await transfersOfCharge(result.id)).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
        where t.idempotency_key = ${`charge:${result.id}`}`),
    ).toBe(2);
    const me = (await call(g, 'GET', 'guest/me')).json().data.guest;
    expect(me.isPayingCustomer).toBe(true);
    expect(me.balanceCents).toBe(2000);
    expect((await chargeOf(g, result.id)).status).toBe('succeeded');
  });

  it('the same idempotency key answers the same charge and credits nothing more; another request with it is 409', async () => {
    const g = await guest();
    const body = {
      idempotencyKey: key('replay'),
      flow: 'moneycharge',
      paytype: 'CC',
      amountCents: 1000,
      card: CARD,
    };
    const first = await call(g, 'POST', 'payment/charges', body);
    const second = await call(g, 'POST', 'payment/charges', body);
    expect(second.json().data.charge).toEqual(first.json().data.charge);
    // A retry need not repeat the card.
    const { card: _card, ...withoutCard } = body;
    const bare = await call(g, 'POST', 'payment/charges', withoutCard);
    expect(bare.json().data.charge.id).toBe(first.json().data.charge.id);
    expect(await balance(g)).toBe(1000);
    const other = await call(g, 'POST', 'payment/charges', { ...body, amountCents: 5000 });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await chargesOfGuest(g)).toBe(1);
    expect(await balance(g)).toBe(1000);
  });

  it('20 concurrent requests with one idempotency key make one charge and one credit', async () => {
    const g = await guest();
    const body = {
      idempotencyKey: key('dup'),
      flow: 'moneycharge',
      paytype: 'CC',
      amountCents: 5000,
      card: CARD,
    };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call(g, 'POST', 'payment/charges', body)),
    );
    for (const r of responses) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(responses.map((r) => r.json().data.charge.id));
    expect(ids.size).toBe(1);
    expect(await chargesOfGuest(g)).toBe(1);
    const [id] = [...ids];
    expect(await transfersOfCharge(id as string)).toBe(1);
    expect((await chargeOf(g, id as string)).status).toBe('succeeded');
    expect(await balance(g)).toBe(5000);
  });

  it('declined cards change nothing and carry a clear decline code', async () => {
    const g = await guest();
    const declined = await chargeOk(g, { amountCents: 1000, card: card(DECLINED) });
    expect(declined).toMatchObject({ status: 'declined', declineCode: 'card_declined', balanceCents: null });
    const poor = await chargeOk(g, { amountCents: 1000, card: card(INSUFFICIENT) });
    expect(poor).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds' });
    // Any other valid number declines.
    const other = await chargeOk(g, { amountCents: 1000, card: card('5555 5555 5555 4444') });
    expect(other).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
    expect(await balance(g)).toBe(0);
    expect(await transfersOfCharge(declined.id)).toBe(0);
    expect((await call(g, 'GET', 'guest/me')).json().data.guest.isPayingCustomer).toBe(false);
  });

  it('an invalid card number (Luhn) or an expired card is a 400 and nothing is stored', async () => {
    const g = await guest();
    const bad = await charge(g, { amountCents: 1000, card: card('4242 4242 4242 4241') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_CARD');
    const expired = await charge(g, { amountCents: 1000, card: { ...CARD, expMonth: 1, expYear: 2020 } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('CARD_EXPIRED');
    const noCard = await charge(g, { amountCents: 1000 });
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json().error.code).toBe('NO_PAYMENT_METHOD');
    expect(await chargesOfGuest(g)).toBe(0);
  });

  it('amount bounds: below the minimum, above the maximum or a paytype the flow does not take is a 400', async () => {
    const g = await guest();
    expect((await charge(g, { amountCents: 499, card: CARD })).json().error.code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await charge(g, { amountCents: 100_001, card: CARD })).json().error.code).toBe(
      'AMOUNT_OUT_OF_RANGE',
    );
    expect((await charge(g, { paytype: 'Voice', amountCents: 1000 })).json().error.code).toBe(
      'PAYTYPE_NOT_ALLOWED',
    );
    expect((await charge(g, { flow: 'autorecharge', amountCents: 1000, card: CARD })).json().error.code).toBe(
      'FLOW_NOT_ALLOWED',
    );
    expect((await charge(g, { amountCents: 'x' })).json().error.code).toBe('VALIDATION_ERROR');
    expect(await chargesOfGuest(g)).toBe(0);
  });

  it('visitors get 401; a guest cannot read or confirm another guest charge (404)', async () => {
    const visitor = await call(null, 'POST', 'payment/charges', {
      idempotencyKey: key(),
      flow: 'moneycharge',
      paytype: 'CC',
      amountCents: 1000,
      card: CARD,
    });
    expect(visitor.statusCode).toBe(401);
    const a = await guest();
    const b = await guest();
    const mine = await chargeOk(a, { amountCents: 1000, card: CARD });
    const read = await call(b, 'GET', `payment/charges/${mine.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().error.code).toBe('NOT_FOUND');
    expect((await call(b, 'POST', `payment/charges/${mine.id}/confirm`, { code: '123456' })).statusCode).toBe(
      404,
    );
    const list = (await call(b, 'GET', 'payment/charges')).json().data.charges;
    expect(list).toEqual([]);
    expect(
      (await call(a, 'GET', 'payment/charges')).json().data.charges.map((c: { id: string }) => c.id),
    ).toEqual([mine.id]);
  });

  it('the guestBalance event reaches the guest channel after a success, with the paying flag', async () => {
    const g = await guest();
    const events: unknown[] = [];
    const unsubscribe = await bus.subscribe(`guest:${g.id}`, (event) => {
      events.push(event);
    });
    await chargeOk(g, { amountCents: 1000, card: CARD });
    await vi.waitFor(() => expect(events.length).toBeGreaterThan(0));
    expect(events[0]).toEqual({
      type: 'guestBalance',
      guestBalance: 40,
      guestBalanceFormatted: '40',
      guestBalanceCents: 1000,
      guestIsPayingCustomer: true,
    });
    await unsubscribe();
  });

  it('saveMethod keeps the card as the guest method (label shows the last four digits only)', async () => {
    const g = await guest();
    await chargeOk(g, { amountCents: 1000, card: CARD, saveMethod: true });
    const methods = (await call(g, 'GET', 'payment/methods')).json().data.methods;
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ paytype: 'CC', label: 'Visa •••• 4242' });
    // Charging the stored card: no card in the request.
    const again = await chargeOk(g, { amountCents: 1000 });
    expect(again.status).toBe('succeeded');
    expect(await balance(g)).toBe(2000);
  });
});

describe('3-D Secure through the sandbox bank page and its callback', () => {
  async function threeDs(g: SignedUp) {
    const result = await chargeOk(g, { amountCents: 2000, card: card(THREE_DS) });
    expect(result.status).toBe('requires_action');
    expect(result.nextAction.type).toBe('3ds');
    const url = new URL(result.nextAction.url);
    expect(url.origin).toBe('http://vela.test:3000');
    return { result, path: `${url.pathname}${url.search}`, token: url.searchParams.get('token') as string };
  }

  it('approve on the bank page: the callback credits the charge', async () => {
    const g = await guest();
    const { result, path, token } = await threeDs(g);
    expect(await balance(g)).toBe(0);
    const page = await app.inject({ method: 'GET', url: `${path}&lang=de` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('20,00');
    // Framed by the payment dialog's origin only.
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${PAY_ORIGIN}`);
    expect(page.headers['x-frame-options']).toBeUndefined();
    const answer = await app.inject({
      method: 'POST',
      url: path.split('?')[0] as string,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, decision: 'approve', lang: 'en' }).toString(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('Payment confirmed');
    expect(await chargeOf(g, result.id)).toMatchObject({
      status: 'succeeded',
      balanceCents: 2000,
      nextAction: null,
    });
    expect(await balance(g)).toBe(2000);
    expect(
      await count(sql`select count(*)::int as n from payment_callbacks c join payment_charges p on p.id = c.charge_id
      where p.public_id = ${result.id}`),
    ).toBe(1);
    // Answering again changes nothing.
    const again = await app.inject({
      method: 'POST',
      url: path.split('?')[0] as string,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, decision: 'decline' }).toString(),
    });
    expect(again.body).toContain('already been decided');
    expect(await balance(g)).toBe(2000);
  });

  it('decline on the bank page: declined authentication_failed, nothing credited', async () => {
    const g = await guest();
    const { result, path, token } = await threeDs(g);
    const answer = await app.inject({
      method: 'POST',
      url: path.split('?')[0] as string,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, decision: 'decline' }).toString(),
    });
    expect(answer.statusCode).toBe(200);
    expect(await chargeOf(g, result.id)).toMatchObject({
      status: 'declined',
      declineCode: 'authentication_failed',
    });
    expect(await balance(g)).toBe(0);
  });

  it('a bank page link with a wrong token is a 404', async () => {
    const g = await guest();
    const { result } = await threeDs(g);
    const page = await app.inject({
      method: 'GET',
      url: `/rest/v1/payment/sandbox/3ds/${result.id}?token=${'0'.repeat(64)}&lang=nl`,
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Deze bevestigingslink is niet geldig');
    const malformed = await app.inject({
      method: 'GET',
      url: `/rest/v1/payment/sandbox/3ds/${result.id}?token=x`,
    });
    expect(malformed.statusCode).toBe(400);
    expect((await chargeOf(g, result.id)).status).toBe('requires_action');
  });
});

describe('provider callbacks: HMAC signature, idempotent, out of order', () => {
  async function openThreeDs(g: SignedUp) {
    return chargeOk(g, { amountCents: 1000, card: card(THREE_DS) });
  }
  const event = (chargeRef: string, type: string, extra: object = {}) => ({
    eventId: key('evt'),
    type,
    chargeRef,
    providerRef: 'sbx_test',
    amountCents: 1000,
    created: Math.floor(Date.now() / 1000),
    ...extra,
  });

  it('a missing, wrong or stale signature is refused and changes nothing', async () => {
    const g = await guest();
    const open = await openThreeDs(g);
    const body = event(open.id, 'charge.succeeded');
    const missing = await signedCallback(body, { signature: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('SIGNATURE_MISSING');
    const t = Math.floor(Date.now() / 1000);
    const wrong = await signedCallback(body, {
      signature: signatureHeader('another-secret-of-enough-length!!', JSON.stringify(body), t),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('SIGNATURE_INVALID');
    const stale = await signedCallback(body, { t: t - 301 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.code).toBe('SIGNATURE_EXPIRED');
    const malformed = await signedCallback(body, { signature: 't=abc,v1=xyz' });
    expect(malformed.statusCode).toBe(400);
    expect((await chargeOf(g, open.id)).status).toBe('requires_action');
    expect(await balance(g)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from payment_callbacks where event_id = ${body.eventId}`),
    ).toBe(0);
  });

  it('a repeated event and a second success event credit once; a late decline cannot move a succeeded charge', async () => {
    const g = await guest();
    const open = await openThreeDs(g);
    const body = event(open.id, 'charge.succeeded');
    const first = await signedCallback(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.outcome).toBe('credited');
    const repeat = await signedCallback(body);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data.outcome).toBe('duplicate');
    const secondSuccess = await signedCallback(event(open.id, 'charge.succeeded'));
    expect(secondSuccess.json().data.outcome).toBe('final');
    const lateDecline = await signedCallback(
      event(open.id, 'charge.declined', { declineCode: 'card_declined' }),
    );
    expect(lateDecline.statusCode).toBe(200);
    expect(lateDecline.json().data.outcome).toBe('final');
    expect(await chargeOf(g, open.id)).toMatchObject({ status: 'succeeded', declineCode: null });
    expect(await balance(g)).toBe(1000);
    expect(await transfersOfCharge(open.id)).toBe(1);
  });

  it('a decline first: a later success event cannot credit a declined charge', async () => {
    const g = await guest();
    const open = await openThreeDs(g);
    expect(
      (await signedCallback(event(open.id, 'charge.declined', { declineCode: 'card_declined' }))).json().data
        .outcome,
    ).toBe('changed');
    expect((await signedCallback(event(open.id, 'charge.succeeded'))).json().data.outcome).toBe('final');
    expect((await chargeOf(g, open.id)).status).toBe('declined');
    expect(await balance(g)).toBe(0);
  });

  it('an unknown charge or a wrong amount is refused', async () => {
    expect((await signedCallback(event('ch_unknown', 'charge.succeeded'))).statusCode).toBe(404);
    const g = await guest();
    const open = await openThreeDs(g);
    const wrongAmount = await signedCallback(event(open.id, 'charge.succeeded', { amountCents: 99_999 }));
    expect(wrongAmount.statusCode).toBe(400);
    expect(await balance(g)).toBe(0);
  });
});

describe('SEPA direct debit (paytype LS)', () => {
  it('DE89… is pending, then settles: credited by the settlement callback', async () => {
    const g = await guest();
    const result = await chargeOk(g, {
      paytype: 'LS',
      amountCents: 1500,
      sepa: { iban: 'DE89 3704 0044 0532 0130 00', holder: 'Test Guest' },
    });
    expect(result).toMatchObject({ status: 'pending', balanceCents: null });
    await vi.waitFor(async () => expect((await chargeOf(g, result.id)).status).toBe('succeeded'), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await balance(g)).toBe(1500);
  });

  it('DE62… is pending, then returned: failed sepa_returned, nothing credited, the mandate saved with it is not kept', async () => {
    const g = await guest();
    const result = await chargeOk(g, {
      paytype: 'LS',
      amountCents: 1500,
      sepa: { iban: 'DE62370400440532013001', holder: 'Test Guest' },
      saveMethod: true,
    });
    expect(result.status).toBe('pending');
    await vi.waitFor(async () => expect((await chargeOf(g, result.id)).status).toBe('failed'), {
      timeout: 15_000,
      interval: 200,
    });
    expect((await chargeOf(g, result.id)).declineCode).toBe('sepa_returned');
    expect(await balance(g)).toBe(0);
    expect((await call(g, 'GET', 'payment/methods')).json().data.methods).toEqual([]);
  });

  it('an invalid IBAN is a 400 and nothing is stored', async () => {
    const g = await guest();
    const response = await charge(g, {
      paytype: 'LS',
      amountCents: 1500,
      sepa: { iban: 'DE89370400440532013001', holder: 'Test Guest' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_IBAN');
    expect(await chargesOfGuest(g)).toBe(0);
  });

  it('a pending settlement survives a restart of the server', async () => {
    const g = await guest();
    const result = await chargeOk(g, {
      paytype: 'LS',
      amountCents: 2500,
      sepa: { iban: 'DE89370400440532013000', holder: 'Test Guest' },
    });
    await app.close();
    // The old server is gone before its settlement was due.
    expect(
      await count(
        sql`select count(*)::int as n from payment_charges where public_id = ${result.id} and status = 'pending'`,
      ),
    ).toBe(1);
    app = await startApp();
    // (The new server has a new token key in tests: the session cookie still works.)
    const statusNow = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/rest/v1/payment/charges/${result.id}`,
        headers: { cookie: g.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.charge;
    };
    await vi.waitFor(async () => expect((await statusNow()).status).toBe('succeeded'), {
      timeout: 15_000,
      interval: 200,
    });
    expect((await statusNow()).balanceCents).toBe(2500);
  });
});

describe('flow limit: monthly top-up limit (Europe/Berlin month)', () => {
  it('a charge beyond the limit is LIMIT_EXCEEDED and nothing is charged', async () => {
    const g = await guest();
    const set = await call(g, 'POST', 'payment/settings', { monthlyLimitCents: 3000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.monthlyLimitCents).toBe(3000);
    await chargeOk(g, { amountCents: 2000, card: CARD });
    const over = await charge(g, { amountCents: 2000, card: CARD });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('LIMIT_EXCEEDED');
    expect(await chargesOfGuest(g)).toBe(1);
    expect(await balance(g)).toBe(2000);
    // Up to the limit is fine.
    await chargeOk(g, { amountCents: 1000, card: CARD });
    const settings = (await call(g, 'GET', 'payment/settings')).json().data;
    expect(settings.monthToDateCents).toBe(3000);
    // Declined charges do not use the limit up.
    await call(g, 'POST', 'payment/settings', { monthlyLimitCents: 4000 });
    await chargeOk(g, { amountCents: 1000, card: card(DECLINED) });
    await chargeOk(g, { amountCents: 1000, card: CARD });
    expect(await balance(g)).toBe(4000);
  });

  it('10 parallel charges against a limit of 5: exactly 5 pass', async () => {
    const g = await guest();
    await call(g, 'POST', 'payment/settings', { monthlyLimitCents: 5000 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => charge(g, { amountCents: 1000, card: CARD })),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.json().error.code).toBe('LIMIT_EXCEEDED');
    expect(await balance(g)).toBe(5000);
  });

  it('a limit out of range is a 400 and null removes the limit', async () => {
    const g = await guest();
    expect((await call(g, 'POST', 'payment/settings', { monthlyLimitCents: 100 })).statusCode).toBe(400);
    await call(g, 'POST', 'payment/settings', { monthlyLimitCents: 1000 });
    const cleared = await call(g, 'POST', 'payment/settings', { monthlyLimitCents: null });
    expect(cleared.json().data.monthlyLimitCents).toBeNull();
    await chargeOk(g, { amountCents: 5000, card: CARD });
  });
});

describe('stored methods (flows changecc / changels) and one-click', () => {
  it('POST payment/methods verifies the card (0002 declined 402) and replaces the active one', async () => {
    const g = await guest();
    const declined = await call(g, 'POST', 'payment/methods', { paytype: 'CC', card: card(DECLINED) });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe('CARD_DECLINED');
    const bad = await call(g, 'POST', 'payment/methods', {
      paytype: 'LS',
      sepa: { iban: 'DE00', holder: 'X Y' },
    });
    expect(bad.statusCode).toBe(400);
    const first = await call(g, 'POST', 'payment/methods', { paytype: 'CC', card: CARD });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(g, 'POST', 'payment/methods', { paytype: 'CC', card: card(THREE_DS) });
    expect(second.json().data.method.label).toBe('Visa •••• 3220');
    const sepa = await call(g, 'POST', 'payment/methods', {
      paytype: 'LS',
      sepa: { iban: 'DE89370400440532013000', holder: 'Test Guest' },
    });
    expect(sepa.json().data.method.label).toBe('DE89 •••• 3000');
    const methods = (await call(g, 'GET', 'payment/methods')).json().data.methods;
    expect(methods.map((m: { label: string }) => m.label).sort()).toEqual([
      'DE89 •••• 3000',
      'Visa •••• 3220',
    ]);
  });

  it('canOneClick is true only for a logged-in guest with one-click on and a stored method; chargeOneClick charges it', async () => {
    const visitor = await call(null, 'GET', 'payment/canOneClick');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data.canOneClick).toBe(false);
    const g = await guest();
    expect((await call(g, 'GET', 'payment/canOneClick')).json().data.canOneClick).toBe(false);
    const refused = await call(g, 'POST', 'payment/chargeOneClick', {
      idempotencyKey: key(),
      amountCents: 1000,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ONE_CLICK_NOT_AVAILABLE');
    await call(g, 'POST', 'payment/methods', { paytype: 'CC', card: CARD });
    expect((await call(g, 'GET', 'payment/canOneClick')).json().data.canOneClick).toBe(false);
    await call(g, 'POST', 'payment/settings', { oneClickEnabled: true });
    const config = (await call(g, 'GET', 'payment/canOneClick')).json().data;
    expect(config).toMatchObject({
      canOneClick: true,
      config: { paytype: 'CC', methodLabel: 'Visa •••• 4242' },
      isPaying: false,
    });
    expect(config.amounts.length).toBeGreaterThan(0);
    const body = { idempotencyKey: key('oneclick'), amountCents: 2000, channelId: 'c1' };
    const first = await call(g, 'POST', 'payment/chargeOneClick', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.charge).toMatchObject({
      flow: 'oneclick',
      status: 'succeeded',
      balanceCents: 2000,
    });
    const again = await call(g, 'POST', 'payment/chargeOneClick', body);
    expect(again.json().data.charge.id).toBe(first.json().data.charge.id);
    expect(await balance(g)).toBe(2000);
    expect((await call(g, 'GET', 'payment/canOneClick')).json().data.isPaying).toBe(true);
    expect((await call(null, 'POST', 'payment/chargeOneClick', body)).statusCode).toBe(401);
  });
});

describe('settings, auto-recharge config and the teaser state', () => {
  it('GET payment/settings has presets, bounds, the trial and the defaults; POST validates', async () => {
    const g = await guest();
    const settings = (await call(g, 'GET', 'payment/settings')).json().data;
    expect(settings).toMatchObject({
      oneClickEnabled: false,
      autoRecharge: { enabled: false },
      monthlyLimitCents: null,
      monthToDateCents: 0,
      trial: { available: true },
      methods: [],
    });
    const bad = await call(g, 'POST', 'payment/settings', {
      autoRecharge: { enabled: true, thresholdCents: 500, amountCents: 100 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('AMOUNT_OUT_OF_RANGE');
    const ok = await call(g, 'POST', 'payment/settings', {
      autoRecharge: { enabled: true, thresholdCents: 1000, amountCents: 2000 },
    });
    expect(ok.json().data.autoRecharge).toEqual({ enabled: true, thresholdCents: 1000, amountCents: 2000 });
    expect((await call(null, 'GET', 'payment/settings')).statusCode).toBe(401);
  });

  it('guest/autoRechargeTeaserState stores the mode (spec 7)', async () => {
    const g = await guest();
    const ok = await call(g, 'POST', 'guest/autoRechargeTeaserState', { mode: 'dismissed' });
    expect(ok.statusCode).toBe(200);
    expect(
      await count(
        sql`select count(*)::int as n from wallet_settings where guest_id = ${g.id} and auto_recharge_teaser_mode = 'dismissed'`,
      ),
    ).toBe(1);
    expect((await call(g, 'POST', 'guest/autoRechargeTeaserState', { mode: '<b>' })).statusCode).toBe(400);
    expect((await call(null, 'POST', 'guest/autoRechargeTeaserState', { mode: 'x' })).statusCode).toBe(401);
  });
});

describe('flow trialmoneycharge, carrier billing, voice and restricted guests', () => {
  it('the trial charge is the fixed amount, once, for a guest who never paid', async () => {
    const g = await guest();
    const settings = (await call(g, 'GET', 'payment/settings')).json().data;
    const wrong = await charge(g, { flow: 'trialmoneycharge', amountCents: 1000, card: CARD });
    expect(wrong.json().error.code).toBe('INVALID_AMOUNT');
    const trial = await chargeOk(g, {
      flow: 'trialmoneycharge',
      amountCents: settings.trial.amountCents,
      card: CARD,
    });
    expect(trial.status).toBe('succeeded');
    const twice = await charge(g, {
      flow: 'trialmoneycharge',
      amountCents: settings.trial.amountCents,
      card: CARD,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('TRIAL_NOT_AVAILABLE');
    expect((await call(g, 'GET', 'payment/settings')).json().data.trial.available).toBe(false);
    const payer = await guest();
    await chargeOk(payer, { amountCents: 1000, card: CARD });
    const late = await charge(payer, {
      flow: 'trialmoneycharge',
      amountCents: settings.trial.amountCents,
      card: CARD,
    });
    expect(late.json().error.code).toBe('TRIAL_NOT_AVAILABLE');
  });

  it('carrier: requires the SMS code; a wrong code is WRONG_CODE, 123456 credits', async () => {
    const g = await guest();
    const result = await chargeOk(g, {
      flow: 'carrier',
      paytype: 'carrier',
      amountCents: 1000,
      carrier: { msisdn: '+4915100000001' },
    });
    expect(result.status).toBe('requires_action');
    expect(result.nextAction.type).toBe('sms');
    expect(result.nextAction.msisdn).not.toContain('0000000');
    const wrong = await call(g, 'POST', `payment/charges/${result.id}/confirm`, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WRONG_CODE');
    const right = await call(g, 'POST', `payment/charges/${result.id}/confirm`, { code: '123456' });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.charge).toMatchObject({ status: 'succeeded', balanceCents: 1000 });
    expect(await balance(g)).toBe(1000);
    const after = await call(g, 'POST', `payment/charges/${result.id}/confirm`, { code: '123456' });
    expect(after.statusCode).toBe(409);
    expect(await balance(g)).toBe(1000);
  });

  it('carrier: three wrong codes fail the charge', async () => {
    const g = await guest();
    const result = await chargeOk(g, {
      flow: 'carrier',
      paytype: 'carrier',
      amountCents: 1000,
      carrier: { msisdn: '+4915100000002' },
    });
    for (let i = 0; i < 3; i++) {
      const wrong = await call(g, 'POST', `payment/charges/${result.id}/confirm`, { code: '111111' });
      expect(wrong.json().error.code).toBe('WRONG_CODE');
    }
    expect(await chargeOf(g, result.id)).toMatchObject({
      status: 'failed',
      declineCode: 'too_many_attempts',
    });
    expect(
      (await call(g, 'POST', `payment/charges/${result.id}/confirm`, { code: '123456' })).statusCode,
    ).toBe(409);
    expect(await balance(g)).toBe(0);
  });

  it('voice: a charge with paytype Voice succeeds in the sandbox', async () => {
    const g = await guest();
    const result = await chargeOk(g, { flow: 'voice', paytype: 'Voice', amountCents: 1000 });
    expect(result).toMatchObject({ status: 'succeeded', paytype: 'Voice' });
    expect(await balance(g)).toBe(1000);
  });

  it('spec 5: a restricted guest opening a charge gets RESTRICTED; flow opcompensation is allowed', async () => {
    const g = await guest();
    await database.db.update(guests).set({ restricted: true }).where(eq(guests.id, g.id));
    const refused = await charge(g, { amountCents: 1000, card: CARD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('RESTRICTED');
    expect(refused.json().error.message).toContain('opcompensation');
    expect(await chargesOfGuest(g)).toBe(0);
    const compensation = await chargeOk(g, { flow: 'opcompensation', amountCents: 1000, card: CARD });
    expect(compensation.status).toBe('succeeded');
    expect((await call(g, 'GET', 'payment/canOneClick')).json().data.canOneClick).toBe(false);
  });
});

describe('rate limit and the operator view', () => {
  it('charge creation is rate-limited per guest (429 with Retry-After); a retry with a known key still answers', async () => {
    const g = await guest();
    const firstKey = key('first');
    const first = await charge(g, { idempotencyKey: firstKey, amountCents: 1000, card: card(DECLINED) });
    expect(first.statusCode).toBe(200);
    // 30 new charges per fixed 10-minute window: within 61 attempts one window is used up, even
    // when the attempts straddle a window boundary.
    let limited: Awaited<ReturnType<typeof charge>> | undefined;
    let accepted = 1;
    for (let i = 0; i < 60 && !limited; i++) {
      const response = await charge(g, { amountCents: 1000, card: card(DECLINED) });
      if (response.statusCode === 429) limited = response;
      else {
        expect(response.statusCode).toBe(200);
        accepted++;
      }
    }
    expect(limited?.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThanOrEqual(30);
    expect(await chargesOfGuest(g)).toBe(accepted);
    const retry = await charge(g, { idempotencyKey: firstKey, amountCents: 1000, card: card(DECLINED) });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.charge.id).toBe(first.json().data.charge.id);
  });

  it('operators list a guest charges under /internal', async () => {
    const g = await guest();
    await chargeOk(g, { amountCents: 1000, card: CARD });
    const response = await app.inject({
      method: 'GET',
      url: `/rest/v1/internal/payments/charges?guestId=${g.id}`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-internal-token': ENV.INTERNAL_API_TOKEN },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.charges).toHaveLength(1);
    const guestCall = await call(g, 'GET', `internal/payments/charges?guestId=${g.id}`);
    expect(guestCall.statusCode).not.toBe(200);
  });
});

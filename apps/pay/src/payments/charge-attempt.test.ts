import type { Charge } from '@vela/contracts/payment-api';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, NETWORK_ERROR } from '../api.ts';
import { AttemptKeys, newIdempotencyKey, outcomeOf, pollUntilFinal, sendAttempt } from './charge-attempt.ts';
import { createPaymentApi } from './payment-api.ts';

const ORIGIN = 'https://vela.test';

function charge(patch: Partial<Charge> = {}): Charge {
  return {
    id: 'ch_1',
    flow: 'moneycharge',
    paytype: 'CC',
    amountCents: 2000,
    status: 'succeeded',
    declineCode: null,
    nextAction: null,
    balanceCents: 2000,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...patch,
  };
}

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const fail = (status: number, code: string) =>
  new Response(JSON.stringify({ success: false, error: { code, message: code } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The real dialog REST client over a scripted fetch: each call takes the next answer (or throws it). */
function paymentsWith(answers: (Response | Error)[]) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  const api = createApi({ publicOrigin: ORIGIN, language: () => 'en', accessToken: () => 'acc', fetch });
  const bodies = () => fetch.mock.calls.map(([, init]) => (init.body ? JSON.parse(String(init.body)) : null));
  const urls = () => fetch.mock.calls.map(([url]) => url);
  return { payments: createPaymentApi(api), fetch, bodies, urls };
}

const noSleep = async (_ms: number) => {};
const request = { flow: 'moneycharge' as const, paytype: 'CC' as const, amountCents: 2000 };

describe('charge attempt: one idempotency key per attempt (issue 4: same key -> same result, once)', () => {
  it('posts payment/charges with the key and reads { charge }', async () => {
    const { payments, bodies, urls } = paymentsWith([ok({ charge: charge() })]);
    const keys = new AttemptKeys(() => 'key-1');
    const result = await sendAttempt(keys, request, (idempotencyKey) =>
      payments.charge({ ...request, idempotencyKey }),
    );
    expect(result.status).toBe('succeeded');
    expect(urls()).toEqual([`${ORIGIN}/rest/v1/payment/charges?lang=en`]);
    expect(bodies()).toEqual([{ ...request, idempotencyKey: 'key-1' }]);
  });

  it('retries a network failure automatically with the SAME key, so a lost answer never charges twice', async () => {
    const { payments, bodies } = paymentsWith([
      new TypeError('Failed to fetch'),
      fail(502, 'BAD_GATEWAY'),
      ok({ charge: charge() }),
    ]);
    let n = 0;
    const keys = new AttemptKeys(() => `key-${++n}`);
    const sleep = vi.fn(noSleep);
    await sendAttempt(keys, request, (idempotencyKey) => payments.charge({ ...request, idempotencyKey }), {
      sleep,
    });
    expect(bodies().map((b) => b.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
  });

  it('when the retries run out the attempt stays open: "Try again" reuses its key; a changed request gets a new one', async () => {
    const network = () => new TypeError('offline');
    const { payments, bodies } = paymentsWith([
      network(),
      network(),
      network(),
      ok({ charge: charge() }),
      ok({ charge: charge() }),
    ]);
    let n = 0;
    const keys = new AttemptKeys(() => `key-${++n}`);
    const send = (body: typeof request) => (idempotencyKey: string) =>
      payments.charge({ ...body, idempotencyKey });
    await expect(sendAttempt(keys, request, send(request), { sleep: noSleep })).rejects.toMatchObject({
      code: NETWORK_ERROR,
    });
    expect(keys.openKey).toBe('key-1');
    await sendAttempt(keys, request, send(request), { sleep: noSleep });
    expect(keys.openKey).toBeNull();
    const other = { ...request, amountCents: 5000 };
    await sendAttempt(keys, other, send(other), { sleep: noSleep });
    expect(bodies().map((b) => b.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-2']);
  });

  it('a refusal (4xx) is definitive: no automatic retry, and the next submit is a new attempt with a new key', async () => {
    const { payments, bodies } = paymentsWith([fail(409, 'LIMIT_EXCEEDED'), ok({ charge: charge() })]);
    let n = 0;
    const keys = new AttemptKeys(() => `key-${++n}`);
    const send = (idempotencyKey: string) => payments.charge({ ...request, idempotencyKey });
    const error = await sendAttempt(keys, request, send, { sleep: noSleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('LIMIT_EXCEEDED');
    await sendAttempt(keys, request, send, { sleep: noSleep });
    expect(bodies().map((b) => b.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('keys are random UUID v4, also where crypto.randomUUID is missing (no secure context)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const fallback = { getRandomValues: (array: Uint8Array) => globalThis.crypto.getRandomValues(array) };
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey(fallback)));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(uuid);
    expect(newIdempotencyKey()).toMatch(uuid);
  });

  it('an answer that is not the contract is never taken as a charge', async () => {
    const { payments } = paymentsWith([ok({ charge: { id: 'x', status: 'paid' } })]);
    await expect(payments.charge({ ...request, idempotencyKey: 'k-12345678' })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });
});

describe('charge outcome and polling (3-D Secure, SEPA pending: ask every second until final)', () => {
  it('maps statuses to what the dialog shows', () => {
    expect(
      outcomeOf(charge({ status: 'requires_action', nextAction: { type: '3ds', url: 'https://bank/x' } })),
    ).toEqual({
      kind: 'action3ds',
      url: 'https://bank/x',
    });
    expect(
      outcomeOf(charge({ status: 'requires_action', nextAction: { type: 'sms', msisdn: '+4915100000001' } })),
    ).toEqual({
      kind: 'sms',
      msisdn: '+4915100000001',
    });
    expect(outcomeOf(charge({ status: 'pending' }))).toEqual({ kind: 'pending' });
    expect(outcomeOf(charge({ status: 'declined', declineCode: 'card_declined' }))).toEqual({
      kind: 'declined',
      declineCode: 'card_declined',
    });
  });

  it('polls GET payment/charges/:id every second (a failed read is tried again) until the charge is final', async () => {
    const pending = charge({ status: 'pending', paytype: 'LS', balanceCents: null });
    const { payments, urls } = paymentsWith([
      ok({ charge: pending }),
      new TypeError('offline'),
      ok({ charge: pending }),
      ok({ charge: charge({ paytype: 'LS' }) }),
    ]);
    const sleep = vi.fn(noSleep);
    const updates: string[] = [];
    const final = await pollUntilFinal(payments.getCharge, 'ch_1', {
      signal: new AbortController().signal,
      sleep,
      onUpdate: (c) => updates.push(c.status),
    });
    expect(final?.status).toBe('succeeded');
    expect(updates).toEqual(['pending', 'succeeded']);
    expect(sleep.mock.calls.every(([ms]) => ms === 1000)).toBe(true);
    expect(urls().every((url) => url === `${ORIGIN}/rest/v1/payment/charges/ch_1?lang=en`)).toBe(true);
  });

  it('stops polling when the dialog closes (abort)', async () => {
    const controller = new AbortController();
    const getCharge = vi.fn(async () => {
      controller.abort();
      return charge({ status: 'pending' });
    });
    expect(
      await pollUntilFinal(getCharge, 'ch_1', { signal: controller.signal, sleep: noSleep }),
    ).toBeUndefined();
    expect(getCharge).toHaveBeenCalledTimes(1);
  });
});

describe('payment calls of the dialog (contract payment-api.ts)', () => {
  it('confirms a carrier charge with its SMS code, reads settings, methods and one-click, charges one-click', async () => {
    const settings = {
      oneClickEnabled: true,
      autoRecharge: { enabled: false, thresholdCents: 500, amountCents: 2000 },
      monthlyLimitCents: null,
      monthToDateCents: 0,
      amountsCents: [1000, 2000],
      autoRechargeAmountsCents: [1000],
      minChargeCents: 500,
      maxChargeCents: 100_000,
      trial: { available: true, amountCents: 100 },
      methods: [],
    };
    const oneClick = {
      canOneClick: true,
      config: { paytype: 'CC', methodLabel: 'Visa •••• 4242' },
      amounts: [1000],
      autoRechargeConfig: { enabled: false, thresholdCents: 0 },
      autoRechargeAmount: 1000,
      isPaying: true,
    };
    const { payments, bodies, urls } = paymentsWith([
      ok({ charge: charge({ paytype: 'carrier' }) }),
      ok(settings),
      ok({ methods: [{ id: 'm1', paytype: 'CC', label: 'Visa •••• 4242', createdAt: 'x' }] }),
      ok(oneClick),
      ok({ charge: charge() }),
      ok({ settings: { ...settings, monthlyLimitCents: 5000 } }),
    ]);
    expect((await payments.confirmCharge('ch/1', '123456')).paytype).toBe('carrier');
    expect((await payments.settings()).trial.amountCents).toBe(100);
    expect((await payments.methods())[0]?.label).toBe('Visa •••• 4242');
    expect((await payments.canOneClick()).config.methodLabel).toBe('Visa •••• 4242');
    await payments.chargeOneClick({ idempotencyKey: 'k-12345678', amountCents: 1000 });
    expect((await payments.updateSettings({ monthlyLimitCents: 5000 })).monthlyLimitCents).toBe(5000);
    expect(urls().map((u) => new URL(u).pathname)).toEqual([
      '/rest/v1/payment/charges/ch%2F1/confirm',
      '/rest/v1/payment/settings',
      '/rest/v1/payment/methods',
      '/rest/v1/payment/canOneClick',
      '/rest/v1/payment/chargeOneClick',
      '/rest/v1/payment/settings',
    ]);
    expect(bodies()).toEqual([
      { code: '123456' },
      null,
      null,
      null,
      { idempotencyKey: 'k-12345678', amountCents: 1000 },
      { monthlyLimitCents: 5000 },
    ]);
  });
});

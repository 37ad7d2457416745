/**
 * Abandoned charges (issue 4): a 3-D Secure or carrier charge the guest never finishes is failed
 * `expired` after 30 minutes, so it stops counting against the monthly limit (flow limit).
 * (Pending SEPA debits are left to their settlement.) The job runs when the module starts; here
 * a second node starts with a clock 29, then 31 minutes ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgeGate } from '../src/http/age-gate.ts';
import { createLogger } from '../src/http/logging.ts';
import { InProcessBus } from '../src/infra/bus.ts';
import { createGuestAuth } from '../src/modules/guests/auth.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { createPaymentsModule } from '../src/modules/payments/payments.module.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { nextIp, restAs, type SignedUp, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.43';
const CARD = { number: '4000000000003220', expMonth: 12, expYear: 2031, cvc: '123', holder: 'Test Guest' };

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({
    env: { PAYMENT_WEBHOOK_SECRET: 'expiry-test-secret-0123456789abcdef-xyz' },
  });
}, 120_000);

afterAll(async () => {
  await harness.close();
});

function call(g: SignedUp, method: 'GET' | 'POST', url: string, payload?: object) {
  return restAs(harness.app, NET, g, method, url, payload);
}

async function startNodeWithClockAhead(minutes: number): Promise<() => Promise<void>> {
  const db = harness.database.db;
  const guests = createGuestsRepository(db);
  const auth = createGuestAuth({ repository: guests, secret: 'y'.repeat(40), secureCookies: false });
  const bus = new InProcessBus();
  const module = createPaymentsModule(
    {
      db,
      bus,
      wallet: createWalletService({ db, bus }),
      guests,
      auth,
      ageGate: createAgeGate({ db, auth, guests }),
      config: harness.config,
      log: createLogger('silent'),
    },
    { now: () => new Date(Date.now() + minutes * 60_000), expiryIntervalMs: 0 },
  );
  await module.start?.();
  return async () => {
    await module.stop?.();
    await bus.close();
  };
}

describe('abandoned charges expire', () => {
  it('an unfinished 3-D Secure or carrier charge fails expired after 30 minutes and frees the monthly limit', async () => {
    const g = await signUp(harness.app, `abandoner${Math.random().toString(36).slice(2, 8)}`, {
      ip: nextIp(NET),
    });
    await call(g, 'POST', 'payment/settings', { monthlyLimitCents: 3000 });
    const threeDs = await call(g, 'POST', 'payment/charges', {
      idempotencyKey: 'abandoned-3ds-1',
      flow: 'moneycharge',
      paytype: 'CC',
      amountCents: 2000,
      card: CARD,
    });
    expect(threeDs.json().data.charge.status).toBe('requires_action');
    const carrier = await call(g, 'POST', 'payment/charges', {
      idempotencyKey: 'abandoned-sms-1',
      flow: 'carrier',
      paytype: 'carrier',
      amountCents: 1000,
      carrier: { msisdn: '+4915100000003' },
    });
    expect(carrier.json().data.charge.status).toBe('requires_action');
    // The open charges use the limit up.
    const blocked = await call(g, 'POST', 'payment/charges', {
      idempotencyKey: 'abandoned-next-1',
      flow: 'moneycharge',
      paytype: 'CC',
      amountCents: 1000,
      card: { ...CARD, number: '4242424242424242' },
    });
    expect(blocked.json().error.code).toBe('LIMIT_EXCEEDED');

    // Not yet: 29 minutes later nothing expires.
    await (await startNodeWithClockAhead(29))();
    const read = async (id: string) => (await call(g, 'GET', `payment/charges/${id}`)).json().data.charge;
    expect((await read(threeDs.json().data.charge.id)).status).toBe('requires_action');

    await (await startNodeWithClockAhead(31))();
    expect(await read(threeDs.json().data.charge.id)).toMatchObject({
      status: 'failed',
      declineCode: 'expired',
    });
    expect(await read(carrier.json().data.charge.id)).toMatchObject({
      status: 'failed',
      declineCode: 'expired',
    });
    const now = await call(g, 'POST', 'payment/charges', {
      idempotencyKey: 'abandoned-next-2',
      flow: 'moneycharge',
      paytype: 'CC',
      amountCents: 1000,
      card: { ...CARD, number: '4242424242424242' },
    });
    expect(now.json().data.charge.status).toBe('succeeded');
  });
});

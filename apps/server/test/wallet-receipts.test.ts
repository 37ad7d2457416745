/**
 * Receipts of the guest's wallet movements (issue 4 deliverable 1: "Guests see their full
 * transaction history with receipts"): `GET /rest/v1/guest/transactions/:transferId/receipt`
 * answers the caller's own movement only, and the history rows carry a safe part of the transfer's
 * reference. Real HTTP against PGlite, or PostgreSQL when DATABASE_URL is set.
 */
import { testBackend } from '@vela/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet.service.ts';
import { keyMaker, nextIp, type SignedUp, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.44.x.y), apart from the other test files. */
const NET = '10.44';

let harness: TestApp;
let wallet: WalletService;
const newKey = keyMaker();

const guest = (name: string): Promise<SignedUp> => signUp(harness.app, name, { ip: nextIp(NET) });

const receipt = (transferId: number | string, headers: Record<string, string> = {}) =>
  harness.app.inject({
    method: 'GET',
    url: `/rest/v1/guest/transactions/${transferId}/receipt`,
    headers,
  });

beforeAll(async () => {
  harness = await createTestApp();
  wallet = createWalletService({ db: harness.database.db });
});

afterAll(async () => {
  await harness?.close();
});

describe(`wallet receipts (${testBackend})`, () => {
  it('a receipt shows receipt number, date, kind, amount in cents and coins (rounded up, like a price) and balance after (coins rounded down, like a balance), no-store', async () => {
    const erin = await guest('Receipt_Erin');
    const topUp = await wallet.topUp(erin.id, 1_010, newKey('erin-top-up'), {
      chargeId: 'ch_secret_1',
      flow: 'moneycharge',
      paytype: 'CC',
    });
    const response = await receipt(topUp.transferId, { cookie: erin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json().data;
    expect(data).toMatchObject({
      transferId: String(topUp.transferId),
      receiptNumber: `R-${String(topUp.transferId).padStart(8, '0')}`,
      kind: 'top-up',
      amountCents: 1_010,
      amountCoins: 41,
      balanceAfterCents: 1_010,
      balanceAfterCoins: 40,
      currency: 'EUR',
      reference: { paytype: 'CC', flow: 'moneycharge' },
    });
    expect(new Date(data.date).toISOString()).toBe(data.date);
    // The charge id and the guest id of the reference stay on the server.
    expect(JSON.stringify(data)).not.toContain('ch_secret_1');
    expect(data.reference).not.toHaveProperty('guestId');
    expect(data.reference).not.toHaveProperty('chargeId');

    // The same receipt every time it is asked for (a stable number for printing).
    const again = await receipt(topUp.transferId, { authorization: `Bearer ${erin.accessToken}` });
    expect(again.json().data).toEqual(data);
  });

  it('a purchase receipt is signed negative with the item, and the history rows carry the same detail', async () => {
    const finn = await guest('Receipt_Finn');
    await wallet.topUp(finn.id, 2_000, newKey('finn-top-up'), { paytype: 'LS' });
    const buy = await wallet.purchase(finn.id, 299, newKey('finn-buy'), {
      performerId: 77,
      reference: { albumId: 4_242 },
    });
    const response = await receipt(buy.transferId, { cookie: finn.cookie });
    expect(response.json().data).toMatchObject({
      kind: 'purchase',
      amountCents: -299,
      amountCoins: -12,
      balanceAfterCents: 1_701,
      balanceAfterCoins: 68,
      reference: { itemType: 'album', itemId: '4242', performerId: '77' },
    });

    const history = await harness.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/transactions',
      headers: { cookie: finn.cookie },
    });
    expect(history.json().data.transactions).toMatchObject([
      { transferId: String(buy.transferId), reference: { itemType: 'album', itemId: '4242' } },
      { kind: 'top-up', reference: { paytype: 'LS' } },
    ]);

    // A refund is a new movement with its own receipt naming the refunded transfer.
    const refund = await wallet.refund(buy.transferId, newKey('finn-refund'));
    const refunded = await receipt(refund.transferId, { cookie: finn.cookie });
    expect(refunded.json().data).toMatchObject({
      kind: 'refund',
      amountCents: 299,
      balanceAfterCents: 2_000,
      reference: { refundOf: String(buy.transferId) },
    });
  });

  it("another guest's receipt answers 404 exactly like a missing one; visitors get 401; a bad id 400", async () => {
    const gina = await guest('Receipt_Gina');
    const hugo = await guest('Receipt_Hugo');
    const ginaTopUp = await wallet.topUp(gina.id, 500, newKey('gina-top-up'));

    const foreign = await receipt(ginaTopUp.transferId, { cookie: hugo.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, error: { code: 'TRANSACTION_NOT_FOUND' } });
    const missing = await receipt(ginaTopUp.transferId + 100_000, { cookie: hugo.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual(foreign.json().error);

    // Hugo gets a wallet of his own: Gina's transfer is still not his.
    await wallet.topUp(hugo.id, 100, newKey('hugo-top-up'));
    expect((await receipt(ginaTopUp.transferId, { cookie: hugo.cookie })).statusCode).toBe(404);

    const visitor = await receipt(ginaTopUp.transferId);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, error: { code: 'NOT_LOGGED_IN' } });

    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const response = await receipt(bad, { cookie: gina.cookie });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });
});

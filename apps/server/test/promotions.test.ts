/**
 * Vouchers, bonus codes, item purchases and the operator API (issue 4 deliverables 5 and 6) through
 * HTTP against a real database (PGlite, or PostgreSQL when DATABASE_URL is set), with the bus events
 * of spec 7 (guestVouchers, bonusCodeRedeemed).
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { DEMO_BONUS_CODES, seedBonusCodes } from '@vela/db/seed/bonus-codes';
import { testBackend } from '@vela/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InProcessBus } from '../src/infra/bus.ts';
import { albumForSale } from '../src/modules/gallery/gallery.repository.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { createPaymentsRepository } from '../src/modules/payments/payments.repository.ts';
import { createPromotionsService } from '../src/modules/promotions/promotions.service.ts';
import { videoForSale } from '../src/modules/videos/videos.repository.ts';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet.service.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { failInsertsWhen } from './failing-trigger.ts';
import { nextIp, operatorOf, type SignedUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.43.x.y). */
const NET = '10.43';
const TOKEN = 'promotions-test-token-abcdefghijkl';
const operator = operatorOf(TOKEN);

let t: TestApp;
let app: FastifyInstance;
let database: TestApp['database'];
let bus: InProcessBus;
let wallet: WalletService;
let make: Factories;
let counter = 0;
const unique = (label: string) => `${label}${++counter}${Math.random().toString(36).slice(2, 6)}`;
const key = (label: string) => `${label}-${unique('k')}-key`;

function call(g: SignedUp | null, method: 'GET' | 'POST', url: string, payload?: object, ip = nextIp(NET)) {
  return app.inject({
    method,
    url: `/rest/v1/${url}`,
    remoteAddress: ip,
    headers: g ? { authorization: `Bearer ${g.accessToken}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ value: string | number }>(database.db, query);
  return Number(row?.value);
}

/** A priced, non-free item of the seeded catalogue with age rating 16 (skipping `skip`). */
async function itemOf(
  type: 'video' | 'album',
  skip = 0,
  anyAge = false,
): Promise<{ id: number; price: number; actorId: number }> {
  const rows =
    type === 'video'
      ? await queryRows<{ id: number; price: number; actor_id: number }>(
          database.db,
          sql`select id, price_cents as price, actor_id from videos where not free and price_cents > 0 and age_rating = 16 order by id offset ${skip} limit 1`,
        )
      : await queryRows<{ id: number; price: number; actor_id: number }>(
          database.db,
          sql`select a.id, a.price_cents as price, a.actor_id from albums a where a.price_cents > 0
            and (${anyAge} or not exists (select 1 from pictures p where p.album_id = a.id and p.age_rating = 18))
            order by a.id offset ${skip} limit 1`,
        );
  const row = rows[0];
  if (!row) throw new Error(`no ${type} in the seed`);
  return { id: Number(row.id), price: Number(row.price), actorId: Number(row.actor_id) };
}

async function createCode(body: object) {
  const response = await operator(app, 'POST', 'bonus-codes', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function balanceOf(g: SignedUp): Promise<number> {
  const response = await call(g, 'GET', 'guest/getGuestBalance');
  return response.json().data.balanceCents;
}

/**
 * Waits until every event published on the guest's channel so far has arrived: the bus delivers in
 * publish order, so once a marker published now arrives, every earlier event has (no sleep).
 */
async function flush(guestId: number, events: { type: string }[]): Promise<void> {
  const mark = { type: 'test-mark' };
  await bus.publish(`guest:${guestId}`, mark);
  await vi.waitFor(() => expect(events.at(-1)).toEqual(mark), { timeout: 5_000 });
  events.pop();
}

beforeAll(async () => {
  t = await createTestApp({ env: { INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1' } });
  ({ app, database, bus } = t);
  await app.ready();
  wallet = createWalletService({ db: database.db });
  make = factoriesOf({ app, database }, { net: NET });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe(`vouchers (spec 3 types 1-10; ${testBackend})`, () => {
  it('visitors get 401 on every guest call', async () => {
    for (const [method, url] of [
      ['GET', 'guest/vouchers'],
      ['GET', 'guest/purchases'],
      ['GET', 'guest/benefits'],
      ['GET', 'bonuscode/check/WELCOME'],
      ['POST', 'guest/redeemBonus'],
      ['POST', 'video/1/buy'],
    ] as const) {
      const response = await call(null, method, url, method === 'POST' ? { code: 'X' } : undefined);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('an operator grants vouchers; Guest.vouchers lists (type, amount, actorId) and spec 9 counts sum by type for the performer or any performer; guestVouchers is published', async () => {
    const g = await make.buildGuest();
    const events: { type: string }[] = [];
    const stop = await bus.subscribe(`guest:${g.id}`, (event) => {
      events.push(event as { type: string });
    });
    const { actorId } = await itemOf('video');
    const grants = [
      { type: 1, amount: 2, actorId },
      { type: 1, amount: 3, actorId: null },
      { type: 4, amount: 1, actorId: null },
    ];
    for (const grant of grants) {
      const response = await operator(app, 'POST', `guests/${g.id}/vouchers`, {
        idempotencyKey: key('grant'),
        ...grant,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    // The same key grants once.
    const grantKey = key('grant-once');
    const first = await operator(app, 'POST', `guests/${g.id}/vouchers`, {
      idempotencyKey: grantKey,
      type: 10,
      amount: 5,
    });
    const again = await operator(app, 'POST', `guests/${g.id}/vouchers`, {
      idempotencyKey: grantKey,
      type: 10,
      amount: 5,
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.replayed).toBe(true);

    const all = (await call(g, 'GET', 'guest/vouchers')).json().data;
    expect(all.vouchers).toEqual([
      { type: 1, typeName: 'video', amount: 3, actorId: null },
      { type: 1, typeName: 'video', amount: 2, actorId: String(actorId) },
      { type: 4, typeName: 'photoAlbum', amount: 1, actorId: null },
      { type: 10, typeName: 'spins', amount: 5, actorId: null },
    ]);
    expect(all.counts['1']).toBe(5);
    const forOther = (await call(g, 'GET', `guest/vouchers?actorId=${actorId + 1}`)).json().data;
    expect(forOther.counts['1']).toBe(3);
    expect(forOther.counts['4']).toBe(1);
    await flush(g.id, events);
    await stop();
    expect(events.filter((e) => e.type === 'guestVouchers')).toHaveLength(4);
  });

  it('operator grants are validated: unknown guest 404, type 11 or amount 0 400, nothing written', async () => {
    const g = await make.buildGuest();
    expect(
      (
        await operator(app, 'POST', 'guests/999999999/vouchers', {
          idempotencyKey: key('x'),
          type: 1,
          amount: 1,
        })
      ).statusCode,
    ).toBe(404);
    for (const bad of [
      { idempotencyKey: key('x'), type: 11, amount: 1 },
      { idempotencyKey: key('x'), type: 1, amount: 0 },
      { type: 1, amount: 1 },
    ]) {
      const response = await operator(app, 'POST', `guests/${g.id}/vouchers`, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(g, 'GET', 'guest/vouchers')).json().data.vouchers).toEqual([]);
  });
});

describe(`item purchases (spec 7 album/{albumId}/buy; ${testBackend})`, () => {
  it('a matching voucher is consumed first: no money moves, the voucher goes down by one; buying again changes nothing', async () => {
    const g = await make.buildGuest({ balanceCents: 5_000 });
    const video = await itemOf('video');
    await operator(app, 'POST', `guests/${g.id}/vouchers`, { idempotencyKey: key('g'), type: 1, amount: 1 });
    const response = await call(g, 'POST', `video/${video.id}/buy`, { idempotencyKey: key('buy') });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ success: true, alreadyBought: false, guestBalanceCents: 5_000 });
    expect(data.purchase).toMatchObject({ itemType: 'video', itemId: String(video.id), paidWith: 'voucher' });
    expect((await call(g, 'GET', 'guest/vouchers')).json().data.vouchers).toEqual([]);
    const again = await call(g, 'POST', `video/${video.id}/buy`, { idempotencyKey: key('buy') });
    expect(again.json().data).toMatchObject({ alreadyBought: true, guestBalanceCents: 5_000 });
    expect(await balanceOf(g)).toBe(5_000);
  });

  it('without a voucher the wallet pays with the performer split; the answer carries guestBalance and guestBalanceFormatted', async () => {
    const g = await make.buildGuest({ balanceCents: 10_000 });
    const album = await itemOf('album');
    const response = await call(g, 'POST', `album/${album.id}/buy`, { idempotencyKey: key('buy') });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.success).toBe(true);
    expect(data.guestBalanceCents).toBe(10_000 - album.price);
    expect(typeof data.guestBalance).toBe('number');
    expect(typeof data.guestBalanceFormatted).toBe('string');
    expect(data.purchase.paidWith).toBe('wallet');
    expect(
      await scalar(
        sql`select count(*)::int as value from ledger_entries e join ledger_accounts a on a.id = e.account_id
          join purchases p on p.transfer_id = e.transfer_id
          where p.guest_id = ${g.id} and a.kind = 'performer-earnings' and a.owner_ref = ${String(album.actorId)}`,
      ),
    ).toBe(1);
    const purchases = (await call(g, 'GET', 'guest/purchases')).json().data.purchases;
    expect(purchases).toHaveLength(1);
    const other = await make.buildGuest();
    expect((await call(other, 'GET', 'guest/purchases')).json().data.purchases).toEqual([]);
  });

  it('not enough money -> 402 NOT_ENOUGH_MONEY and nothing is written', async () => {
    const video = await itemOf('video', 1);
    const g = await make.buildGuest({ balanceCents: video.price - 1 });
    const response = await call(g, 'POST', `video/${video.id}/buy`, { idempotencyKey: key('buy') });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.code).toBe('NOT_ENOUGH_MONEY');
    expect(await balanceOf(g)).toBe(video.price - 1);
    expect(await scalar(sql`select count(*)::int as value from purchases where guest_id = ${g.id}`)).toBe(0);
  });

  it('free items are refused, unknown items are 404, FSK-18 items need an accepted age check, a missing key is 400', async () => {
    const g = await make.buildGuest({ balanceCents: 10_000 });
    const [free] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from videos where free limit 1`,
    );
    if (free) {
      const response = await call(g, 'POST', `video/${free.id}/buy`, { idempotencyKey: key('buy') });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('ITEM_FREE');
    }
    expect((await call(g, 'POST', 'video/99999999/buy', { idempotencyKey: key('buy') })).statusCode).toBe(
      404,
    );
    const [adult] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from videos where not free and price_cents > 0 and age_rating = 18 limit 1`,
    );
    if (adult) {
      const response = await call(g, 'POST', `video/${adult.id}/buy`, { idempotencyKey: key('buy') });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('RESTRICTED');
    }
    expect((await call(g, 'POST', 'video/1/buy', {})).statusCode).toBe(400);
    expect(await balanceOf(g)).toBe(10_000);
  });

  it('20 parallel buys of one item (voucher or wallet, any client key): bought once, charged or consumed once', async () => {
    const g = await make.buildGuest({ balanceCents: 100_000 });
    // An age-verified guest (spec 6) may buy FSK-18 albums too.
    await database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${g.id}`);
    const album = await itemOf('album', 1, true);
    await operator(app, 'POST', `guests/${g.id}/vouchers`, { idempotencyKey: key('g'), type: 4, amount: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(g, 'POST', `album/${album.id}/buy`, { idempotencyKey: key('buy') }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => !r.json().data.alreadyBought)).toHaveLength(1);
    expect((await call(g, 'GET', 'guest/vouchers')).json().data.counts['4']).toBe(4);
    expect(await balanceOf(g)).toBe(100_000);

    const video = await itemOf('video', 2);
    const paid = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(g, 'POST', `video/${video.id}/buy`, { idempotencyKey: key('buy') }),
      ),
    );
    expect(paid.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await balanceOf(g)).toBe(100_000 - video.price);
    expect(await scalar(sql`select count(*)::int as value from purchases where guest_id = ${g.id}`)).toBe(2);
  });
});

describe(`a purchase is paid together with its row or not at all (issue 14; ${testBackend})`, () => {
  it('when recording the purchase fails after the charge, the charge rolls back: same balance, no transfer; a retry buys once', async () => {
    await database.db.execute(
      sql`create table if not exists test_failing_purchases (guest_id int primary key)`,
    );
    await failInsertsWhen(database.db, {
      name: 'test_fail_purchase',
      table: 'purchases',
      when: 'select 1 from test_failing_purchases f where f.guest_id = new.guest_id',
      message: 'injected purchase failure',
    });
    const g = await make.buildGuest({ balanceCents: 10_000 });
    await database.db.execute(sql`insert into test_failing_purchases (guest_id) values (${g.id})`);
    const video = await itemOf('video', 3);
    const transfers = () =>
      scalar(
        sql`select count(*)::int as value from ledger_transfers where idempotency_key = ${`purchase:${g.id}:video:${video.id}`}`,
      );
    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = await call(g, 'POST', `video/${video.id}/buy`, { idempotencyKey: key('buyf') });
      expect(failed.statusCode, failed.body).toBe(500);
      expect(await balanceOf(g)).toBe(10_000);
      expect(await transfers()).toBe(0);
      expect((await call(g, 'GET', 'guest/purchases')).json().data.purchases).toEqual([]);
    }
    await database.db.execute(sql`delete from test_failing_purchases where guest_id = ${g.id}`);
    const bought = await call(g, 'POST', `video/${video.id}/buy`, { idempotencyKey: key('buyf') });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({
      alreadyBought: false,
      guestBalanceCents: 10_000 - video.price,
    });
    const again = await call(g, 'POST', `video/${video.id}/buy`, { idempotencyKey: key('buyf') });
    expect(again.json().data).toMatchObject({ alreadyBought: true, guestBalanceCents: 10_000 - video.price });
    expect(await transfers()).toBe(1);
  });
});

describe(`bonus codes (spec 5 check before redeem, canRedeem; ${testBackend})`, () => {
  it('check returns success and reason; redeem credits coins from the promotions budget; a second redeem is refused', async () => {
    const g = await make.buildGuest();
    const code = unique('WELC').toUpperCase();
    await createCode({ code, reward: { kind: 'coins', cents: 500 }, maxRedemptions: 3 });
    const events: { type: string }[] = [];
    const stop = await bus.subscribe(`guest:${g.id}`, (event) => {
      events.push(event as { type: string });
    });

    const checked = (await call(g, 'GET', `bonuscode/check/${code.toLowerCase()}`)).json().data;
    expect(checked).toMatchObject({ success: true, reason: 'OK', canRedeem: true, code, oneTime: false });
    expect(checked.reward).toMatchObject({ kind: 'coins', rewardType: 'bonus', cents: 500, coins: 20 });

    const redeemed = await call(g, 'POST', 'guest/redeemBonus', { code: ` ${code.toLowerCase()} ` });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().data).toMatchObject({ success: true, creditedCents: 500, guestBalanceCents: 500 });
    expect(await balanceOf(g)).toBe(500);
    // The guest is notified (type 3, issue 6), once.
    expect(
      await scalar(
        sql`select count(*)::int as value from notifications where guest_id = ${g.id} and type = 3 and params->>'code' = ${code}`,
      ),
    ).toBe(1);

    const second = await call(g, 'POST', 'guest/redeemBonus', { code });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('ALREADY_REDEEMED');
    expect((await call(g, 'GET', `bonuscode/check/${code}`)).json().data).toMatchObject({
      success: false,
      reason: 'ALREADY_REDEEMED',
      canRedeem: false,
    });
    expect(await balanceOf(g)).toBe(500);
    expect(
      await scalar(
        sql`select count(*)::int as value from ledger_transfers where kind = 'bonus' and reference->>'code' = ${code}`,
      ),
    ).toBe(1);
    await flush(g.id, events);
    await stop();
    expect(events.map((e) => e.type)).toContain('bonusCodeRedeemed');
    expect(events.map((e) => e.type)).toContain('guestBalance');
  });

  it('unknown, inactive, expired and not-yet-valid codes each give their reason and redeem nothing', async () => {
    const g = await make.buildGuest();
    const past = unique('PAST').toUpperCase();
    const future = unique('SOON').toUpperCase();
    const off = unique('OFF').toUpperCase();
    await createCode({
      code: past,
      reward: { kind: 'coins', cents: 100 },
      validFrom: '2020-01-01T00:00:00Z',
      validUntil: '2020-02-01T00:00:00Z',
    });
    await createCode({
      code: future,
      reward: { kind: 'coins', cents: 100 },
      validFrom: '2099-01-01T00:00:00Z',
    });
    await createCode({ code: off, reward: { kind: 'coins', cents: 100 }, active: false });
    for (const [code, reason, status] of [
      ['NOSUCHCODE', 'UNKNOWN_CODE', 404],
      [past, 'EXPIRED', 409],
      [future, 'NOT_YET_VALID', 409],
      [off, 'INACTIVE', 409],
    ] as const) {
      const checked = (await call(g, 'GET', `bonuscode/check/${code}`)).json().data;
      expect(checked, code).toMatchObject({ success: false, reason, canRedeem: false });
      const redeemed = await call(g, 'POST', 'guest/redeemBonus', { code });
      expect(redeemed.statusCode, code).toBe(status);
      expect(redeemed.json().error.code).toBe(reason);
    }
    expect((await call(g, 'GET', 'bonuscode/check/NOSUCHCODE')).json().data.reward).toBeNull();
    expect(await balanceOf(g)).toBe(0);
    expect(
      await scalar(sql`select count(*)::int as value from bonus_redemptions where guest_id = ${g.id}`),
    ).toBe(0);
  });

  it('a one-time code redeemed by 20 guests in parallel: exactly one succeeds, the count never exceeds the limit', async () => {
    const code = unique('ONCE').toUpperCase();
    await createCode({ code, reward: { kind: 'coins', cents: 1_000 }, maxRedemptions: 1 });
    const guests = await Promise.all(Array.from({ length: 20 }, () => make.buildGuest()));
    const results = await Promise.all(guests.map((g) => call(g, 'POST', 'guest/redeemBonus', { code })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'EXHAUSTED'),
    ).toBe(true);
    expect(await scalar(sql`select redemption_count as value from bonus_codes where code = ${code}`)).toBe(1);
    expect(
      await scalar(
        sql`select count(*)::int as value from bonus_redemptions r join bonus_codes c on c.id = r.code_id where c.code = ${code}`,
      ),
    ).toBe(1);
    const balances = await Promise.all(guests.map(balanceOf));
    expect(balances.filter((b) => b === 1_000)).toHaveLength(1);
    expect(balances.filter((b) => b === 0)).toHaveLength(19);
    // The database refuses a count above the limit even without the service.
    await expect(
      database.db.execute(sql`update bonus_codes set redemption_count = 2 where code = ${code}`),
    ).rejects.toThrow();
  });

  it('a voucher reward grants the voucher; benefits list vouchers and bonus rewards with their spec 3 type names', async () => {
    const g = await make.buildGuest();
    const code = unique('VVID').toUpperCase();
    await createCode({ code, reward: { kind: 'voucher', voucherType: 1, amount: 2, validDays: 30 } });
    const coins = unique('COIN').toUpperCase();
    await createCode({ code: coins, reward: { kind: 'coins', cents: 200 } });
    const redeemed = (await call(g, 'POST', 'guest/redeemBonus', { code })).json().data;
    expect(redeemed.reward).toMatchObject({
      kind: 'voucher',
      rewardType: 'videoVoucher',
      voucherTypeName: 'video',
    });
    expect(redeemed.vouchers).toEqual([{ type: 1, typeName: 'video', amount: 2, actorId: null }]);
    await call(g, 'POST', 'guest/redeemBonus', { code: coins });
    const benefits = (await call(g, 'GET', 'guest/benefits')).json().data.benefits;
    expect(benefits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'voucher',
          benefitType: 'videoVoucher',
          voucherType: 1,
          amount: 2,
        }),
        expect.objectContaining({
          source: 'bonusCode',
          code,
          rewardType: 'videoVoucher',
          status: 'credited',
        }),
        expect.objectContaining({ source: 'bonusCode', code: coins, benefitType: 'coins', cents: 200 }),
      ]),
    );
  });

  it('redemption is rate-limited per guest: 429 RATE_LIMITED with Retry-After', async () => {
    const g = await make.buildGuest();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 21; i++) {
      last = await call(g, 'GET', `bonuscode/check/GUESS${i}XX`);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(last?.json().error.code).toBe('RATE_LIMITED');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('redemption is rate-limited per IP across guests', async () => {
    const ip = nextIp(NET);
    const guests = await Promise.all([
      make.buildGuest(),
      make.buildGuest(),
      make.buildGuest(),
      make.buildGuest(),
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const g = guests[i % 4]!;
      statuses.push((await call(g, 'GET', `bonuscode/check/IPGUESS${i}`, undefined, ip)).statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe(`on-top codes (spec 3 reward type ontop; ${testBackend})`, () => {
  it('an on-top code waits for the next succeeded top-up, pays its bonus once, then is no longer pending', async () => {
    const localBus = new InProcessBus();
    const localWallet = createWalletService({ db: database.db, bus: localBus });
    const silent = { info() {}, warn() {}, error() {} };
    const promotions = createPromotionsService({
      db: database.db,
      bus: localBus,
      wallet: localWallet,
      guests: createGuestsRepository(database.db),
      chargeIdOf: createPaymentsRepository(database.db).chargeIdOf,
      items: { video: videoForSale, album: albumForSale },
      log: silent,
    });
    localWallet.onWalletChange((change) => promotions.onWalletChange(change));
    const g = await make.buildGuest();
    const code = unique('PLUS').toUpperCase();
    await createCode({ code, reward: { kind: 'ontop', percent: 10, maxCents: 1_000 } });

    const redeemed = await promotions.redeem(g.id, code);
    expect(redeemed).toMatchObject({ pending: true, creditedCents: 0, guestBalanceCents: 0 });
    const pending = await call(g, 'GET', `promo/hasGuestNotRedeemedOnTopCodeInstance/${code}`);
    expect(pending.json().data).toBe(true);
    expect((await call(g, 'GET', 'guest/remainingBonusCodes')).json().data.codes).toEqual([
      expect.objectContaining({
        code,
        reward: expect.objectContaining({ rewardType: 'ontop', percent: 10 }),
      }),
    ]);

    await localWallet.topUp(g.id, 2_000, key('topup'), { chargeId: 'not-a-charge' });
    expect(await localWallet.guestBalance(g.id)).toBe(2_200);
    await localWallet.topUp(g.id, 2_000, key('topup'));
    expect(await localWallet.guestBalance(g.id)).toBe(4_200);
    expect((await call(g, 'GET', `promo/hasGuestNotRedeemedOnTopCodeInstance/${code}`)).json().data).toBe(
      false,
    );
    expect((await call(g, 'GET', 'guest/remainingBonusCodes')).json().data.codes).toEqual([]);
    await localBus.close();
  });

  it('through the app: a sandbox card top-up (payment/charges) pays the on-top bonus and records the charge on the redemption', async () => {
    const g = await make.buildGuest();
    const code = unique('CARD').toUpperCase();
    await createCode({ code, reward: { kind: 'ontop', percent: 25, flatCents: null, maxCents: null } });
    expect((await call(g, 'POST', 'guest/redeemBonus', { code })).statusCode).toBe(200);
    const charged = await call(g, 'POST', 'payment/charges', {
      idempotencyKey: key('charge'),
      flow: 'moneycharge',
      paytype: 'CC',
      amountCents: 2_000,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123', holder: 'Test Guest' },
    });
    expect(charged.statusCode, charged.body).toBe(200);
    expect(await balanceOf(g)).toBe(2_500);
    const [row] = await queryRows<{ charge_id: string | null; transfer_id: string | null }>(
      database.db,
      sql`select r.charge_id, r.transfer_id from bonus_redemptions r join bonus_codes c on c.id = r.code_id where c.code = ${code}`,
    );
    expect(row?.charge_id).not.toBeNull();
    expect(row?.transfer_id).not.toBeNull();
    expect((await call(g, 'GET', `promo/hasGuestNotRedeemedOnTopCodeInstance/${code}`)).json().data).toBe(
      false,
    );
  });

  it('a coin redemption left without its credit (crash between the transactions) is credited once at start', async () => {
    const g = await make.buildGuest();
    const code = unique('LOST').toUpperCase();
    const created = await createCode({ code, reward: { kind: 'coins', cents: 300 } });
    await database.db.execute(
      sql`insert into bonus_redemptions (code_id, guest_id) values (${Number(created.id)}, ${g.id})`,
    );
    const promotions = createPromotionsService({
      db: database.db,
      bus: new InProcessBus(),
      wallet,
      guests: createGuestsRepository(database.db),
      chargeIdOf: createPaymentsRepository(database.db).chargeIdOf,
      items: { video: videoForSale, album: albumForSale },
      log: { info() {}, warn() {}, error() {} },
    });
    expect(await promotions.settleUnsettled()).toBeGreaterThanOrEqual(1);
    await promotions.settleUnsettled();
    expect(await balanceOf(g)).toBe(300);
  });
});

describe(`operator API (internal token + IP allow-list; ${testBackend})`, () => {
  it('creating codes is validated and logged; duplicates are 409; the list shows them', async () => {
    const code = unique('OPS').toUpperCase();
    await createCode({ code, reward: { kind: 'coins', cents: 100 }, maxRedemptions: 1 });
    const duplicate = await operator(app, 'POST', 'bonus-codes', {
      code,
      reward: { kind: 'coins', cents: 100 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('BONUS_CODE_EXISTS');
    for (const bad of [
      { code: 'x', reward: { kind: 'coins', cents: 100 } },
      { code: unique('BAD').toUpperCase(), reward: { kind: 'coins', cents: -1 } },
      { code: unique('BAD').toUpperCase(), reward: { kind: 'ontop' } },
      { code: unique('BAD').toUpperCase(), reward: { kind: 'cash', cents: 1 } },
      {
        code: unique('BAD').toUpperCase(),
        reward: { kind: 'coins', cents: 1 },
        validFrom: '2030-01-01T00:00:00Z',
        validUntil: '2029-01-01T00:00:00Z',
      },
    ]) {
      expect((await operator(app, 'POST', 'bonus-codes', bad)).statusCode).toBe(400);
    }
    const list = (await operator(app, 'GET', 'bonus-codes?limit=200')).json().data.codes;
    expect(list.find((c: { code: string }) => c.code === code)).toMatchObject({
      maxRedemptions: 1,
      redemptionCount: 0,
    });
    const outsider = await app.inject({
      method: 'POST',
      url: '/rest/v1/internal/bonus-codes',
      payload: { code: unique('HACK').toUpperCase(), reward: { kind: 'coins', cents: 100_000 } },
    });
    expect(outsider.statusCode).toBe(401);
    const fromOutside = await app.inject({
      method: 'POST',
      url: '/rest/v1/internal/bonus-codes',
      remoteAddress: nextIp(NET),
      headers: { 'x-internal-token': TOKEN },
      payload: { code: unique('HACK').toUpperCase(), reward: { kind: 'coins', cents: 100_000 } },
    });
    expect(fromOutside.statusCode).toBe(403);
  });

  it('refunding a purchase is a reversing transfer (never an edit), once; the bought item stays bought', async () => {
    const g = await make.buildGuest({ balanceCents: 10_000 });
    const video = await itemOf('video', 3);
    await call(g, 'POST', `video/${video.id}/buy`, { idempotencyKey: key('buy') });
    const transferId = await scalar(
      sql`select transfer_id as value from purchases where guest_id = ${g.id} and item_id = ${video.id}`,
    );
    const entriesBefore = await scalar(
      sql`select count(*)::int as value from ledger_entries where transfer_id = ${transferId}`,
    );
    const refundKey = key('refund');
    const refund = await operator(app, 'POST', `transactions/${transferId}/refund`, {
      idempotencyKey: refundKey,
      reason: 'video did not play',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data).toMatchObject({ refundOf: String(transferId), replayed: false });
    expect(await balanceOf(g)).toBe(10_000);
    const replay = await operator(app, 'POST', `transactions/${transferId}/refund`, {
      idempotencyKey: refundKey,
      reason: 'video did not play',
    });
    expect(replay.json().data.replayed).toBe(true);
    const twice = await operator(app, 'POST', `transactions/${transferId}/refund`, {
      idempotencyKey: key('refund'),
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_REFUNDED');
    expect(await balanceOf(g)).toBe(10_000);
    // The original entries are untouched; the purchase stays (decision 0014).
    expect(
      await scalar(sql`select count(*)::int as value from ledger_entries where transfer_id = ${transferId}`),
    ).toBe(entriesBefore);
    expect((await call(g, 'GET', 'guest/purchases')).json().data.purchases).toHaveLength(1);
    expect(
      (
        await operator(app, 'POST', 'transactions/999999999/refund', {
          idempotencyKey: key('r'),
          reason: 'nope',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await operator(app, 'POST', `transactions/${transferId}/refund`, { idempotencyKey: key('r') }))
        .statusCode,
    ).toBe(400);
  });
});

it('declared operator calls (decision 0032): a bad id, query or body is 400 VALIDATION_ERROR naming the field', async () => {
  const g = await make.buildGuest();
  const cases: ['GET' | 'POST', string, object | undefined, string][] = [
    ['GET', 'bonus-codes?limit=0', undefined, 'limit'],
    ['GET', 'bonus-codes?before=abc', undefined, 'before'],
    ['POST', 'guests/abc/vouchers', { idempotencyKey: key('v'), type: 1, amount: 1 }, 'guestId'],
    ['POST', `guests/${g.id}/vouchers`, { idempotencyKey: 'short', type: 1, amount: 1 }, 'idempotencyKey'],
    ['POST', 'transactions/0/refund', { idempotencyKey: key('r'), reason: 'bad id' }, 'transferId'],
    ['POST', 'transactions/1/refund', { idempotencyKey: key('r'), reason: 'no' }, 'reason'],
  ];
  for (const [method, path, body, field] of cases) {
    const response = await operator(app, method, path, body);
    expect(response.statusCode, `${method} ${path}`).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.message).toContain(`${field}:`);
  }
});

describe(`query-language service (spec 7 guest vouchers, remaining bonus codes, benefits; ${testBackend})`, () => {
  const gql = (g: SignedUp | null, query: string, variables?: object) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: nextIp(NET),
      headers: g ? { authorization: `Bearer ${g.accessToken}` } : {},
      payload: { query, ...(variables ? { variables } : {}) },
    });

  it('without a token the reads answer Missing Vxql-Token', async () => {
    const response = await gql(null, '{ guestVouchers { vouchers { type } } }');
    expect(response.json().errors[0].message).toBe('Missing Vxql-Token');
  });

  it("guestVouchers, Guest.vouchers, remainingBonusCodes and benefits answer the caller's own data", async () => {
    const g = await make.buildGuest();
    const other = await make.buildGuest();
    await operator(app, 'POST', `guests/${g.id}/vouchers`, {
      idempotencyKey: key('g'),
      type: 4,
      amount: 2,
      actorId: 3,
    });
    const code = unique('GQLP').toUpperCase();
    await createCode({ code, reward: { kind: 'ontop', flatCents: 400 } });
    await call(g, 'POST', 'guest/redeemBonus', { code });
    const query = `query Q($actorId: Int) {
      guestVouchers(actorId: $actorId) { vouchers { type typeName amount actorId } counts { type count } actorId }
      guest { vouchers { type amount actorId } }
      remainingBonusCodes { code reward { rewardType flatCents } }
      benefits { source benefitType rewardType status code }
    }`;
    const data = (await gql(g, query, { actorId: 3 })).json().data;
    expect(data.guestVouchers.vouchers).toEqual([
      { type: 4, typeName: 'photoAlbum', amount: 2, actorId: '3' },
    ]);
    expect(data.guestVouchers.counts.find((c: { type: number }) => c.type === 4).count).toBe(2);
    expect(data.guest.vouchers).toEqual([{ type: 4, amount: 2, actorId: '3' }]);
    expect(data.remainingBonusCodes).toEqual([{ code, reward: { rewardType: 'ontop', flatCents: 400 } }]);
    expect(data.benefits).toEqual(
      expect.arrayContaining([
        {
          source: 'voucher',
          benefitType: 'photoVoucher',
          rewardType: 'photoAlbum',
          status: 'active',
          code: null,
        },
        { source: 'bonusCode', benefitType: 'bonus', rewardType: 'ontop', status: 'pending', code },
      ]),
    );
    const theirs = (await gql(other, query, { actorId: 3 })).json().data;
    expect(theirs.guestVouchers.vouchers).toEqual([]);
    expect(theirs.remainingBonusCodes).toEqual([]);
    expect(theirs.benefits).toEqual([]);
  });
  it('bonus code service: bonusCodeCheck gives success and reason, redeemBonusCode redeems once (errors carry the reason)', async () => {
    const g = await make.buildGuest();
    const code = unique('GQLC').toUpperCase();
    await createCode({ code, reward: { kind: 'coins', cents: 800 }, maxRedemptions: 1 });
    const checked = (
      await gql(
        g,
        'query C($c: String!) { bonusCodeCheck(code: $c) { success reason canRedeem oneTime reward { coins } } }',
        { c: code },
      )
    ).json().data;
    expect(checked.bonusCodeCheck).toEqual({
      success: true,
      reason: 'OK',
      canRedeem: true,
      oneTime: true,
      reward: { coins: 32 },
    });
    const redeem =
      'mutation R($c: String!) { redeemBonusCode(code: $c) { success creditedCents guestBalanceCents guestBalanceFormatted } }';
    const first = (await gql(g, redeem, { c: code })).json();
    expect(first.data.redeemBonusCode).toEqual({
      success: true,
      creditedCents: 800,
      guestBalanceCents: 800,
      guestBalanceFormatted: '32',
    });
    const second = (await gql(g, redeem, { c: code })).json();
    expect(second.errors[0].extensions.code).toBe('ALREADY_REDEEMED');
    const anonymous = (await gql(null, redeem, { c: code })).json();
    expect(anonymous.errors[0].message).toBe('Missing Vxql-Token');
    expect(await balanceOf(g)).toBe(800);
  });
});

describe(`demo bonus codes of the seed (spec 9 welcome bonus tile code, conversion chat trial code; ${testBackend})`, () => {
  it('every seeded code is valid and redeemable, and a seed run again adds none', async () => {
    const g = await make.buildGuest();
    for (const { code } of DEMO_BONUS_CODES) {
      const checked = (await call(g, 'GET', `bonuscode/check/${code}`)).json().data;
      expect(checked, code).toMatchObject({ success: true, reason: 'OK', canRedeem: true });
    }
    expect(await seedBonusCodes(database.db)).toBe(0);
    const welcome = await call(g, 'POST', 'guest/redeemBonus', { code: 'WELCOME10' });
    expect(welcome.json().data).toMatchObject({ creditedCents: 1_000, guestBalanceCents: 1_000 });
  });
});

/**
 * Issue 14 defect 5: one balance in coins everywhere (spec 9: balances round down, prices round up).
 * For a table of cent balances, each reached through the ledger (a top-up, a bonus code redeemed
 * over REST and over GraphQL, an album and a video bought), every endpoint and message that carries
 * the guest's balance answers the same coins, formatted text and cents: `guest/me`,
 * `guest/getGuestBalance`, GraphQL `guest`, the answers of `guest/redeemBonus`, GraphQL
 * `redeemBonusCode`, `album/{id}/buy`, `video/{id}/buy`, the `guestBalance` socket message and the
 * socket's resync snapshot — all equal to `coinBalanceOf` (rounded down).
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { testBackend } from '@vela/db/testing';
import { type CoinBalance, coinBalanceOf } from '@vela/domain/coin-balance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet.service.ts';
import { nextIp, operatorOf, restAs, type SignedUp, signUp } from './guest-helpers.ts';
import { openSocket, type TestSocket } from './socket-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.44.x.y). */
const NET = '10.44';
const TOKEN = 'coin-balances-test-token-abcdefghijkl';
const operator = operatorOf(TOKEN);

/** Coins codes whose cents are not whole coins (25 cents), so a rounding difference shows. */
const REST_CODE = { code: 'COINSREST101', cents: 101 };
const GRAPHQL_CODE = { code: 'COINSGQL26', cents: 26 };

/** Balances that end each guest's sequence: around coin edges (25 cents) and large ones (dot thousands). */
const BALANCES = [
  0, 1, 24, 25, 26, 49, 50, 51, 99, 100, 101, 149, 150, 151, 999, 1001, 12_345, 99_999, 400_017,
];

let t: TestApp;
let wallet: WalletService;
let socketUrl: string;
let counter = 0;
const sockets: TestSocket[] = [];
let album: { id: number; price: number };
let video: { id: number; price: number };

/** A priced item of the seed without FSK-18 content (no age verification needed to buy it). */
async function itemOf(type: 'album' | 'video'): Promise<{ id: number; price: number }> {
  const [row] =
    type === 'video'
      ? await queryRows<{ id: number; price: number }>(
          t.database.db,
          sql`select id, price_cents as price from videos where not free and price_cents > 0 and age_rating = 16 order by id limit 1`,
        )
      : await queryRows<{ id: number; price: number }>(
          t.database.db,
          sql`select a.id, a.price_cents as price from albums a where a.price_cents > 0
            and not exists (select 1 from pictures p where p.album_id = a.id and p.age_rating = 18)
            order by a.id limit 1`,
        );
  if (!row) throw new Error(`no ${type} in the seed`);
  return { id: Number(row.id), price: Number(row.price) };
}

function rest(g: SignedUp, method: 'GET' | 'POST', url: string, payload?: object) {
  return restAs(t.app, NET, g, method, url, payload);
}

async function restData(g: SignedUp, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await rest(g, method, url, payload);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data;
}

async function graphql(g: SignedUp, query: string, variables?: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: nextIp(NET),
    headers: { authorization: `Bearer ${g.accessToken}` },
    payload: { query, ...(variables ? { variables } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.errors, response.body).toBeUndefined();
  return body.data;
}

/** A socket with a session of the guest: its ackSession snapshot and the guestBalance messages that follow. */
async function socketOf(g: SignedUp) {
  const socket = await openSocket(socketUrl);
  sockets.push(socket);
  socket.send({ type: 'requestSession', language: 'en', accessToken: g.accessToken, guestId: String(g.id) });
  const ack = await socket.next('ackSession');
  return { socket, snapshot: ack.snapshot };
}

type Seen = [source: string, balance: CoinBalance];
const fromGuestFields = (
  source: string,
  d: { balance: number; balanceCents: number; balanceFormatted: string },
): Seen => [source, { cents: d.balanceCents, coins: d.balance, formatted: d.balanceFormatted }];
const fromSpec7Fields = (
  source: string,
  d: { guestBalance: number; guestBalanceCents: number; guestBalanceFormatted: string },
): Seen => [
  source,
  { cents: d.guestBalanceCents, coins: d.guestBalance, formatted: d.guestBalanceFormatted },
];

/** Every read of the balance (REST guest/me and getGuestBalance, GraphQL guest) plus what `answers` said. */
async function expectAllAgree(g: SignedUp, cents: number, answers: Seen[]): Promise<void> {
  const me = (await restData(g, 'GET', 'guest/me')).guest;
  const balance = await restData(g, 'GET', 'guest/getGuestBalance');
  const gql = (await graphql(g, '{ guest { balance balanceCents balanceFormatted } }')).guest;
  const seen: Seen[] = [
    ...answers,
    fromGuestFields('guest/me', me),
    fromGuestFields('GraphQL guest', gql),
    [
      'guest/getGuestBalance',
      {
        cents: balance.balanceCents,
        coins: balance.balanceCoins,
        formatted: coinBalanceOf(balance.balanceCents).formatted,
      },
    ],
  ];
  const expected = coinBalanceOf(cents);
  expect(expected.coins).toBe(Math.floor(cents / 25));
  expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(seen.map(([source]) => [source, expected])));
}

beforeAll(async () => {
  t = await createTestApp({ env: { INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1' } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace('http', 'ws')}/socket`;
  // Top-ups through the app's bus: their guestBalance events reach the guest's socket like a payment's.
  wallet = createWalletService({ db: t.database.db, bus: t.bus });
  album = await itemOf('album');
  video = await itemOf('video');
  for (const { code, cents } of [REST_CODE, GRAPHQL_CODE]) {
    const created = await operator(t.app, 'POST', 'bonus-codes', {
      code,
      reward: { kind: 'coins', cents },
      maxRedemptions: 1000,
    });
    expect(created.statusCode, created.body).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

describe(`every balance in coins agrees, rounded down (spec 9; ${testBackend})`, () => {
  it('the sequence reaches every balance of the table from a positive top-up', () => {
    expect(album.price + video.price).toBeGreaterThan(REST_CODE.cents + GRAPHQL_CODE.cents);
  });

  it.each(BALANCES)(
    'ending at %i cents: top-up, redeem (REST, GraphQL), album and video buy, socket',
    async (end) => {
      const g = await signUp(t.app, `Coins${++counter}_${end}`.slice(0, 24), { ip: nextIp(NET) });
      const { socket, snapshot } = await socketOf(g);
      expect(snapshot?.balance).toMatchObject({ guestBalance: 0, guestBalanceCents: 0 });
      const event = async (source: string): Promise<Seen> =>
        fromSpec7Fields(source, await socket.next('guestBalance'));

      // 1. A top-up through the ledger.
      let cents = end + album.price + video.price - REST_CODE.cents - GRAPHQL_CODE.cents;
      await wallet.topUp(g.id, cents, `coins-topup-${g.id}`);
      await expectAllAgree(g, cents, [await event('socket guestBalance after the top-up')]);

      // 2. A coins code over REST (guest/redeemBonus).
      const redeemed = await restData(g, 'POST', 'guest/redeemBonus', { code: REST_CODE.code });
      cents += REST_CODE.cents;
      await expectAllAgree(g, cents, [
        fromSpec7Fields('guest/redeemBonus', redeemed),
        await event('socket guestBalance after redeemBonus'),
      ]);

      // 3. A coins code over GraphQL (redeemBonusCode).
      const mutation = await graphql(
        g,
        'mutation($code: String!) { redeemBonusCode(code: $code) { guestBalance guestBalanceCents guestBalanceFormatted } }',
        { code: GRAPHQL_CODE.code },
      );
      cents += GRAPHQL_CODE.cents;
      await expectAllAgree(g, cents, [
        fromSpec7Fields('GraphQL redeemBonusCode', mutation.redeemBonusCode),
        await event('socket guestBalance after redeemBonusCode'),
      ]);

      // 4. An album bought from the wallet.
      const albumBuy = await restData(g, 'POST', `album/${album.id}/buy`, {
        idempotencyKey: `coins-album-${g.id}`,
      });
      cents -= album.price;
      await expectAllAgree(g, cents, [
        fromSpec7Fields('album/{id}/buy', albumBuy),
        await event('socket guestBalance after the album buy'),
      ]);

      // 5. A video bought from the wallet: the table's balance.
      const videoBuy = await restData(g, 'POST', `video/${video.id}/buy`, {
        idempotencyKey: `coins-video-${g.id}`,
      });
      cents -= video.price;
      expect(cents).toBe(end);
      const fresh = await socketOf(g);
      await expectAllAgree(g, cents, [
        fromSpec7Fields('video/{id}/buy', videoBuy),
        await event('socket guestBalance after the video buy'),
        fromSpec7Fields(
          'socket snapshot',
          fresh.snapshot?.balance ?? { guestBalance: -1, guestBalanceCents: -1, guestBalanceFormatted: '' },
        ),
      ]);
    },
  );
});

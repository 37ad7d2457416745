/**
 * The messenger (issue 19, decision 0054; spec 3 messenger channel / message send / gift, spec 5, spec 7
 * REST + socket + GraphQL, spec 9 throttle) through HTTP, GraphQL and a real socket against a real
 * database (PGlite, or PostgreSQL with DATABASE_URL): channels, paid messages through the ledger
 * (kind message), gifts, access, the channel list and its throttle. The rules are in the test names.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { messengerActorSettings } from '@vela/db/schema/messenger';
import { VOUCHER_TYPES } from '@vela/domain/vouchers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActorMessengerReads } from '../src/modules/catalog/actor-messenger.ts';
import { createMessengerService } from '../src/modules/messenger/messenger.service.ts';
import { createMessengerGiftVouchers } from '../src/modules/promotions/messenger-gift-vouchers.ts';
import { createToysRepository } from '../src/modules/toys/toys.repository.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { graphqlAs, keyMaker, operatorOf, restAs, type SignedUp } from './guest-helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { guestPage, type TestSocket } from './socket-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.191';
const TOKEN = 'messenger-test-operator-token-0123456';
const operator = operatorOf(TOKEN);

let t: TestApp;
let make: Factories;
let url: string;
const sockets: TestSocket[] = [];
const key = keyMaker();

beforeAll(async () => {
  t = await createTestApp({
    env: { INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1', PERFORMER_SIMULATOR: 'false' },
  });
  make = factoriesOf(t, { net: NET, operatorToken: TOKEN });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/socket`;
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const rest = (g: SignedUp | null, method: 'GET' | 'POST', path: string, payload?: object) =>
  restAs(t.app, NET, g, method, path, payload);

async function page(guest: SignedUp): Promise<TestSocket> {
  const socket = await guestPage(url, guest);
  sockets.push(socket);
  return socket;
}

/** A performer with messaging prices (cents). */
async function performer(settings: {
  free?: number;
  price?: number;
  multi?: number;
  freeMessaging?: boolean;
  online?: boolean;
}) {
  const actor = await make.buildActor({ isOnline: settings.online ?? true });
  await t.database.db.insert(messengerActorSettings).values({
    actorId: actor.id,
    freeMessages: settings.free ?? 0,
    messagePriceCents: settings.price ?? 200,
    multichatPriceCents: settings.multi ?? 100,
    isMessagingFree: settings.freeMessaging ?? false,
  });
  return actor;
}

async function channelWith(guest: SignedUp, actorId: number): Promise<string> {
  const response = await rest(guest, 'POST', `channel/actor/${actorId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.channel.channelId as string;
}

const send = (guest: SignedUp, channelId: string, body: Record<string, unknown> = {}) =>
  rest(guest, 'POST', `messenger/channel/${channelId}/messages`, {
    messageType: 'text',
    data: { text: 'Hello there' },
    idempotencyKey: key('msg'),
    ...body,
  });

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(t.database.db, query);
  return Number(row?.n ?? 0);
}

const balanceOf = (guestId: number) =>
  scalar(
    sql`select coalesce((select balance_cents from ledger_accounts where kind = 'guest-wallet' and owner_guest_id = ${guestId}), 0) as n`,
  );
const messagesIn = (channelId: string) =>
  scalar(sql`select count(*)::int as n from messenger_messages where channel_id = ${Number(channelId)}`);
const messageTransfersOf = (guestId: number) =>
  scalar(
    sql`select count(*)::int as n from ledger_transfers where kind = 'message' and idempotency_key like ${`message:${guestId}:%`}`,
  );
const freeLeft = (channelId: string) =>
  scalar(sql`select free_messages_left as n from messenger_channels where id = ${Number(channelId)}`);

/** The performer's side of the app's messenger, on the same database and bus. */
function actorSide(facts: { inLiveChat?: boolean } = {}) {
  const db = t.database.db;
  return createMessengerService({
    db,
    wallet: createWalletService({ db }),
    bus: t.bus,
    log: { warn() {}, error() {} },
    actors: createActorMessengerReads(db),
    isVip: async () => false,
    inLiveChat: async () => facts.inLiveChat === true,
    giftVouchers: createMessengerGiftVouchers(db),
    withToys: async () => new Set(),
  });
}

describe('channels and paid text messages (spec 3 channel pricing)', () => {
  it('channel/actor creates the one channel per guest and performer, then answers it again; a missing performer, or one banned in the caller’s country, is MESSENGER_ACTOR_NOT_FOUND', async () => {
    const guest = await make.buildGuest();
    const actor = await performer({ free: 2 });
    const first = await rest(guest, 'POST', `channel/actor/${actor.id}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      created: true,
      channel: {
        actorId: actor.id,
        actorName: actor.name,
        freeMessagesAmount: 2,
        status: 'open',
        unreadCount: 0,
      },
    });
    const again = await rest(guest, 'POST', `channel/actor/${actor.id}`);
    expect(again.json().data).toMatchObject({
      created: false,
      channel: { channelId: first.json().data.channel.channelId },
    });
    expect(first.json().data.channel.isDildocontrolAvailable).toBe(false);
    // A performer with a toy: toy control is offered in the channel (spec 3 isDildocontrolAvailable).
    await createToysRepository(t.database.db).register(actor.id);
    const withToy = await rest(guest, 'POST', `channel/actor/${actor.id}`);
    expect(withToy.json().data.channel.isDildocontrolAvailable).toBe(true);
    // Spec 6: a performer banned in the caller's country is not offered: no channel, no messenger data.
    const banned = await performer({ price: 100 });
    await t.database.db.execute(sql`update actors set banned_country_codes = '{DE}' where id = ${banned.id}`);
    for (const [method, path] of [
      ['POST', `channel/actor/${banned.id}`],
      ['GET', `messenger/actor/${banned.id}`],
    ] as const) {
      const fromGermany = await t.app.inject({
        method,
        url: `/rest/v1/${path}`,
        headers: { authorization: `Bearer ${guest.accessToken}`, 'x-country-code': 'DE' },
      });
      expect(fromGermany.statusCode, path).toBe(404);
      expect(fromGermany.json().error.code).toBe('MESSENGER_ACTOR_NOT_FOUND');
    }
    expect((await rest(guest, 'POST', `channel/actor/${banned.id}`)).statusCode).toBe(200);
    const missing = await rest(guest, 'POST', 'channel/actor/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('MESSENGER_ACTOR_NOT_FOUND');
  });

  it('free messages are used first, then a message costs the message price through the ledger (kind message); messagePrice is pushed when the next price changes', async () => {
    const guest = await make.buildGuest({ balanceCents: 1_000 });
    const actor = await performer({ free: 1, price: 300 });
    const channelId = await channelWith(guest, actor.id);
    const socket = await page(guest);
    const free = await send(guest, channelId, { expectedPriceCents: 0 });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().data).toMatchObject({
      alreadySent: false,
      message: { priceCents: 0, senderType: 'guest', messageType: 'text', text: 'Hello there' },
      channel: { freeMessagesAmount: 0, messagePrice: { value: 300 } },
      guestBalanceCents: 1_000,
    });
    expect(await socket.next('messengerMessage')).toMatchObject({ message: { text: 'Hello there' } });
    expect(await socket.next('messagePrice')).toMatchObject({
      channelId,
      price: { value: 300, currency: 'EUR' },
    });
    const paid = await send(guest, channelId, { data: { text: '  second  ' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({
      message: { priceCents: 300, text: 'second' },
      guestBalanceCents: 700,
    });
    expect(await balanceOf(guest.id)).toBe(700);
    expect(await messageTransfersOf(guest.id)).toBe(1);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('free messaging costs nothing; a text with a changed price (expectedPriceCents) is refused with MESSENGER_PRICE_CHANGED and nothing is stored', async () => {
    const guest = await make.buildGuest({ balanceCents: 500 });
    const free = await performer({ freeMessaging: true, price: 400 });
    const freeChannel = await channelWith(guest, free.id);
    expect((await send(guest, freeChannel)).json().data.message.priceCents).toBe(0);
    const paid = await performer({ price: 200 });
    const channelId = await channelWith(guest, paid.id);
    const refused = await send(guest, channelId, { expectedPriceCents: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('MESSENGER_PRICE_CHANGED');
    expect(await messagesIn(channelId)).toBe(0);
    expect(await balanceOf(guest.id)).toBe(500);
  });

  it('isVideochat during the guest’s running live chat costs the multi-chat price; without a live chat the message price', async () => {
    const guest = await make.buildGuest({ balanceCents: 1_000 });
    const actor = await performer({ price: 300, multi: 100 });
    const channelId = await channelWith(guest, actor.id);
    const caller = { language: 'en' as const, country: null };
    const text = (n: number) => ({
      channelId,
      messageType: 'text' as const,
      data: { text: `in the chat ${n}` },
      isVideochat: true,
      idempotencyKey: key('video'),
    });
    const inChat = await actorSide({ inLiveChat: true }).send(guest.id, text(1), caller);
    expect(inChat.message).toMatchObject({ priceCents: 100, isVideochat: true });
    const outside = await actorSide({ inLiveChat: false }).send(guest.id, text(2), caller);
    expect(outside.message.priceCents).toBe(300);
    expect(await balanceOf(guest.id)).toBe(600);
  });

  it('too little money fails with NOT_ENOUGH_MONEY and changes nothing: no message, no ledger rows, free messages unchanged', async () => {
    const guest = await make.buildGuest({ balanceCents: 100 });
    const actor = await performer({ price: 300 });
    const channelId = await channelWith(guest, actor.id);
    const refused = await send(guest, channelId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('NOT_ENOUGH_MONEY');
    expect(await messagesIn(channelId)).toBe(0);
    expect(await messageTransfersOf(guest.id)).toBe(0);
    expect(await balanceOf(guest.id)).toBe(100);
    // A gift message too: nothing bought, the free message of a channel untouched.
    const withFree = await performer({ free: 3, price: 300 });
    const freeChannel = await channelWith(guest, withFree.id);
    const gift = await send(guest, freeChannel, {
      messageType: 'new_gift',
      includedGifts: [{ giftId: 7, quantity: 1 }],
    });
    expect(gift.statusCode).toBe(402);
    expect(await freeLeft(freeChannel)).toBe(3);
    expect(await messagesIn(freeChannel)).toBe(0);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('the same idempotency key 20 times in parallel is one message and one charge; the resends answer alreadySent', async () => {
    const guest = await make.buildGuest({ balanceCents: 5_000 });
    const actor = await performer({ price: 250 });
    const channelId = await channelWith(guest, actor.id);
    const idempotencyKey = key('same');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(guest, channelId, { idempotencyKey })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.json().data.alreadySent === false)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.json().data.message.id)).size).toBe(1);
    expect(await messagesIn(channelId)).toBe(1);
    expect(await messageTransfersOf(guest.id)).toBe(1);
    expect(await balanceOf(guest.id)).toBe(4_750);
    // The same key over the socket: the stored message is answered to that page, nothing charged.
    const socket = await page(guest);
    socket.send({
      type: 'sendMessage',
      accessToken: guest.accessToken,
      guestId: String(guest.id),
      channelId,
      messageType: 'text',
      data: { text: 'Hello there' },
      idempotencyKey,
    });
    expect(await socket.next('messengerMessage')).toMatchObject({
      message: { id: answers[0]?.json().data.message.id },
    });
    expect(await balanceOf(guest.id)).toBe(4_750);
  });

  it('one idempotency key sent to two channels at once is one message and one charge; the other answers 409 IDEMPOTENCY_KEY_REUSED, never a 500', async () => {
    const guest = await make.buildGuest({ balanceCents: 5_000 });
    const [a, b] = [await performer({ price: 250 }), await performer({ price: 250 })];
    const channels = [await channelWith(guest, a.id), await channelWith(guest, b.id)];
    const idempotencyKey = key('two-channels');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(guest, channels[i % 2] as string, { idempotencyKey })),
    );
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await messagesIn(channels[0] as string)) + (await messagesIn(channels[1] as string))).toBe(1);
    expect(await messageTransfersOf(guest.id)).toBe(1);
    expect(await balanceOf(guest.id)).toBe(4_750);
  });

  it('control characters, an oversize text, an empty message and a malformed body are refused (4xx) and nothing is stored', async () => {
    const guest = await make.buildGuest({ balanceCents: 1_000 });
    const actor = await performer({ price: 100 });
    const channelId = await channelWith(guest, actor.id);
    const bad = [
      { data: { text: 'bell\u0007' } },
      { data: { text: 'x'.repeat(2_001) } },
      { data: { text: '   ' } },
      { data: {} },
      { data: { text: 'hi' }, idempotencyKey: 'short' },
      { data: { text: 'hi' }, extra: true },
      { data: { text: 'hi' }, includedGifts: [{ giftId: 'one', quantity: 1 }] },
    ];
    for (const body of bad) {
      const response = await send(guest, channelId, body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await messagesIn(channelId)).toBe(0);
    expect(await balanceOf(guest.id)).toBe(1_000);
  });

  it('the ledger invariants hold after 1,000 parallel paid messages (rows and balances exact)', async () => {
    const guests = await Promise.all(
      Array.from({ length: 10 }, () => make.buildGuest({ balanceCents: 100_000 })),
    );
    const actor = await performer({ price: 100 });
    const channels = await Promise.all(guests.map((guest) => channelWith(guest, actor.id)));
    const answers = await Promise.all(
      guests.flatMap((guest, i) =>
        Array.from({ length: 100 }, (_, n) =>
          send(guest, channels[i] as string, { data: { text: `m${n}` } }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode !== 200)).toEqual([]);
    for (const [i, guest] of guests.entries()) {
      expect(await balanceOf(guest.id)).toBe(100_000 - 100 * 100);
      expect(await messageTransfersOf(guest.id)).toBe(100);
      expect(await messagesIn(channels[i] as string)).toBe(100);
    }
    await expectLedgerInvariantsOf(t.database.db);
  }, 180_000);
});

describe('gifts (spec 3 gift, boughtGifts, vouchers type 6)', () => {
  it('owned gifts are free, the rest is bought; a messenger-gift voucher (type 6) counts as owned; a VIP gift is refused for a guest who is not VIP', async () => {
    const guest = await make.buildGuest({ balanceCents: 10_000 });
    const actor = await performer({ freeMessaging: true });
    const channelId = await channelWith(guest, actor.id);
    const catalogue = await rest(guest, 'GET', 'messenger/gifts');
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    const gifts = catalogue.json().data.gifts as {
      id: number;
      price: { value: number };
      vip: boolean;
      translations: unknown[];
    }[];
    expect(gifts.length).toBeGreaterThanOrEqual(10);
    expect(gifts[0]?.translations).toHaveLength(4);
    const rose = gifts.find((gift) => !gift.vip) as { id: number; price: { value: number } };
    const vipGift = gifts.find((gift) => gift.vip) as { id: number };

    // Granted by the operator (idempotent by key): owned, then free to send.
    const grantKey = key('grant');
    for (let i = 0; i < 2; i++) {
      const granted = await operator(t.app, 'POST', 'messenger/gifts/grant', {
        guestId: guest.id,
        giftId: rose.id,
        quantity: 2,
        idempotencyKey: grantKey,
      });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.json().data.owned).toBe(2);
    }
    // The same key for another grant is refused; an unknown guest or gift is 404; nothing is added.
    const grant = (body: object) => operator(t.app, 'POST', 'messenger/gifts/grant', body);
    const reused = await grant({ guestId: guest.id, giftId: rose.id, quantity: 5, idempotencyKey: grantKey });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const noGuest = await grant({
      guestId: 99_999_999,
      giftId: rose.id,
      quantity: 1,
      idempotencyKey: key('g'),
    });
    expect(noGuest.statusCode).toBe(404);
    const noGift = await grant({ guestId: guest.id, giftId: 99_999, quantity: 1, idempotencyKey: key('g') });
    expect(noGift.json().error.code).toBe('MESSENGER_GIFT_NOT_FOUND');
    expect(
      (await grant({ guestId: guest.id, giftId: rose.id, quantity: 1, idempotencyKey: 'short' })).statusCode,
    ).toBe(400);
    expect((await rest(guest, 'GET', 'messenger/gifts')).json().data.boughtGifts).toEqual({
      [String(rose.id)]: 2,
    });
    // Spec 3 Guest.boughtGifts in guest/me and GraphQL boughtGifts.
    expect((await rest(guest, 'GET', 'guest/me')).json().data.guest.boughtGifts).toEqual({
      [String(rose.id)]: 2,
    });
    expect((await graphqlAs(t.app, NET, guest, '{ boughtGifts { giftId quantity } }')).json().data).toEqual({
      boughtGifts: [{ giftId: String(rose.id), quantity: 2 }],
    });
    const owned = await send(guest, channelId, {
      messageType: 'new_gift',
      data: { text: '' },
      includedGifts: [{ giftId: rose.id, quantity: 3 }],
    });
    expect(owned.statusCode, owned.body).toBe(200);
    expect(owned.json().data.message).toMatchObject({
      messageType: 'new_gift',
      priceCents: rose.price.value,
    });
    expect(await balanceOf(guest.id)).toBe(10_000 - rose.price.value);
    expect((await rest(guest, 'GET', 'messenger/gifts')).json().data.boughtGifts).toEqual({});

    // A type-6 voucher pays one gift.
    await make.buildVoucher(guest, { type: VOUCHER_TYPES.messengerGift, amount: 1 });
    expect((await rest(guest, 'GET', 'messenger/gifts')).json().data.giftVouchers).toBe(1);
    const withVoucher = await send(guest, channelId, {
      messageType: 'new_gift',
      data: { text: 'for you' },
      includedGifts: [{ giftId: rose.id, quantity: 1 }],
    });
    expect(withVoucher.json().data.message.priceCents).toBe(0);
    expect((await rest(guest, 'GET', 'messenger/gifts')).json().data.giftVouchers).toBe(0);

    const vip = await send(guest, channelId, {
      messageType: 'new_gift',
      includedGifts: [{ giftId: vipGift.id, quantity: 1 }],
    });
    expect(vip.statusCode).toBe(403);
    expect(vip.json().error.code).toBe('MESSENGER_GIFT_VIP_ONLY');
    const unknown = await send(guest, channelId, {
      messageType: 'new_gift',
      includedGifts: [{ giftId: 99_999, quantity: 1 }],
    });
    expect(unknown.json().error.code).toBe('MESSENGER_GIFT_NOT_FOUND');
    await expectLedgerInvariantsOf(t.database.db);
  });
});

describe('access: a guest reads and writes only their own channels', () => {
  it('another guest’s channel is MESSENGER_CHANNEL_NOT_FOUND over REST, GraphQL and the socket; a visitor is NOT_LOGGED_IN', async () => {
    const alice = await make.buildGuest({ balanceCents: 1_000 });
    const mallory = await make.buildGuest({ balanceCents: 1_000 });
    const actor = await performer({ price: 100 });
    const channelId = await channelWith(alice, actor.id);
    await send(alice, channelId, { data: { text: 'private' } });
    for (const [method, path, body] of [
      ['GET', `messenger/channel/${channelId}`, undefined],
      ['POST', `messenger/channel/${channelId}/touch`, {}],
      ['POST', `messenger/channel/${channelId}/block`, { blocked: true }],
      ['POST', `messenger/channel/${channelId}/archive`, { status: true }],
      [
        'POST',
        `messenger/channel/${channelId}/messages`,
        { messageType: 'text', data: { text: 'hi' }, idempotencyKey: key('m') },
      ],
    ] as const) {
      const response = await rest(mallory, method, path, body);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.code).toBe('MESSENGER_CHANNEL_NOT_FOUND');
      const visitor = await rest(null, method, path, body);
      expect(visitor.statusCode, path).toBe(401);
      expect(visitor.json().error.code).toBe('NOT_LOGGED_IN');
    }
    const graphql = await graphqlAs(
      t.app,
      NET,
      mallory,
      'mutation($id: ID!) { touchMessengerChannel(channelId: $id) { unreadTotal } }',
      {
        id: channelId,
      },
    );
    expect(graphql.json().errors?.[0]?.extensions?.code).toBe('MESSENGER_CHANNEL_NOT_FOUND');
    const list = await graphqlAs(
      t.app,
      NET,
      mallory,
      '{ messengerChannels { total channels { channelId } } messengerUnreadCount }',
    );
    expect(list.json().data).toEqual({
      messengerChannels: { total: 0, channels: [] },
      messengerUnreadCount: 0,
    });
    const socket = await page(mallory);
    const as = { accessToken: mallory.accessToken, guestId: String(mallory.id) };
    socket.send({
      type: 'sendMessage',
      ...as,
      channelId,
      messageType: 'text',
      data: { text: 'hi' },
      idempotencyKey: key('s'),
    });
    expect(await socket.next('error')).toMatchObject({
      code: 'MESSENGER_CHANNEL_NOT_FOUND',
      inReplyTo: 'sendMessage',
    });
    socket.send({ type: 'archiveChannel', ...as, channelId, status: true });
    expect(await socket.next('error')).toMatchObject({
      code: 'MESSENGER_CHANNEL_NOT_FOUND',
      inReplyTo: 'archiveChannel',
    });
    expect(await messagesIn(channelId)).toBe(1);
    const aliceList = await graphqlAs(
      t.app,
      NET,
      alice,
      '{ messengerChannels(filterType: "newest") { total channels { channelId subject messagePrice { value } } } messengerGifts { id name } }',
    );
    expect(aliceList.json().data.messengerChannels).toEqual({
      total: 1,
      channels: [{ channelId, subject: 'private', messagePrice: { value: 100 } }],
    });
    expect(aliceList.json().data.messengerGifts.length).toBeGreaterThanOrEqual(10);
    const anonymous = await graphqlAs(t.app, NET, null, '{ messengerUnreadCount }');
    expect(anonymous.json().errors?.[0]?.extensions?.code).toBe('MISSING_TOKEN');
    const own = await rest(alice, 'GET', `messenger/channel/${channelId}`);
    expect(own.json().data).toMatchObject({ channel: { archived: false, blocked: false }, hasOlder: false });
    expect(own.json().data.messages.map((m: { text: string }) => m.text)).toEqual(['private']);
  });
});

describe('blocking, unread and the channel list', () => {
  it('a blocked channel refuses sending both ways (the guest’s block and the performer’s)', async () => {
    const guest = await make.buildGuest({ balanceCents: 1_000 });
    const actor = await performer({ price: 100 });
    const channelId = await channelWith(guest, actor.id);
    const side = actorSide();
    expect(
      (await rest(guest, 'POST', `messenger/channel/${channelId}/block`, { blocked: true })).json().data
        .channel,
    ).toMatchObject({
      status: 'blocked',
      blocked: true,
    });
    const refused = await send(guest, channelId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('MESSENGER_CHANNEL_BLOCKED');
    expect(await side.actorSide.postActorMessage({ channelId, text: 'still there?' })).toBeNull();
    await rest(guest, 'POST', `messenger/channel/${channelId}/block`, { blocked: false });
    expect(await side.actorSide.postActorMessage({ channelId, text: 'hello' })).toMatchObject({
      senderType: 'actor',
    });
    await side.blockByActor(Number(channelId), true);
    expect((await send(guest, channelId)).json().error.code).toBe('MESSENGER_CHANNEL_BLOCKED');
    expect(await messagesIn(channelId)).toBe(1);
    expect(await balanceOf(guest.id)).toBe(1_000);
  });

  it('a performer’s message raises unread on every page (messengerMessage, messengerUnread); touch marks it read; the unread total never goes below 0', async () => {
    const guest = await make.buildGuest();
    const actor = await performer({ freeMessaging: true });
    const channelId = await channelWith(guest, actor.id);
    const [one, two] = [await page(guest), await page(guest)];
    const side = actorSide();
    await side.actorSide.postActorMessage({ channelId, text: 'first' });
    await side.actorSide.postActorMessage({ channelId, text: 'second' });
    for (const socket of [one, two]) {
      expect(await socket.next('messengerMessage')).toMatchObject({
        message: { text: 'first', senderType: 'actor' },
      });
      expect(await socket.next('messengerUnread')).toMatchObject({ unreadTotal: 1 });
      expect(await socket.next('messengerUnread')).toMatchObject({
        unreadTotal: 2,
        navbar: [{ channelId, unreadCount: 2, subject: 'second' }],
      });
    }
    const touched = await rest(guest, 'POST', `messenger/channel/${channelId}/touch`, {});
    expect(touched.json().data).toMatchObject({ unreadTotal: 0, channel: { unread: false, unreadCount: 0 } });
    expect(await one.next('messengerUnread')).toMatchObject({ unreadTotal: 0, navbar: [] });
    const again = await rest(guest, 'POST', `messenger/channel/${channelId}/touch`, {});
    expect(again.json().data.unreadTotal).toBe(0);
    await side.actorSide.postActorMessage({ channelId, text: 'third' });
    expect(await one.next('messengerUnread', 5_000)).toMatchObject({ unreadTotal: 1 });
    one.send({ type: 'allChannelsSeen', accessToken: guest.accessToken, guestId: String(guest.id) });
    expect(await one.next('messengerUnread')).toMatchObject({ unreadTotal: 0 });
    expect(
      await scalar(sql`select min(unread_count) as n from messenger_channels where guest_id = ${guest.id}`),
    ).toBe(0);
    // A page opened now knows the badge from the snapshot.
    const later = await guestPage(url, guest);
    sockets.push(later);
    const ack = later.received.find((m) => m.type === 'ackSession');
    expect(ack && 'snapshot' in ack ? ack.snapshot?.messenger : null).toEqual({ unreadTotal: 0, navbar: [] });
  });

  it('archive, filter and the online toggle over the socket: channels answers with the list of the socket’s state', async () => {
    const guest = await make.buildGuest();
    const online = await performer({ freeMessaging: true, online: true });
    const offline = await performer({ freeMessaging: true, online: false });
    const archived = await performer({ freeMessaging: true, online: true });
    const onlineChannel = await channelWith(guest, online.id);
    const offlineChannel = await channelWith(guest, offline.id);
    const archivedChannel = await channelWith(guest, archived.id);
    await send(guest, offlineChannel);
    await send(guest, onlineChannel);
    const socket = await page(guest);
    const as = { accessToken: guest.accessToken, guestId: String(guest.id) };
    socket.send({ type: 'archiveChannel', ...as, channelId: archivedChannel, status: true });
    expect(await socket.next('channel')).toMatchObject({
      channel: { channelId: archivedChannel, archived: true, status: 'archived' },
    });
    const ids = (answer: { channels: { channelId: string }[] }) => answer.channels.map((c) => c.channelId);
    socket.send({ type: 'loadChannels', ...as, offset: 0, limit: 50 });
    const newest = await socket.next('channels');
    expect(newest).toMatchObject({ filterType: 'newest', online: false, offset: 0, total: 2 });
    expect(ids(newest)).toEqual([onlineChannel, offlineChannel]);
    await new Promise((resolve) => setTimeout(resolve, 550));
    socket.send({ type: 'filterChannels', ...as, filterType: 'archived' });
    expect(ids(await socket.next('channels'))).toEqual([archivedChannel]);
    await new Promise((resolve) => setTimeout(resolve, 550));
    socket.send({ type: 'filterChannels', ...as, filterType: 'newest' });
    await socket.next('channels');
    await new Promise((resolve) => setTimeout(resolve, 550));
    socket.send({ type: 'loadOnlineChannels', ...as, online: true });
    const onlineOnly = await socket.next('channels');
    expect(onlineOnly).toMatchObject({ online: true, total: 1 });
    expect(ids(onlineOnly)).toEqual([onlineChannel]);
  });

  it('spec 9: a burst of 50 channel-list loads is answered at most once per 500 ms, and the last request’s answer arrives', async () => {
    const guest = await make.buildGuest();
    const actor = await performer({ freeMessaging: true });
    const channelId = await channelWith(guest, actor.id);
    await rest(guest, 'POST', `messenger/channel/${channelId}/archive`, { status: true });
    const socket = await page(guest);
    const arrivals: { at: number; filterType: string }[] = [];
    socket.ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'channels') arrivals.push({ at: Date.now(), filterType: message.filterType });
    });
    const as = { accessToken: guest.accessToken, guestId: String(guest.id) };
    for (let i = 0; i < 49; i++)
      socket.send({ type: 'filterChannels', ...as, filterType: i % 2 === 0 ? 'unread' : 'newest' });
    socket.send({ type: 'filterChannels', ...as, filterType: 'archived' });
    // The last request's answer: the archived list.
    for (;;) {
      const answer = await socket.next('channels', 5_000);
      if (answer.filterType === 'archived') {
        expect(answer.channels.map((c) => c.channelId)).toEqual([channelId]);
        break;
      }
    }
    // Nothing else is dropped: the socket still answers other messages.
    socket.send({ type: 'ping', ...as });
    await socket.next('pong');
    expect(arrivals.length).toBeGreaterThanOrEqual(2);
    expect(arrivals.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < arrivals.length; i++)
      expect((arrivals[i]?.at ?? 0) - (arrivals[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(495);
    expect(arrivals.at(-1)?.filterType).toBe('archived');
  });
});

describe('performer, recommendations, logger', () => {
  it('messenger/actor shows the pricing before a channel exists; recommendations put online performers first and leave out currentActorId; logger/vxmessengerError answers 204', async () => {
    const guest = await make.buildGuest();
    const actor = await performer({ free: 3, price: 400, multi: 200 });
    const seen = await rest(guest, 'GET', `messenger/actor/${actor.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({
      actorId: actor.id,
      freeMessagesAmount: 3,
      messagePrice: { value: 0 },
      multiChatPrice: { value: 200 },
      channelId: null,
    });
    const recommended = await rest(guest, 'GET', `recommendations?currentActorId=${actor.id}`);
    expect(recommended.statusCode, recommended.body).toBe(200);
    const actors = recommended.json().data.actors as { actorId: number; isActorOnline: boolean }[];
    expect(actors.length).toBeLessThanOrEqual(9);
    expect(actors.map((a) => a.actorId)).not.toContain(actor.id);
    const flags = actors.map((a) => a.isActorOnline);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    const logged = await rest(guest, 'POST', 'logger/vxmessengerError', {
      message: 'socket lost',
      context: 'list',
    });
    expect(logged.statusCode).toBe(204);
    expect((await rest(null, 'POST', 'logger/vxmessengerError', { message: 'x' })).statusCode).toBe(401);
  });
});

/**
 * Toy control from the messenger (issue 19 deliverable 4, decision 0054): `POST
 * messenger/channel/:channelId/toy` through the same toys service and ToyControl port as the live chat
 * — charged (kind toy, key toy:messenger:<channel>:<actionId>), logged, commanded, shown as the guest's
 * toy message; the same action id is one action and one charge; a refused command is refunded once;
 * no toy: TOY_NOT_AVAILABLE and nothing charged. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import type { MessengerMessage } from '@vela/contracts/messenger';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { TOY_PRESETS, toyKey, toyPresetCents } from '@vela/domain/toy-control';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMessengerToys, messengerToyContext } from '../src/modules/messenger/messenger-toys.ts';
import { createSimulatedToys } from '../src/modules/toys/toy-control.ts';
import { createToysRepository } from '../src/modules/toys/toys.repository.ts';
import { createToysService } from '../src/modules/toys/toys.service.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { graphqlAs } from './guest-helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { messengerKit } from './messenger-performer-kit.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.193';
const t = testAppPerSuite();
const { guestWithChannel, rest, make } = messengerKit(t, NET);

const chargesOf = async (channelId: string) =>
  queryRows<{ kind: string; idempotency_key: string }>(
    t.database.db,
    sql`select kind, idempotency_key from ledger_transfers
      where idempotency_key like ${`toy:${messengerToyContext(channelId)}:%`}
         or idempotency_key like ${`toy-refund:${messengerToyContext(channelId)}:%`} order by id`,
  );

const toy = (guest: Parameters<typeof rest>[0], channelId: string, preset: string, actionId = randomUUID()) =>
  rest(guest, 'POST', `messenger/channel/${channelId}/toy`, { actionId, preset });

describe('toy control from the messenger (issue 19 deliverable 4)', () => {
  beforeAll(() => {
    make();
  });

  async function channelWithToy(balanceCents: number) {
    const channel = await guestWithChannel(balanceCents, { isOnline: true });
    await createToysRepository(t.database.db).register(channel.actor.id);
    return channel;
  }

  it("charged (kind toy), logged, the toy vibrates, the guest's toy message is stored; the same actionId is one action and one charge", async () => {
    const { guest, channelId, actor } = await channelWithToy(5_000);
    const channel = await rest(guest, 'GET', `messenger/channel/${channelId}`);
    expect(channel.json().data.channel.isDildocontrolAvailable).toBe(true);
    const actionId = randomUUID();
    const first = await toy(guest, channelId, 'medium', actionId);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json().data;
    const cents = toyPresetCents('medium');
    expect(answer).toMatchObject({
      status: 'done',
      price: { value: TOY_PRESETS.medium.coins },
      state: { actorId: actor.id, status: 'vibrating', level: TOY_PRESETS.medium.level },
      guestBalanceCents: 5_000 - cents,
      message: { channelId, messageType: 'toy', senderType: 'guest', text: 'medium' },
    });
    const again = await toy(guest, channelId, 'medium', actionId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.message.id).toBe(answer.message.id);
    expect(again.json().data.guestBalanceCents).toBe(5_000 - cents);
    expect(await chargesOf(channelId)).toEqual([
      { kind: 'toy', idempotency_key: toyKey(messengerToyContext(channelId), actionId) },
    ]);
    const logged = await queryRows<{ preset: string; status: string; guest_id: string }>(
      t.database.db,
      sql`select preset, status, guest_id from toy_actions where context = ${messengerToyContext(channelId)}`,
    );
    expect(logged).toEqual([{ preset: 'medium', status: 'done', guest_id: expect.anything() }]);
    const conversation = await rest(guest, 'GET', `messenger/channel/${channelId}`);
    const toyMessages = conversation
      .json()
      .data.messages.filter((m: MessengerMessage) => m.messageType === 'toy');
    expect(toyMessages).toHaveLength(1);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('a performer without a toy: TOY_NOT_AVAILABLE, nothing charged, no message', async () => {
    const { guest, channelId } = await guestWithChannel(5_000);
    const refused = await toy(guest, channelId, 'soft');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TOY_NOT_AVAILABLE');
    expect(await chargesOf(channelId)).toEqual([]);
    const conversation = await rest(guest, 'GET', `messenger/channel/${channelId}`);
    expect(conversation.json().data.messages).toEqual([]);
  });

  it('an offline performer with a toy: TOY_NOT_AVAILABLE, nothing charged, no message; GraphQL says not available (never sell a vibration nobody sees)', async () => {
    const { guest, channelId, actor } = await guestWithChannel(5_000);
    await createToysRepository(t.database.db).register(actor.id);
    const refused = await toy(guest, channelId, 'soft');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('TOY_NOT_AVAILABLE');
    expect(await chargesOf(channelId)).toEqual([]);
    const conversation = await rest(guest, 'GET', `messenger/channel/${channelId}`);
    expect(conversation.json().data.messages).toEqual([]);
    expect(conversation.json().data.channel.isActorOnline).toBe(false);
    const controls = await graphqlAs(
      t.app,
      NET,
      guest,
      'query ($id: ID!) { messengerToyControls(channelId: $id) { available } }',
      { id: channelId },
    );
    expect(controls.json().data.messengerToyControls.available).toBe(false);
  });

  it("a blocked channel, another guest's channel, too little money or a visitor: refused, nothing charged", async () => {
    const { guest, channelId } = await channelWithToy(5_000);
    const intruder = await make().buildGuest({ balanceCents: 5_000 });
    const foreign = await toy(intruder, channelId, 'soft');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('MESSENGER_CHANNEL_NOT_FOUND');
    expect((await toy(null, channelId, 'soft')).statusCode).toBe(401);
    expect((await toy(guest, channelId, 'wild')).statusCode).toBe(400);
    const poor = await channelWithToy(0);
    const broke = await toy(poor.guest, poor.channelId, 'soft');
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error.code).toBe('NOT_ENOUGH_MONEY');
    expect(await chargesOf(poor.channelId)).toEqual([]);
    const blocked = await rest(guest, 'POST', `messenger/channel/${channelId}/block`, { blocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const refused = await toy(guest, channelId, 'soft');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('MESSENGER_CHANNEL_BLOCKED');
    expect(await chargesOf(channelId)).toEqual([]);
  });

  it('a command the toy refuses is refunded exactly once (asked twice); the answer says refunded and the balance is whole again', async () => {
    const { guest, channelId, actor } = await guestWithChannel(5_000);
    const told: boolean[] = [];
    const wallet = createWalletService({ db: t.database.db });
    const toys = createMessengerToys({
      toys: createToysService({
        repository: createToysRepository(t.database.db),
        wallet,
        control: createSimulatedToys({ hasToy: async () => true, refuses: () => true }),
        log: { warn() {} },
      }),
      // The channel as the messenger's port answers it; the toy message is not this test's subject.
      channels: {
        channelOf: async () => ({ channelId, actorId: actor.id, blocked: false }),
        postGuestAction: async (input) => {
          told.push(input.felt);
          return { id: '1', channelId, messageType: 'toy', text: input.text } as MessengerMessage;
        },
      },
      isOnline: async () => true,
      guestName: async () => 'guest',
      wallet,
    });
    await createToysRepository(t.database.db).register(actor.id);
    const actionId = randomUUID();
    const first = await toys.toy(guest.id, channelId, actionId, 'soft', 'en');
    const second = await toys.toy(guest.id, channelId, actionId, 'soft', 'en');
    // A refunded action did nothing: the performer side is not told (no simulated reaction).
    expect(told).toEqual([false, false]);
    for (const answer of [first, second]) {
      expect(answer).toMatchObject({
        status: 'refunded',
        state: { status: 'idle' },
        guestBalanceCents: 5_000,
      });
    }
    expect(await chargesOf(channelId)).toEqual([
      { kind: 'toy', idempotency_key: toyKey(messengerToyContext(channelId), actionId) },
      { kind: 'refund', idempotency_key: `toy-refund:${messengerToyContext(channelId)}:${actionId}` },
    ]);
    await expectLedgerInvariantsOf(t.database.db);
  });
  it('GraphQL toy controls (spec 7): available with a toy, the state and the four presets with prices; another guest: MESSENGER_CHANNEL_NOT_FOUND; a visitor: MISSING_TOKEN; no toy: not available', async () => {
    const { guest, channelId, actor } = await channelWithToy(5_000);
    const query = `query ($id: ID!) { messengerToyControls(channelId: $id) {
      available state { actorId status level } presets { preset level durationMs price { value currency } } } }`;
    const before = await graphqlAs(t.app, NET, guest, query, { id: channelId });
    expect(before.json().data.messengerToyControls).toEqual({
      available: true,
      state: { actorId: String(actor.id), status: 'idle', level: 0 },
      presets: Object.entries(TOY_PRESETS).map(([preset, p]) => ({
        preset,
        level: p.level,
        durationMs: p.durationMs,
        price: { value: p.coins, currency: 'VXC' },
      })),
    });
    expect((await toy(guest, channelId, 'soft')).statusCode).toBe(200);
    const after = await graphqlAs(t.app, NET, guest, query, { id: channelId });
    expect(after.json().data.messengerToyControls.state).toMatchObject({ status: 'vibrating', level: 3 });
    const intruder = await make().buildGuest();
    const foreign = await graphqlAs(t.app, NET, intruder, query, { id: channelId });
    expect(foreign.json().errors?.[0]?.extensions?.code).toBe('MESSENGER_CHANNEL_NOT_FOUND');
    // A visitor's request without a token is refused as every token field's (spec 7 Vxql-Token).
    const visitor = await graphqlAs(t.app, NET, null, query, { id: channelId });
    expect(visitor.json().errors?.[0]?.extensions?.code).toBe('MISSING_TOKEN');
    const none = await guestWithChannel(0);
    const without = await graphqlAs(t.app, NET, none.guest, query, { id: none.channelId });
    expect(without.json().data.messengerToyControls.available).toBe(false);
  });
});

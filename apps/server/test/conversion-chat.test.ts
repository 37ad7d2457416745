/**
 * The conversion chat (issue 18 deliverable 3, decision 0047) through HTTP and the query language:
 * spec 7 `guest/conversionChat` POST (enable or disable, logged-in only), spec 3 "conversion chat
 * countdown ends" in guest/me, spec 4 eligibility while the countdown end is in the future, spec 9
 * "conversion chat actors 30" and the conversion chat trial code (once per guest, through the ledger's
 * voucher side: no money moves).
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import {
  CONVERSION_CHAT_ACTORS_LIMIT,
  CONVERSION_CHAT_COUNTDOWN_MS,
  CONVERSION_CHAT_TRIAL_CODE,
  countdownEndsOf,
  decideEnable,
  isConversionChatEligible,
} from '@vela/domain/conversion-chat';
import { describe, expect, it } from 'vitest';
import { createConversionChatRepository } from '../src/modules/conversion-chat/conversion-chat.repository.ts';
import { createConversionChatService } from '../src/modules/conversion-chat/conversion-chat.service.ts';
import { factoriesOf } from './factories.ts';
import { nextIp, restAs, type SignedUp } from './guest-helpers.ts';
import { testAppPerSuite } from './test-app.ts';

/** This file's client addresses (10.61.x.y). */
const NET = '10.61';
const testBackend = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const t = testAppPerSuite();
const make = () => factoriesOf(t, { net: NET });

const conversionChat = (g: SignedUp | null, payload: object) =>
  restAs(t.app, NET, g, 'POST', 'guest/conversionChat', payload);

async function graphql(g: SignedUp | null, query: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: nextIp(NET),
    headers: g ? { authorization: `Bearer ${g.accessToken}` } : {},
    payload: { query },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.errors, response.body).toBeUndefined();
  return body.data;
}

const STATE = '{ conversionChat { countdownEnds eligible trialCode trialRedeemed } }';

async function me(g: SignedUp) {
  const response = await restAs(t.app, NET, g, 'GET', 'guest/me');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.guest as {
    conversionChatCountdownEnds: string | null;
    isPayingCustomer: boolean;
  };
}

/** A sandbox card charge that succeeds: the guest has paid money in (spec 3 isPayingCustomer). */
async function makePaying(g: SignedUp) {
  const response = await restAs(t.app, NET, g, 'POST', 'payment/charges', {
    idempotencyKey: `conversion-${g.id}-${Math.random().toString(36).slice(2)}`,
    flow: 'moneycharge',
    paytype: 'CC',
    amountCents: 1000,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123', holder: 'Test Guest' },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().data.charge.status).toBe('succeeded');
}

describe(`conversion chat (spec 7 guest/conversionChat, ${testBackend})`, () => {
  it('enable starts a 15-minute countdown shown in guest/me; a second enable answers the same end; disable clears it for good', async () => {
    const g = await make().buildGuest();
    expect((await me(g)).conversionChatCountdownEnds).toBeNull();
    const before = Date.now();
    const enabled = await conversionChat(g, { action: 'enable' });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const ends = enabled.json().data.conversionChatCountdownEnds as string;
    const endsMs = Date.parse(ends);
    expect(endsMs).toBeGreaterThanOrEqual(before + CONVERSION_CHAT_COUNTDOWN_MS - 1000);
    expect(endsMs).toBeLessThanOrEqual(Date.now() + CONVERSION_CHAT_COUNTDOWN_MS + 1000);
    expect(Date.parse((await me(g)).conversionChatCountdownEnds ?? '')).toBe(endsMs);

    const again = await conversionChat(g, { action: 'enable' });
    expect(again.json().data.conversionChatCountdownEnds).toBe(ends);
    expect((await graphql(g, STATE)).conversionChat).toMatchObject({ countdownEnds: ends, eligible: true });

    const disabled = await conversionChat(g, { action: 'disable' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toEqual({ conversionChatCountdownEnds: null });
    expect((await me(g)).conversionChatCountdownEnds).toBeNull();
    expect((await graphql(g, STATE)).conversionChat).toMatchObject({ countdownEnds: null, eligible: false });
    // "No thanks" is final: the countdown does not start again.
    const reopened = await conversionChat(g, { action: 'enable' });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().error.code).toBe('CONVERSION_CHAT_OVER');
  });

  it('spec 6 logged-in only: a visitor gets 401 NOT_LOGGED_IN, and no conversionChat without a token', async () => {
    const response = await conversionChat(null, { action: 'enable' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('NOT_LOGGED_IN');
    // The query language answers a visitor's token field with spec 8 'Missing Vxql-Token'.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: nextIp(NET),
      payload: { query: STATE },
    });
    expect(anonymous.json().errors?.[0]?.message).toBe('Missing Vxql-Token');
  });

  it('any other action, a missing or extra field, control characters: 400 and nothing changed', async () => {
    const g = await make().buildGuest();
    for (const payload of [
      { action: 'start' },
      { action: 'ENABLE' },
      {},
      { action: 'enable', extra: 1 },
      { action: 'enable\u0000' },
      { action: 'x'.repeat(10_000) },
    ]) {
      const response = await conversionChat(g, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
      expect(typeof response.json().error.code).toBe('string');
    }
    expect((await me(g)).conversionChatCountdownEnds).toBeNull();
  });

  it('spec 4: eligibility ends when the countdown end passes, and the countdown does not restart', async () => {
    const g = await make().buildGuest();
    await conversionChat(g, { action: 'enable' });
    expect((await graphql(g, STATE)).conversionChat.eligible).toBe(true);
    // Time passes: the stored countdown began 16 minutes ago.
    await t.database.db.execute(sql`update conversion_chat_countdowns
      set enabled_at = now() - interval '16 minutes', ends_at = now() - interval '1 minute'
      where guest_id = ${g.id}`);
    const state = (await graphql(g, STATE)).conversionChat;
    expect(state.eligible).toBe(false);
    expect(Date.parse(state.countdownEnds)).toBeLessThan(Date.now());
    const again = await conversionChat(g, { action: 'enable' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONVERSION_CHAT_OVER');
  });

  it('a paying customer is not eligible: enable 409 CONVERSION_CHAT_NOT_ELIGIBLE; a countdown stops showing once the guest paid', async () => {
    const paying = await make().buildGuest();
    await makePaying(paying);
    const refused = await conversionChat(paying, { action: 'enable' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CONVERSION_CHAT_NOT_ELIGIBLE');

    const converted = await make().buildGuest();
    await conversionChat(converted, { action: 'enable' });
    await makePaying(converted);
    expect(await me(converted)).toMatchObject({ isPayingCustomer: true, conversionChatCountdownEnds: null });
    expect((await graphql(converted, STATE)).conversionChat).toMatchObject({
      countdownEnds: null,
      eligible: false,
    });
  });

  it('parallel enables of one guest store one countdown and all answer its end', async () => {
    const g = await make().buildGuest();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => conversionChat(g, { action: 'enable' })),
    );
    const ends = new Set(answers.map((a) => a.json().data.conversionChatCountdownEnds));
    expect(ends.size).toBe(1);
    const rows = await queryRows(
      t.database.db,
      sql`select guest_id from conversion_chat_countdowns where guest_id = ${g.id}`,
    );
    expect(rows).toHaveLength(1);
  });
});

describe(`conversion chat actors (spec 9: 30, ${testBackend})`, () => {
  it('lists at most 30 performers, online ones flagged for the conversion chat only; actor data carries the flag', async () => {
    const f = make();
    const flagged = await f.buildActor({ isOnline: true });
    const offline = await f.buildActor({ isOnline: false });
    const unflagged = await f.buildActor({ isOnline: true });
    await t.database.db.execute(sql`insert into conversion_chat_actors (actor_id)
      values (${flagged.id}), (${offline.id}) on conflict do nothing`);
    // More flagged online performers than the list shows.
    for (let i = 0; i < CONVERSION_CHAT_ACTORS_LIMIT + 2; i++) {
      const actor = await f.buildActor({ isOnline: true });
      await t.database.db.execute(sql`insert into conversion_chat_actors (actor_id) values (${actor.id})`);
    }
    const { conversionChatActors: list } = await graphql(
      null,
      '{ conversionChatActors { id name isOnline isActorAvailableForConversionChat avatar { key ageRating } } }',
    );
    expect(list.length).toBe(CONVERSION_CHAT_ACTORS_LIMIT);
    for (const actor of list) {
      expect(actor).toMatchObject({ isOnline: true, isActorAvailableForConversionChat: true });
      expect(actor.avatar.key).toBeTruthy();
    }
    const ids = new Set(list.map((a: { id: number }) => a.id));
    expect(ids.has(offline.id)).toBe(false);
    expect(ids.has(unflagged.id)).toBe(false);
    const online = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from conversion_chat_actors c join actors a on a.id = c.actor_id
        where a.is_online and not (a.id = any(${sql.raw(`array[${[...ids].join(',') || 0}]`)}))`,
    );
    // Every online flagged performer left out is left out only for the limit.
    expect(Number(online[0]?.n)).toBeGreaterThan(0);

    // Spec 3 actor data: isActorAvailableForConversionChat from the same attribute.
    const data = async (id: number) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/rest/v1/actor/getActorDataByIdOrName/${id}`,
        remoteAddress: nextIp(NET),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.isActorAvailableForConversionChat;
    };
    expect(await data(flagged.id)).toBe(true);
    expect(await data(offline.id)).toBe(true);
    expect(await data(unflagged.id)).toBe(false);
  });
});

describe(`conversion chat trial code (spec 9, ${testBackend})`, () => {
  it(`${CONVERSION_CHAT_TRIAL_CODE} grants 5 chat-minute vouchers once per guest; a second redemption is refused and grants nothing`, async () => {
    const g = await make().buildGuest();
    expect((await graphql(g, STATE)).conversionChat).toMatchObject({
      trialCode: CONVERSION_CHAT_TRIAL_CODE,
      trialRedeemed: false,
    });
    const first = await restAs(t.app, NET, g, 'POST', 'guest/redeemBonus', {
      code: CONVERSION_CHAT_TRIAL_CODE,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await restAs(t.app, NET, g, 'POST', 'guest/redeemBonus', {
      code: CONVERSION_CHAT_TRIAL_CODE,
    });
    expect(second.statusCode).toBeGreaterThanOrEqual(400);
    expect(second.statusCode).toBeLessThan(500);
    const vouchers = await queryRows<{ type: number; amount: number; actor_id: number | null }>(
      t.database.db,
      sql`select type, amount, actor_id from vouchers where guest_id = ${g.id}`,
    );
    expect(vouchers).toEqual([{ type: 2, amount: 5, actor_id: null }]);
    expect((await graphql(g, STATE)).conversionChat.trialRedeemed).toBe(true);
    // No money moved: the wallet is untouched.
    expect((await me(g)).isPayingCustomer).toBe(false);
  });
});

describe('conversion chat rules (packages/domain conversion-chat.ts, injected clock)', () => {
  const newcomer = { isLoggedIn: true, isPayingCustomer: false };

  it('spec 4: eligible while the countdown end is in the future, not at or after it', () => {
    const countdown = { endsAt: new Date(1_000_000), closedAt: null };
    expect(isConversionChatEligible(newcomer, countdown, 999_999)).toBe(true);
    expect(isConversionChatEligible(newcomer, countdown, 1_000_000)).toBe(false);
    expect(isConversionChatEligible({ ...newcomer, isLoggedIn: false }, countdown, 0)).toBe(false);
    expect(isConversionChatEligible({ ...newcomer, isPayingCustomer: true }, countdown, 0)).toBe(false);
    expect(countdownEndsOf(newcomer, { ...countdown, closedAt: new Date(0) })).toBeNull();
  });

  it('enable: one countdown per guest', () => {
    expect(decideEnable(newcomer, null, 0)).toEqual({
      ok: true,
      endsAt: new Date(CONVERSION_CHAT_COUNTDOWN_MS),
      created: true,
    });
    const running = { endsAt: new Date(5_000), closedAt: null };
    expect(decideEnable(newcomer, running, 1_000)).toEqual({
      ok: true,
      endsAt: running.endsAt,
      created: false,
    });
    expect(decideEnable(newcomer, running, 5_000)).toEqual({ ok: false, code: 'CONVERSION_CHAT_OVER' });
  });

  it('the service reads the time from its clock (a countdown seen after its end is not eligible)', async () => {
    const g = await make().buildGuest();
    let now = Date.now();
    const service = createConversionChatService({
      repository: createConversionChatRepository(t.database.db),
      isPayingCustomer: async () => false,
      checkCode: async () => ({ reason: 'OK' }),
      now: () => now,
    });
    const { conversionChatCountdownEnds } = await service.act(g.id, 'enable');
    expect((await service.stateOf(g.id)).eligible).toBe(true);
    now = Date.parse(conversionChatCountdownEnds ?? '') + 1;
    expect((await service.stateOf(g.id)).eligible).toBe(false);
    await expect(service.act(g.id, 'enable')).rejects.toMatchObject({ code: 'CONVERSION_CHAT_OVER' });
  });
});

/**
 * Voice calls (issue 18, spec 3/4/6/7/8, decision 0051) on a real database and ledger: the telephony
 * sandbox reports calls (`voicecall/sandbox/dial`, `/hangup`), a verified number is its guest's call,
 * any other number is the anonymous voice caller with an access token; billing per started minute
 * with paytype Voice at the end. Billing amounts are checked on the service with a test clock; the
 * endpoints through the app.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { ANONYMOUS_VOICE_CALL_RESULTS as R, VOICE_CALL_CENTS_PER_MINUTE } from '@vela/domain/voice-call';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken, SESSION_COOKIE } from '../src/modules/guests/auth.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { createLoginTransfer } from '../src/modules/guests/login-transfer.ts';
import { hashPassword } from '../src/modules/guests/passwords.ts';
import { createVerifiedPhones } from '../src/modules/pincall/verified-phones.ts';
import { createVoiceCallService } from '../src/modules/voicecall/voicecall.service.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { factoriesOf } from './factories.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { liveKit } from './live-kit.ts';
import { recordingMedia, vp8Sdp } from './live-media-double.ts';
import { openSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';

const SECRET = 'voicecall-test-secret-0123456789abcdef';
const media = recordingMedia();
// The call's video is a live session (a recording media double; a live minute of 1 s).
const t = testAppPerSuite({
  env: { LIVE_MINUTE_MS: '1000', PERFORMER_API_SECRET: SECRET },
  liveMedia: media,
});
let make: ReturnType<typeof factoriesOf>;
beforeAll(() => {
  make = factoriesOf(t, { net: '10.136' });
});

const MINUTE = 1000;
let phoneCounter = 0;
const phone = () =>
  `+49301${String(Date.now() % 100000).padStart(5, '0')}${String(++phoneCounter).padStart(3, '0')}`;
let callCounter = 0;
const callId = () => `sbx-${Date.now()}-${++callCounter}`;

/** A guest who verified `number` (the pincall module's table, arranged directly). */
async function guestWithPhone(number: string, balanceCents = 0) {
  const guest = await make.buildGuest({ balanceCents });
  await t.database.db.execute(
    sql`insert into verified_phones (phone_e164, guest_id, type) values (${number}, ${guest.id}, 'mobile')`,
  );
  return guest;
}

/** The service with a clock the test moves, on the app's database, bus and wallet. */
function serviceAt() {
  const clock = { now: Date.UTC(2026, 10, 27, 3, 0, 0) };
  const service = createVoiceCallService({
    db: t.database.db,
    wallet: createWalletService({ db: t.database.db }),
    bus: t.bus,
    log: { warn: () => {} },
    actors: {
      actorForChat: async (id) => {
        const [row] = await queryRows<{ name: string; is_online: boolean }>(
          t.database.db,
          sql`select name, is_online from actors where id = ${id}`,
        );
        return row ? { name: row.name, chat: { isOnline: row.is_online } } : undefined;
      },
    },
    verifiedPhones: createVerifiedPhones(t.database.db),
    secret: 'test-secret',
    minuteMs: MINUTE,
    now: () => clock.now,
  });
  return { service, clock };
}

/** The guest socket events of a guest while `work` runs. */
async function eventsOf(guestId: number, work: () => Promise<unknown>) {
  const events: { type: string; [key: string]: unknown }[] = [];
  const stop = await t.bus.subscribe(`guest:${guestId}`, (event) => {
    events.push(event as { type: string });
  });
  try {
    await work();
  } finally {
    await stop();
  }
  return events;
}

async function transfersOf(prefix: string) {
  return queryRows<{ idempotency_key: string; kind: string; reference: Record<string, unknown> }>(
    t.database.db,
    sql`select idempotency_key, kind, reference from ledger_transfers where idempotency_key like ${`${prefix}%`} order by id`,
  );
}

const balanceOf = (guestId: number) => createWalletService({ db: t.database.db }).guestBalance(guestId);

async function visitorToken(): Promise<{ token: string; cookie: string }> {
  const minted = await t.app.inject({ method: 'POST', url: '/rest/v1/guest/accessToken' });
  expect(minted.statusCode, minted.body).toBe(200);
  const cookie = String(minted.headers['set-cookie']).split(';')[0]!;
  return { token: minted.json().data.accessToken as string, cookie };
}

function dial(body: object) {
  return t.app.inject({ method: 'POST', url: '/rest/v1/voicecall/sandbox/dial', payload: body });
}
function hangup(providerCallId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/rest/v1/voicecall/sandbox/hangup',
    payload: { providerCallId },
  });
}
function graphql(token: string, query: string, variables: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ query, variables }),
  });
}
const ANON = `mutation($t: String!, $a: Int!) { anonymousVoiceCallChat(accessToken: $t, actorId: $a) {
  resultCode state { isVoicecallActive isAnonymousVoicecall call { voicecallIdHash actorId } } } }`;

describe('voice call of a verified number (spec 3 isVoicecallActive, spec 7 voicecall stop, spec 8 903/904)', () => {
  it('a call from a verified number sets isVoicecallActive for that guest and reaches their pages; hangup ends it with 903 and voicecall stop (the HMAC, not the id)', async () => {
    const number = phone();
    const guest = await guestWithPhone(number);
    const other = await make.buildGuest();
    const actor = await make.buildActor({ isOnline: true });
    const id = callId();

    const started = await eventsOf(guest.id, async () => {
      const answer = await dial({ providerCallId: id, from: number, actorId: actor.id });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toMatchObject({ caller: 'guest', accessToken: null, replacedCall: false });
    });
    const start = started.find((e) => e.type === 'voicecallStart');
    expect(start).toMatchObject({ actorId: actor.id, actorName: actor.name });

    const state = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/voicecall/state',
      headers: { authorization: `Bearer ${guest.accessToken}` },
    });
    expect(state.json().data).toMatchObject({
      isVoicecallActive: true,
      isAnonymousVoicecall: false,
      call: { actorId: actor.id, voicecallIdHash: start?.voicecallIdHash },
    });
    // Spec 6: a guest never sees another's call.
    const others = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/voicecall/state',
      headers: { authorization: `Bearer ${other.accessToken}` },
    });
    expect(others.json().data).toEqual({ isVoicecallActive: false, isAnonymousVoicecall: false, call: null });
    // Spec 3 actor isVoicecallActive: the performer's actor data says the call runs.
    const actorData = () =>
      t.app.inject({ method: 'GET', url: `/rest/v1/actor/getActorDataByIdOrName/${actor.id}` });
    expect((await actorData()).json().data.isVoicecallActive).toBe(true);

    const stopped = await eventsOf(guest.id, async () => {
      const ended = await hangup(id);
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json().data.exitCode).toBe(903);
    });
    const stop = stopped.find((e) => e.type === 'voicecallStop');
    expect(stop).toEqual({ type: 'voicecallStop', voicecallIdHash: start?.voicecallIdHash });
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from voice_calls where provider_call_id = ${id}`,
    );
    expect(String(stop?.voicecallIdHash)).not.toContain(row!.id);
    const after = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/voicecall/state',
      headers: { authorization: `Bearer ${guest.accessToken}` },
    });
    expect(after.json().data.isVoicecallActive).toBe(false);
    expect((await actorData()).json().data.isVoicecallActive).toBe(false);
    // A repeated hangup webhook answers the stored end and publishes nothing.
    const again = await eventsOf(guest.id, async () =>
      expect((await hangup(id)).json().data.exitCode).toBe(903),
    );
    expect(again).toEqual([]);
  });

  it('a second call of the same guest ends the running one with 904 (voice call new chat)', async () => {
    const number = phone();
    const guest = await guestWithPhone(number);
    const actor = await make.buildActor({ isOnline: true });
    const first = callId();
    const second = callId();
    await dial({ providerCallId: first, from: number, actorId: actor.id });
    const events = await eventsOf(guest.id, async () => {
      const answer = await dial({ providerCallId: second, from: number, actorId: actor.id });
      expect(answer.json().data.replacedCall).toBe(true);
    });
    expect(events.map((e) => e.type).filter((type) => type.startsWith('voicecall'))).toEqual([
      'voicecallStop',
      'voicecallStart',
    ]);
    const rows = await queryRows<{ provider_call_id: string; status: string; exit_code: number | null }>(
      t.database.db,
      sql`select provider_call_id, status, exit_code from voice_calls where guest_id = ${guest.id} order by started_at, provider_call_id`,
    );
    expect(rows).toEqual([
      { provider_call_id: first, status: 'ended', exit_code: 904 },
      { provider_call_id: second, status: 'active', exit_code: null },
    ]);
    expect((await hangup(second)).json().data.exitCode).toBe(903);
  });

  it('bad input is a 4xx with a code and changes nothing: malformed number, unknown or offline performer, control characters', async () => {
    const actor = await make.buildActor({ isOnline: true });
    const offline = await make.buildActor({ isOnline: false });
    expect((await dial({ providerCallId: callId(), from: '0301234', actorId: actor.id })).statusCode).toBe(
      400,
    );
    expect((await dial({ providerCallId: 'a\u0007b', from: phone(), actorId: actor.id })).statusCode).toBe(
      400,
    );
    const unknown = await dial({ providerCallId: callId(), from: phone(), actorId: 2 ** 31 - 2 });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'ACTOR_NOT_FOUND']);
    const away = await dial({ providerCallId: callId(), from: phone(), actorId: offline.id });
    expect([away.statusCode, away.json().error.code]).toEqual([409, 'VOICECALL_ACTOR_OFFLINE']);
    const nothing = await hangup(callId());
    expect([nothing.statusCode, nothing.json().error.code]).toEqual([404, 'VOICECALL_NOT_FOUND']);
  });
});

describe('voice call billing: one charge with paytype Voice per call, every started minute (spec 2)', () => {
  it("a guest's call: top-up from provider clearing (paytype Voice) and the chat purchase of the same amount; the balance ends where it was; a replayed hangup charges nothing more", async () => {
    const { service, clock } = serviceAt();
    const number = phone();
    const guest = await guestWithPhone(number, 300);
    const actor = await make.buildActor({ isOnline: true });
    const id = callId();
    await service.callStarted({ providerCallId: id, from: number, actorId: actor.id });
    clock.now += 2 * MINUTE + 1; // 3 started minutes
    const ended = await service.callEnded(id);
    expect(ended).toMatchObject({
      exitCode: 903,
      billedMinutes: 3,
      billedCents: 3 * VOICE_CALL_CENTS_PER_MINUTE,
    });
    clock.now += 10 * MINUTE;
    expect(await service.callEnded(id)).toEqual(ended);

    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from voice_calls where provider_call_id = ${id}`,
    );
    const transfers = await transfersOf(`voicecall:${row!.id}:`);
    expect(transfers.map((x) => [x.idempotency_key.split(':')[2], x.kind, x.reference.paytype])).toEqual([
      ['voice', 'top-up', 'Voice'],
      ['chat', 'chat', 'Voice'],
    ]);
    expect(await balanceOf(guest.id)).toBe(300);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('parallel replays of the hangup webhook bill the call once; a call hung up at once costs nothing', async () => {
    const { service, clock } = serviceAt();
    const actor = await make.buildActor({ isOnline: true });
    const number = phone();
    const id = callId();
    await service.callStarted({ providerCallId: id, from: number, actorId: actor.id });
    clock.now += MINUTE / 2;
    const answers = await Promise.all(Array.from({ length: 8 }, () => service.callEnded(id)));
    for (const answer of answers) expect(answer.billedCents).toBe(VOICE_CALL_CENTS_PER_MINUTE);
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from voice_calls where provider_call_id = ${id}`,
    );
    // The anonymous caller has no wallet: clearing pays the performer's share and the platform directly.
    expect(await transfersOf(`voicecall:${row!.id}:`)).toHaveLength(1);

    const quick = callId();
    await service.callStarted({ providerCallId: quick, from: phone(), actorId: actor.id });
    expect((await service.callEnded(quick)).billedCents).toBe(0);
    await expectLedgerInvariantsOf(t.database.db);
  });
});

describe('the anonymous voice caller (spec 6 role, spec 7 anonymousVoiceCallChat, result 2000)', () => {
  it('an unknown number gets an access token; a visitor entering it for that performer gets 2000 once and is the anonymous voice caller; other codes for wrong, other actor, used, logged in, ended', async () => {
    const actor = await make.buildActor({ isOnline: true });
    const otherActor = await make.buildActor({ isOnline: true });
    const id = callId();
    const dialed = await dial({ providerCallId: id, from: phone(), actorId: actor.id });
    expect(dialed.json().data.caller).toBe('anonymous');
    const accessToken = dialed.json().data.accessToken as string;
    expect(accessToken).toMatch(/^\d{8}$/);
    // A replayed dial webhook speaks the same token.
    expect(
      (await dial({ providerCallId: id, from: '+4930999999', actorId: actor.id })).json().data.accessToken,
    ).toBe(accessToken);

    const visitor = await visitorToken();
    const wrong = accessToken === '00000000' ? '00000001' : '00000000';
    const codeOf = async (token: string, t2: string, actorId: number) =>
      (await graphql(token, ANON, { t: t2, a: actorId })).json().data.anonymousVoiceCallChat.resultCode;
    expect(await codeOf(visitor.token, wrong, actor.id)).toBe(R.INVALID_TOKEN);
    expect(await codeOf(visitor.token, 'abc', actor.id)).toBe(R.INVALID_TOKEN);
    expect(await codeOf(visitor.token, accessToken, otherActor.id)).toBe(R.OTHER_ACTOR);

    const ok = await graphql(visitor.token, ANON, {
      t: `${accessToken.slice(0, 4)} ${accessToken.slice(4)}`,
      a: actor.id,
    });
    expect(ok.json().data.anonymousVoiceCallChat).toMatchObject({
      resultCode: 2000,
      state: { isVoicecallActive: true, isAnonymousVoicecall: true, call: { actorId: actor.id } },
    });
    // The same session again is still 2000; another session is refused; a logged-in guest too.
    expect(await codeOf(visitor.token, accessToken, actor.id)).toBe(R.OK);
    const second = await visitorToken();
    expect(await codeOf(second.token, accessToken, actor.id)).toBe(R.TOKEN_USED);
    const guest = await make.buildGuest();
    expect(await codeOf(guest.accessToken, accessToken, actor.id)).toBe(R.LOGGED_IN);
    // The visitor's state over REST (cookie session) says anonymous voice caller; the other does not.
    const state = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/voicecall/state',
      headers: { cookie: visitor.cookie },
    });
    expect(state.json().data).toMatchObject({ isVoicecallActive: true, isAnonymousVoicecall: true });
    const notMine = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/voicecall/state',
      headers: { cookie: second.cookie },
    });
    expect(notMine.json().data.isAnonymousVoicecall).toBe(false);

    expect((await hangup(id)).json().data.exitCode).toBe(903);
    expect(await codeOf(visitor.token, accessToken, actor.id)).toBe(R.CALL_ENDED);
    const ended = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/voicecall/state',
      headers: { cookie: visitor.cookie },
    });
    expect(ended.json().data.isAnonymousVoicecall).toBe(false);
  });

  it('a line without age check: 2000, but the video is refused with the age check (601) and no live session occupies the performer; nothing else opens for the anonymous voice caller (spec 6): no chats, no wallet, no purchases, no account', async () => {
    const actor = await make.buildActor({ isOnline: true });
    const id = callId();
    const dialed = await dial({ providerCallId: id, from: phone(), actorId: actor.id });
    const visitor = await visitorToken();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/anonymous',
      headers: { cookie: visitor.cookie },
      payload: { accessToken: dialed.json().data.accessToken, actorId: actor.id },
    });
    expect(ok.json().data).toMatchObject({
      resultCode: R.OK,
      state: { isAnonymousVoicecall: true, call: { actorId: actor.id, liveSessionId: null } },
      refusal: { code: 'NEED_AGE_CHECK', exitCode: 601 },
    });
    // The stand-in exists (the claim made it) but has no age check: the age check is never waived.
    const [standIn] = await queryRows<{ kind: string; avs_status: string }>(
      t.database.db,
      sql`select g.kind, g.avs_status from guests g join voice_calls v on v.caller_guest_id = g.id
        where v.provider_call_id = ${id}`,
    );
    expect(standIn).toEqual({ kind: 'voice-caller', avs_status: 'unknown' });
    const asCaller = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/rest/v1/${url}`,
        headers: { cookie: visitor.cookie },
        ...(payload ? { payload } : {}),
      });
    const refusals = await Promise.all([
      asCaller('POST', 'live/start', { actorId: actor.id, type: 'livechat', idempotencyKey: randomUUID() }),
      asCaller('GET', `live/offers/${actor.id}`),
      asCaller('POST', 'voicecall/video', {}),
      asCaller('GET', 'guest/getGuestBalance'),
      asCaller('GET', 'guest/transactions'),
      asCaller('GET', 'payment/methods'),
      asCaller('GET', 'guest/chatTickets'),
      asCaller('GET', 'guest/me'),
    ]);
    for (const refused of refusals) {
      expect([refused.statusCode, refused.json().error.code], refused.body).toEqual([401, 'NOT_LOGGED_IN']);
    }
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from live_sessions where actor_id = ${actor.id}`,
    );
    expect(rows[0]!.n).toBe(0);
    expect((await hangup(id)).json().data.exitCode).toBe(903);
  });

  it('token entries are limited: the 11th code of a session within 10 minutes is 429 RATE_LIMITED (10^8 codes, valid 15 minutes)', async () => {
    const actor = await make.buildActor({ isOnline: true });
    const visitor = await visitorToken();
    const enter = () =>
      t.app.inject({
        method: 'POST',
        url: '/rest/v1/voicecall/anonymous',
        headers: { cookie: visitor.cookie },
        remoteAddress: '10.136.250.1',
        payload: { accessToken: '00000000', actorId: actor.id },
      });
    for (let i = 0; i < 10; i++) expect((await enter()).statusCode).toBe(200);
    const refused = await enter();
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.headers['retry-after']).toBeDefined();
    // Without a session there is nobody to bind the call to.
    const none = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/anonymous',
      payload: { accessToken: '00000000', actorId: actor.id },
    });
    expect([none.statusCode, none.json().error.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('a token not entered within its time is expired (2002); the mutation needs a token (spec 8 Missing Vxql-Token)', async () => {
    const { service, clock } = serviceAt();
    const actor = await make.buildActor({ isOnline: true });
    const answer = await service.callStarted({ providerCallId: callId(), from: phone(), actorId: actor.id });
    clock.now += 16 * 60 * 1000;
    const visitor = await visitorToken();
    const sessionOf = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from guest_sessions order by id desc limit 1`,
    );
    const result = await service.anonymousChat({
      accessToken: answer.accessToken ?? '',
      actorId: actor.id,
      sessionId: Number(sessionOf[0]!.id),
      loggedIn: false,
    });
    expect(result.resultCode).toBe(R.TOKEN_EXPIRED);
    void visitor;
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: ANON, variables: { t: '12345678', a: actor.id } }),
    });
    expect(anonymous.json().errors[0].extensions.code).toBe('MISSING_TOKEN');
  });
});

describe('the performer\'s video and chat during a voice call (spec 4 "Voice call start sets active", spec 8 903/904, decision 0051)', () => {
  const kit = liveKit(t, { net: '10.138', performerSecret: SECRET });
  const ageChecked = async (guestId: number) =>
    t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guestId}`);
  const sessionsOf = (guestId: number) =>
    queryRows<{ id: string; type: string; status: string; exit_code: number | null; actor_id: number }>(
      t.database.db,
      sql`select id, type, status, exit_code, actor_id from live_sessions where guest_id = ${guestId} order by created_at`,
    );
  const stateOf = async (guest: { accessToken: string }) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/rest/v1/voicecall/state',
        headers: { authorization: `Bearer ${guest.accessToken}` },
      })
    ).json().data;
  async function endedSession(guestId: number, sessionId: string) {
    for (let i = 0; i < 100; i++) {
      const row = (await sessionsOf(guestId)).find((r) => r.id === sessionId);
      if (row?.status === 'ended') return row;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`session ${sessionId} did not end`);
  }

  it('a call opens a voice-call live session of the caller (priced 0, the phone pays); the page joins and watches; its minutes cost no coins; hangup ends it with 903; another guest never sees it', async () => {
    const number = phone();
    const guest = await guestWithPhone(number, 500);
    await ageChecked(guest.id);
    const other = await make.buildGuest();
    const actor = await make.buildActor({ isOnline: true, priceSingleCents: 150 });
    const id = callId();
    expect((await dial({ providerCallId: id, from: number, actorId: actor.id })).statusCode).toBe(200);

    const [session] = await sessionsOf(guest.id);
    expect(session).toMatchObject({ type: 'voice-call', actor_id: actor.id });
    expect(['starting', 'running']).toContain(session!.status);
    const state = await stateOf(guest);
    expect(state.call).toMatchObject({ actorId: actor.id, liveSessionId: session!.id });
    expect((await stateOf(other)).call).toBeNull();
    // Spec 6: another guest's session is 404, the same as none.
    const foreign = await kit.rest(other as never, 'GET', `live/sessions/${session!.id}`);
    expect(foreign.statusCode).toBe(404);
    // A voice call's video is opened by the call, never by live/start.
    const direct = await kit.start(guest as never, actor.id, 'voice-call');
    expect(direct.statusCode).toBe(400);
    // The performer is on the phone: exclusive, another guest's livechat is refused 906.
    const rival = await kit.guestWith(10_000);
    const refused = await kit.start(rival, actor.id, 'livechat');
    expect([refused.statusCode, refused.json().error.exitCode]).toEqual([409, 906]);

    // The page joins the session and watches the performer; two live minutes pass.
    const page = await kit.pageOf(guest as never);
    kit.send(page, guest as never, { type: 'liveJoin', sessionId: session!.id });
    await kit.answerAndShow(page, guest as never, session!.id, media);
    for (let i = 0; i < 100 && (await sessionsOf(guest.id))[0]!.status !== 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await sessionsOf(guest.id))[0]!.status).toBe('running');
    kit.send(page, guest as never, {
      type: 'liveMessage',
      sessionId: session!.id,
      messageId: randomUUID(),
      text: 'Hi!',
    });
    await new Promise((resolve) => setTimeout(resolve, 2_200));

    const ended = await hangup(id);
    expect(ended.json().data.exitCode).toBe(903);
    expect((await endedSession(guest.id, session!.id)).exit_code).toBe(903);
    expect((await stateOf(guest)).isVoicecallActive).toBe(false);
    const minutes = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from live_minutes where session_id = ${session!.id}`,
    );
    expect(minutes[0]!.n).toBe(0);
    const [message] = await queryRows<{ text: string }>(
      t.database.db,
      sql`select text from live_messages where session_id = ${session!.id}`,
    );
    expect(message?.text).toBe('Hi!');
    // The voice billing is unchanged: the phone's top-up and the chat purchase of the same amount.
    const [row] = await queryRows<{ id: string; billed_cents: number }>(
      t.database.db,
      sql`select id, billed_cents from voice_calls where provider_call_id = ${id}`,
    );
    const transfers = await transfersOf(`voicecall:${row!.id}:`);
    expect(transfers.map((x) => [x.kind, x.reference.paytype])).toEqual([
      ['top-up', 'Voice'],
      ['chat', 'Voice'],
    ]);
    expect(await balanceOf(guest.id)).toBe(500);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it("a new call ends the video with 904 and opens the new call's; voicecall/video opens it again after it ended otherwise, and is 404 without a call", async () => {
    const number = phone();
    const guest = await guestWithPhone(number);
    await ageChecked(guest.id);
    const actor = await make.buildActor({ isOnline: true });
    const first = callId();
    const second = callId();
    await dial({ providerCallId: first, from: number, actorId: actor.id });
    const [old] = await sessionsOf(guest.id);
    await dial({ providerCallId: second, from: number, actorId: actor.id });
    expect((await endedSession(guest.id, old!.id)).exit_code).toBe(904);
    const fresh = (await sessionsOf(guest.id)).filter((r) => r.status !== 'ended');
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ type: 'voice-call' });

    // The guest leaves the video (100): the phone call goes on, the page may open the video again.
    const exit = await kit.rest(guest as never, 'POST', `live/sessions/${fresh[0]!.id}/exit`, {});
    expect(exit.statusCode, exit.body).toBe(200);
    await endedSession(guest.id, fresh[0]!.id);
    expect((await stateOf(guest)).call).toMatchObject({ liveSessionId: null });
    const video = () =>
      t.app.inject({
        method: 'POST',
        url: '/rest/v1/voicecall/video',
        headers: { authorization: `Bearer ${guest.accessToken}` },
      });
    const reopened = await video();
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.refusal).toBeNull();
    const again = reopened.json().data.state.call.liveSessionId as string;
    expect(again).not.toBe(fresh[0]!.id);
    expect((await video()).json().data.state.call.liveSessionId).toBe(again);

    expect((await hangup(second)).json().data.exitCode).toBe(903);
    expect((await endedSession(guest.id, again)).exit_code).toBe(903);
    const none = await video();
    expect([none.statusCode, none.json().error.code]).toEqual([404, 'VOICECALL_NOT_FOUND']);
    const visitor = await t.app.inject({ method: 'POST', url: '/rest/v1/voicecall/video' });
    expect(visitor.statusCode).toBe(401);
  });

  it('without the age check the call runs without video, and the page learns why (NEED_AGE_CHECK 601)', async () => {
    const number = phone();
    const guest = await guestWithPhone(number);
    const actor = await make.buildActor({ isOnline: true });
    const id = callId();
    expect((await dial({ providerCallId: id, from: number, actorId: actor.id })).statusCode).toBe(200);
    expect(await sessionsOf(guest.id)).toEqual([]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/video',
      headers: { authorization: `Bearer ${guest.accessToken}` },
    });
    expect(answer.json().data).toMatchObject({
      state: { isVoicecallActive: true, call: { liveSessionId: null } },
      refusal: { code: 'NEED_AGE_CHECK', exitCode: 601 },
    });
    expect((await hangup(id)).json().data.exitCode).toBe(903);
  });

  it("the anonymous voice caller on an age-verified line: 2000 opens a voice-call session owned by the call's stand-in; the caller's session (and no other) resumes and leaves only that session; its socket watches, writes and is refused everything else; hangup ends it with 903 and voicecall stop", async () => {
    const actor = await make.buildActor({ isOnline: true });
    const id = callId();
    const dialed = await dial({ providerCallId: id, from: phone(), actorId: actor.id, ageVerified: true });
    expect(dialed.statusCode, dialed.body).toBe(200);
    const caller = await visitorToken();
    const entered = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/anonymous',
      headers: { cookie: caller.cookie },
      payload: { accessToken: dialed.json().data.accessToken, actorId: actor.id },
    });
    expect(entered.json().data, entered.body).toMatchObject({ resultCode: R.OK, refusal: null });
    const liveSessionId = entered.json().data.state.call.liveSessionId as string;
    expect(liveSessionId).toEqual(expect.any(String));

    // The session belongs to the call's stand-in: kind voice-caller, the line's age check, no session.
    const [standIn] = await queryRows<{ id: number; kind: string; avs_status: string; sessions: number }>(
      t.database.db,
      sql`select g.id, g.kind, g.avs_status,
          (select count(*)::int from guest_sessions s where s.guest_id = g.id) as sessions
        from guests g join voice_calls v on v.caller_guest_id = g.id where v.provider_call_id = ${id}`,
    );
    expect(standIn).toMatchObject({ kind: 'voice-caller', avs_status: 'accepted', sessions: 0 });
    const [session] = await sessionsOf(Number(standIn!.id));
    expect(session).toMatchObject({ id: liveSessionId, type: 'voice-call', actor_id: actor.id });
    // The same session entering again is 2000 with the same video; the state after a reload says it.
    const state = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/voicecall/state',
      headers: { cookie: caller.cookie },
    });
    expect(state.json().data.call).toMatchObject({ liveSessionId });

    // The tab's resume: the caller's session reads that session; another visitor, a guest cannot.
    const asSession = (cookie: string | null, path: string, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({
        method,
        url: `/rest/v1/${path}`,
        headers: cookie ? { cookie } : {},
        ...(method === 'POST' ? { payload: {} } : {}),
      });
    const resumed = await asSession(caller.cookie, `live/sessions/${liveSessionId}`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ sessionId: liveSessionId, type: 'voice-call' });
    const second = await visitorToken();
    const refusedSecond = await asSession(second.cookie, `live/sessions/${liveSessionId}`);
    expect([refusedSecond.statusCode, refusedSecond.json().error.code]).toEqual([401, 'NOT_LOGGED_IN']);
    expect((await asSession(second.cookie, `live/sessions/${liveSessionId}/exit`, 'POST')).statusCode).toBe(
      401,
    );
    const other = await make.buildGuest();
    expect((await kit.rest(other as never, 'GET', `live/sessions/${liveSessionId}`)).statusCode).toBe(404);
    // Only the session view and the exit: the receipt, a start, the offers, a tip stay closed.
    for (const closed of await Promise.all([
      asSession(caller.cookie, `live/sessions/${liveSessionId}/receipt`),
      asSession(caller.cookie, `live/offers/${actor.id}`),
      asSession(caller.cookie, 'voicecall/video', 'POST'),
      asSession(caller.cookie, 'guest/getGuestBalance'),
      asSession(caller.cookie, 'guest/me'),
    ])) {
      expect([closed.statusCode, closed.json().error.code], closed.body).toEqual([401, 'NOT_LOGGED_IN']);
    }

    // The caller's page: a socket with its session's token, no guest id (it never learns the stand-in).
    const address = t.app.server.address() as AddressInfo;
    const page = await openSocket(`ws://127.0.0.1:${address.port}/socket`);
    const send = (message: object) => page.send({ ...message, accessToken: caller.token, guestId: null });
    send({ type: 'requestSession', language: 'en' });
    expect(await page.next('ackSession')).toMatchObject({ guestId: null, snapshot: null });
    send({ type: 'liveJoin', sessionId: liveSessionId });
    expect(await page.next('liveState')).toMatchObject({ sessionId: liveSessionId });
    const offer = await page.next('liveOffer');
    send({ type: 'liveAnswer', sessionId: liveSessionId, offerId: offer.offerId, sdp: vp8Sdp('recvonly') });
    send({ type: 'liveMediaUp', sessionId: liveSessionId, offerId: offer.offerId });
    media.deliver(liveSessionId, 'up', 'guest');
    for (let i = 0; i < 100 && (await sessionsOf(Number(standIn!.id)))[0]!.status !== 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await sessionsOf(Number(standIn!.id)))[0]!.status).toBe('running');
    send({
      type: 'liveMessage',
      sessionId: liveSessionId,
      messageId: randomUUID(),
      text: 'Hello from the phone',
    });
    // Everything else is the visitor's refusal: another session id, a reaction, the wallet, a pin.
    const refusedTypes: string[] = [];
    for (const message of [
      { type: 'liveJoin', sessionId: randomUUID() },
      { type: 'sendLiveReaction', sessionId: liveSessionId, reaction: 'heart' },
      { type: 'canOneClick' },
      { type: 'refreshEmailProperties' },
    ]) {
      send(message);
      const error = await page.next('error');
      expect(error, JSON.stringify(message)).toMatchObject({
        code: 'NOT_LOGGED_IN',
        inReplyTo: message.type,
      });
      refusedTypes.push(message.type);
    }
    expect(refusedTypes).toHaveLength(4);
    // A message with another token is not this socket's.
    page.send({
      type: 'liveMessage',
      sessionId: liveSessionId,
      messageId: randomUUID(),
      text: 'x',
      accessToken: second.token,
      guestId: null,
    });
    expect(await page.next('error')).toMatchObject({ code: 'TOKEN_MISMATCH' });
    const messages = async () =>
      queryRows<{ text: string }>(
        t.database.db,
        sql`select text from live_messages where session_id = ${liveSessionId}`,
      );
    for (let i = 0; i < 100 && (await messages()).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await messages()).map((m) => m.text)).toEqual(['Hello from the phone']);

    // Hangup: the session ends with 903, the caller's page hears voicecall stop, the scope ends.
    expect((await hangup(id)).json().data.exitCode).toBe(903);
    expect((await endedSession(Number(standIn!.id), liveSessionId)).exit_code).toBe(903);
    expect(await page.next('voicecallStop')).toMatchObject({ voicecallIdHash: expect.any(String) });
    let after: { code?: string } = {};
    for (let i = 0; i < 50 && after.code !== 'NOT_LOGGED_IN'; i++) {
      send({ type: 'liveMessage', sessionId: liveSessionId, messageId: randomUUID(), text: 'gone?' });
      after = await page.next('error');
    }
    expect(after).toMatchObject({ code: 'NOT_LOGGED_IN' });
    const gone = await asSession(caller.cookie, `live/sessions/${liveSessionId}`);
    expect([gone.statusCode, gone.json().error.code]).toEqual([401, 'NOT_LOGGED_IN']);
    // Nothing was billed in coins: the phone paid (clearing to the performer's share and revenue).
    const minutes = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from live_minutes where session_id = ${liveSessionId}`,
    );
    expect(minutes[0]!.n).toBe(0);
    await expectLedgerInvariantsOf(t.database.db);
    page.close();
  });

  it("the stand-in is nobody's account: it cannot log in, get a password reset mail or a login transfer, and a session naming it is a visitor's", async () => {
    const actor = await make.buildActor({ isOnline: true });
    const id = callId();
    const dialed = await dial({ providerCallId: id, from: phone(), actorId: actor.id, ageVerified: true });
    const caller = await visitorToken();
    await t.app.inject({
      method: 'POST',
      url: '/rest/v1/voicecall/anonymous',
      headers: { cookie: caller.cookie },
      payload: { accessToken: dialed.json().data.accessToken, actorId: actor.id },
    });
    const [standIn] = await queryRows<{ id: number; email: string; screen_name: string }>(
      t.database.db,
      sql`select g.id, g.email, g.screen_name from guests g join voice_calls v on v.caller_guest_id = g.id
        where v.provider_call_id = ${id}`,
    );
    expect(standIn!.email).toMatch(/@caller\.invalid$/);
    expect(standIn!.screen_name).toMatch(/^Caller \d{4}$/);
    // Refused by its kind, not by its hash: even a hash that verifies does not log it in.
    const password = 'Known-Password-1';
    await t.database.db.execute(
      sql`update guests set password_hash = ${await hashPassword(password)} where id = ${standIn!.id}`,
    );
    for (const login of [standIn!.email, standIn!.screen_name]) {
      const tried = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/login',
        remoteAddress: '10.136.251.1',
        payload: { login, password },
      });
      expect([tried.statusCode, tried.json().error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    }
    const lost = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/passwordLost',
      remoteAddress: '10.136.251.2',
      payload: { email: standIn!.email, language: 'en' },
    });
    expect(lost.statusCode).toBe(200);
    const mail = await t.app.inject({
      method: 'GET',
      url: `/dev/mail/latest.json?to=${encodeURIComponent(standIn!.email)}`,
    });
    expect(mail.statusCode).toBe(404);
    // Arranged against the rule (no code writes it): a session and a transfer token naming the stand-in.
    const repository = createGuestsRepository(t.database.db);
    const cookieToken = randomUUID();
    const row = await repository.insertSession({
      guestId: Number(standIn!.id),
      tokenHash: hashSessionToken(cookieToken),
      userAgent: null,
      ip: null,
    });
    const transfer = await createLoginTransfer(repository, row.id);
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/vxpay/onsuccess',
      remoteAddress: '10.136.251.4',
      payload: { result: { flow: 'login', transferToken: transfer } },
    });
    expect(exchanged.statusCode, exchanged.body).toBeGreaterThanOrEqual(400);
    expect(exchanged.statusCode).toBeLessThan(500);
    const asStandIn = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/me',
      headers: { cookie: `${SESSION_COOKIE}=${cookieToken}` },
    });
    expect([asStandIn.statusCode, asStandIn.json().error.code]).toEqual([401, 'NOT_LOGGED_IN']);
    expect((await hangup(id)).json().data.exitCode).toBe(903);
  });
});

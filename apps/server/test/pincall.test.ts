/**
 * Pin call verification over the guest service (issue 18 deliverable 4; spec 4 states started /
 * verified, spec 5 code length 6 mobile / 5 fixed line, spec 7 pincallStart (phone number, type,
 * language) and pincallVerify (id, type, pin), spec 8 phone verification codes 1-10, spec 3
 * Guest.pincallVerifications). Through HTTP on a real database: the pin comes from the telephony
 * sandbox's dev outbox (/dev/mail/latest.json, kind sms / voice-call), each code by its real cause;
 * the timeout (4) with an injected clock on the service. The pin is never stored in clear.
 */

import { PINCALL_DOCUMENTS } from '@vela/contracts/pincall';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { PINCALL_TIMEOUT_MS } from '@vela/domain/pincall';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimitStore } from '../src/infra/rate-limit.ts';
import type { PinMessage } from '../src/infra/telephony.ts';
import { createPincallService } from '../src/modules/pincall/pincall.service.ts';
import { createVerifiedPhones } from '../src/modules/pincall/verified-phones.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { graphqlAs, type SignedUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.76';

let t: TestApp;
let make: Factories;

const graphql = (document: string, variables: object, who: SignedUp | null) =>
  graphqlAs(t.app, NET, who, document, variables);

async function start(who: SignedUp, phoneNumber: string, type = 'mobile', language = 'en') {
  const answer = await graphql(PINCALL_DOCUMENTS.pincallStart, { phoneNumber, type, language }, who);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json();
  expect(body.errors, answer.body).toBeUndefined();
  return body.data.pincallStart as {
    success: boolean;
    id: string | null;
    codeLength: number | null;
    state: string | null;
    errorCode: number | null;
  };
}

async function verify(who: SignedUp, id: string, pin: string, type = 'mobile') {
  const answer = await graphql(PINCALL_DOCUMENTS.pincallVerify, { id, type, pin }, who);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json();
  expect(body.errors, answer.body).toBeUndefined();
  return body.data.pincallVerify as {
    success: boolean;
    state: string | null;
    errorCode: number | null;
    attemptsLeft: number | null;
  };
}

/** The newest sandbox message to the number, from the dev outbox's JSON twin. */
async function outboxTo(e164: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/dev/mail/latest.json?to=${encodeURIComponent(e164)}`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const mail = answer.json().data.mail as { kind: string; to: string; text: string };
  return { ...mail, pin: /(\d(?: ?\d){4,7})/.exec(mail.text)?.[1]?.replaceAll(' ', '') ?? '' };
}

const wrongPin = (pin: string) => pin.replace(/^./, (d) => String((Number(d) + 1) % 10));

let serial = 1000;
/** A fresh German mobile number (+49 151 …) per test: the per-number limit stays out of the way. */
const mobile = () => `+49 151 2${String(++serial).padStart(7, '0')}`;
const e164Of = (typed: string) => typed.replaceAll(' ', '');

beforeAll(async () => {
  t = await createTestApp();
  make = factoriesOf(t, { net: NET });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('pincall: start and verify with the pin from the sandbox outbox (spec 4, 5, 7)', () => {
  it('mobile: a 6-digit pin by SMS verifies the number; state started, then verified; listed masked (spec 3)', async () => {
    const guest = await make.buildGuest();
    const typed = mobile();
    const started = await start(guest, typed, 'mobile', 'de');
    expect(started).toMatchObject({ success: true, codeLength: 6, state: 'started', errorCode: null });
    const sms = await outboxTo(e164Of(typed));
    expect(sms.kind).toBe('sms');
    expect(sms.text).toContain('Dein Vela-Code lautet');
    expect(sms.pin).toMatch(/^\d{6}$/);

    const listed = await graphql(PINCALL_DOCUMENTS.pincallVerifications, {}, guest);
    const open = listed.json().data.pincallVerifications.open;
    expect(open).toMatchObject({ id: started.id, type: 'mobile', codeLength: 6, attemptsLeft: 3 });
    expect(open.phone).not.toContain(e164Of(typed).slice(4, 10));

    expect(await verify(guest, started.id!, sms.pin)).toEqual({
      success: true,
      state: 'verified',
      errorCode: null,
      attemptsLeft: null,
    });
    const after = (await graphql(PINCALL_DOCUMENTS.pincallVerifications, {}, guest)).json().data
      .pincallVerifications;
    expect(after.open).toBeNull();
    expect(after.verified).toEqual([
      { phone: `+49 151 ••• ${e164Of(typed).slice(-4)}`, type: 'mobile', verifiedAt: expect.any(String) },
    ]);
    // The read port of the voice call module.
    const phones = createVerifiedPhones(t.database.db);
    expect(await phones.guestOf(e164Of(typed))).toBe(guest.id);
    expect(await phones.numbersOf(guest.id)).toEqual([e164Of(typed)]);
  });

  it('landline (fixed line): a 5-digit pin by voice call; national form 030… with the German page', async () => {
    const guest = await make.buildGuest();
    const started = await start(guest, '(030) 1234-5678', 'landline', 'de');
    expect(started).toMatchObject({ success: true, codeLength: 5, state: 'started' });
    const call = await outboxTo('+493012345678');
    expect(call.kind).toBe('voice-call');
    expect(call.pin).toMatch(/^\d{5}$/);
    expect((await verify(guest, started.id!, call.pin, 'landline')).success).toBe(true);
  });

  it('the pin is not stored in clear: only a keyed hash, and no column holds the digits', async () => {
    const guest = await make.buildGuest();
    const typed = mobile();
    const started = await start(guest, typed);
    const { pin } = await outboxTo(e164Of(typed));
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select * from pincall_verifications where id = ${started.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.pin_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(pin);
  });
});

describe('pincall: spec 8 phone verification codes, each by its real cause', () => {
  it.each([
    ['1 invalid phone number: letters', 'call me', 'mobile', 1],
    ['1 invalid phone number: unknown calling code', '+999 1234 5678', 'mobile', 1],
    ['1 invalid phone number: too short for Germany', '+49 151 12', 'mobile', 1],
    ['2 country not allowed: a British mobile', '+44 7700 900123', 'mobile', 2],
    ['3 invalid verification type: not mobile/landline', '+49 151 23456789', 'fax', 3],
    ['3 invalid verification type: an SMS to a fixed line', '+49 30 12345678', 'mobile', 3],
    ['5 number blacklisted: premium rate 0900', '+49 900 1234567', 'landline', 5],
  ])('%s', async (_label, phoneNumber, type, code) => {
    const guest = await make.buildGuest();
    expect(await start(guest, phoneNumber, type)).toEqual({
      success: false,
      id: null,
      codeLength: null,
      state: null,
      errorCode: code,
    });
  });

  it('6 number not unique: a number another guest verified (start and a late verify)', async () => {
    const [alice, bob] = [await make.buildGuest(), await make.buildGuest()];
    const typed = mobile();
    // Both start before either verifies; alice verifies first, bob's verify then answers 6.
    const aliceStart = await start(alice, typed);
    const alicePin = (await outboxTo(e164Of(typed))).pin;
    const bobStart = await start(bob, typed);
    const bobPin = (await outboxTo(e164Of(typed))).pin;
    expect((await verify(alice, aliceStart.id!, alicePin)).success).toBe(true);
    expect(await verify(bob, bobStart.id!, bobPin)).toMatchObject({ success: false, errorCode: 6 });
    expect((await start(bob, typed)).errorCode).toBe(6);
  });

  it("7 id does not exist: an unknown id, and another guest's id", async () => {
    const [alice, bob] = [await make.buildGuest(), await make.buildGuest()];
    const typed = mobile();
    const started = await start(alice, typed);
    const { pin } = await outboxTo(e164Of(typed));
    expect((await verify(alice, 'no-such-verification', pin)).errorCode).toBe(7);
    expect(await verify(bob, started.id!, pin)).toMatchObject({ success: false, errorCode: 7, state: null });
    // Bob's try changed nothing: alice still verifies with all attempts.
    expect((await verify(alice, started.id!, pin)).success).toBe(true);
  });

  it('3 on verify: a type other than the start', async () => {
    const guest = await make.buildGuest();
    const typed = mobile();
    const started = await start(guest, typed);
    const { pin } = await outboxTo(e164Of(typed));
    expect((await verify(guest, started.id!, pin, 'landline')).errorCode).toBe(3);
  });

  it('8 invalid code with the attempts left, then 9 attempt limit reached: the verification is dead', async () => {
    const guest = await make.buildGuest();
    const typed = mobile();
    const started = await start(guest, typed);
    const { pin } = await outboxTo(e164Of(typed));
    expect(await verify(guest, started.id!, wrongPin(pin))).toEqual({
      success: false,
      state: 'started',
      errorCode: 8,
      attemptsLeft: 2,
    });
    // A malformed pin (letters, wrong length) is a wrong pin too.
    expect(await verify(guest, started.id!, '12ab')).toMatchObject({ errorCode: 8, attemptsLeft: 1 });
    expect(await verify(guest, started.id!, wrongPin(pin))).toEqual({
      success: false,
      state: 'failed',
      errorCode: 9,
      attemptsLeft: 0,
    });
    // Dead: even the right pin answers 9 now.
    expect(await verify(guest, started.id!, pin)).toMatchObject({ success: false, errorCode: 9 });
  });

  it('parallel wrong pins count once each: never more than the limit pass', async () => {
    const guest = await make.buildGuest();
    const typed = mobile();
    const started = await start(guest, typed);
    const { pin } = await outboxTo(e164Of(typed));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => verify(guest, started.id!, wrongPin(pin))),
    );
    expect(answers.filter((a) => a.errorCode === 8)).toHaveLength(2);
    expect(answers.filter((a) => a.errorCode === 9)).toHaveLength(4);
  });

  it('4 verification timeout after 10 minutes (injected clock); 10 unknown when the telephony fails', async () => {
    const guest = await make.buildGuest();
    let clock = new Date('2030-01-01T10:00:00Z');
    const sent: PinMessage[] = [];
    let fail = false;
    const service = createPincallService({
      db: t.database.db,
      telephony: {
        name: 'test',
        async sendPin(message) {
          if (fail) throw new Error('provider down');
          sent.push(message);
        },
      },
      rateLimits: createRateLimitStore(t.database.db),
      secret: async () => 'test-secret',
      now: () => clock,
      log: { error() {} },
    });
    const started = await service.start(
      guest.id,
      { phoneNumber: '+43 664 1234567', type: 'mobile', language: 'nl' },
      null,
    );
    expect(started).toMatchObject({ success: true, codeLength: 6 });
    expect(sent[0]).toMatchObject({ phoneE164: '+436641234567', language: 'nl' });
    clock = new Date(clock.getTime() + PINCALL_TIMEOUT_MS);
    expect(
      await service.verify(guest.id, { id: started.id!, type: 'mobile', pin: sent[0]!.pin }),
    ).toMatchObject({
      success: false,
      state: 'expired',
      errorCode: 4,
    });
    fail = true;
    expect(
      await service.start(
        guest.id,
        { phoneNumber: '+41 79 123 45 67', type: 'mobile', language: 'de' },
        'CH',
      ),
    ).toMatchObject({ success: false, errorCode: 10 });
  });
});

describe('pincall: who may call, bad input, limits (spec 6, decision 0025)', () => {
  it("a visitor without a token gets spec 8's Missing Vxql-Token; nothing is sent", async () => {
    const answer = await graphql(
      PINCALL_DOCUMENTS.pincallStart,
      { phoneNumber: '+49 151 99999999', type: 'mobile', language: 'en' },
      null,
    );
    expect(answer.json()).toMatchObject({ data: null, errors: [{ message: 'Missing Vxql-Token' }] });
    const mails = await t.app.inject({
      method: 'GET',
      url: `/dev/mail/latest.json?to=${encodeURIComponent('+4915199999999')}`,
    });
    expect(mails.statusCode).toBe(404);
  });

  it('control characters answer 400; oversize input and a bad language a coded error, never a 500', async () => {
    const guest = await make.buildGuest();
    const control = await graphql(
      PINCALL_DOCUMENTS.pincallStart,
      { phoneNumber: '+49 151\u0000 23456789', type: 'mobile', language: 'en' },
      guest,
    );
    expect(control.statusCode).toBe(400);
    for (const variables of [
      { phoneNumber: '1'.repeat(500), type: 'mobile', language: 'en' },
      { phoneNumber: '+49 151 23456789', type: 'mobile', language: 'xx' },
    ]) {
      const answer = await graphql(PINCALL_DOCUMENTS.pincallStart, variables, guest);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().errors[0].extensions.code).toBe('VALIDATION_ERROR');
    }
    const longId = await graphql(
      PINCALL_DOCUMENTS.pincallVerify,
      { id: 'x'.repeat(1000), type: 'mobile', pin: '1' },
      guest,
    );
    expect(longId.json().errors[0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('rate limits: 3 starts per number and hour, whoever asks (429 RATE_LIMITED code)', async () => {
    const typed = mobile();
    for (let i = 0; i < 3; i++) expect((await start(await make.buildGuest(), typed)).success).toBe(true);
    const refused = await graphql(
      PINCALL_DOCUMENTS.pincallStart,
      { phoneNumber: typed, type: 'mobile', language: 'en' },
      await make.buildGuest(),
    );
    expect(refused.json().errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});

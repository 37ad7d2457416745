/**
 * Age verification through HTTP (spec 4): unknown -> pending -> accepted | rejected(message), a
 * rejected guest tries again, revocation -> unknown; every change is an event on `guest:<id>`.
 * The sandbox provider leaves requests pending; the operator decides through the internal API.
 */
import { eq } from '@vela/db/orm';
import { avsRequests, guests } from '@vela/db/schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InProcessBus } from '../src/infra/bus.ts';
import { isOfAge, parseBirthDate } from '../src/modules/avs/avs.service.ts';
import { nextIp, operatorOf, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const INTERNAL_TOKEN = 'avs-test-internal-token-0123456789';

/** This file's client addresses (10.9.x.y), apart from the other test files. */
const NET = '10.9';

type Harness = TestApp;

/** The app with this file's operator token (and `env` on top). */
function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  return createTestApp({
    env: { INTERNAL_API_TOKEN: INTERNAL_TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1', ...env },
  });
}

const VALID_REQUEST = {
  fullName: 'Alex Example',
  birthDate: '1990-04-12',
  documentType: 'id-card',
  documentNumber: 'L01X00T47',
} as const;

const status = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/rest/v1/avs/status', headers: { cookie } });
const submit = (app: FastifyInstance, cookie: string, payload: object = VALID_REQUEST) =>
  app.inject({ method: 'POST', url: '/rest/v1/avs/request', headers: { cookie }, payload });
const internal = operatorOf(INTERNAL_TOKEN);

/** Collects the events published on guest:<id>. */
async function recordEvents(bus: InProcessBus, guestId: number) {
  const events: unknown[] = [];
  const stop = await bus.subscribe(`guest:${guestId}`, (event) => {
    events.push(event);
  });
  /**
   * Resolves once every event published so far has arrived: the bus delivers in publish order, so a
   * marker published now arrives after all of them.
   */
  const settle = async () => {
    const mark = { type: 'test-mark' };
    await bus.publish(`guest:${guestId}`, mark);
    await vi.waitFor(() => expect(events.at(-1)).toEqual(mark), { timeout: 5_000 });
    events.pop();
  };
  return { events, stop, settle };
}

async function pendingRequestIdOf(app: FastifyInstance, guestId: number): Promise<string> {
  const list = await internal(app, 'GET', 'avs/requests?status=pending&limit=200');
  expect(list.statusCode, list.body).toBe(200);
  const found = list.json().data.requests.find((r: { guestId: string }) => r.guestId === String(guestId));
  expect(found, 'the pending request is in the operator queue').toBeDefined();
  return found.id;
}

describe('age verification (spec 4)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('visitors cannot read or request age verification: 401 NOT_LOGGED_IN', async () => {
    const read = await h.app.inject({ method: 'GET', url: '/rest/v1/avs/status' });
    expect(read.statusCode).toBe(401);
    expect(read.json().error.code).toBe('NOT_LOGGED_IN');
    const request = await h.app.inject({
      method: 'POST',
      url: '/rest/v1/avs/request',
      payload: VALID_REQUEST,
    });
    expect(request.statusCode).toBe(401);
    expect(request.json().error.code).toBe('NOT_LOGGED_IN');
  });

  it('spec 4: unknown -> pending -> accepted by the operator -> revoked to unknown, with avsPending, avsSet, avsRevoked on guest:<id>', async () => {
    const guest = await signUp(h.app, 'Avs_Accept', { ip: nextIp(NET) });
    const recorder = await recordEvents(h.bus, guest.id);

    const initial = await status(h.app, guest.cookie);
    expect(initial.statusCode).toBe(200);
    expect(initial.headers['cache-control']).toBe('no-store');
    expect(initial.json().data).toEqual({ avsStatus: 'unknown', avsRejectMessage: null });

    const submitted = await submit(h.app, guest.cookie);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toEqual({ avsStatus: 'pending', avsRejectMessage: null });
    expect((await status(h.app, guest.cookie)).json().data.avsStatus).toBe('pending');

    const again = await submit(h.app, guest.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('AVS_ALREADY_PENDING');

    // Only the last 4 characters of the document number are stored.
    const rows = await h.database.db.select().from(avsRequests).where(eq(avsRequests.guestId, guest.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      documentLast4: '0T47',
      provider: 'sandbox',
    });
    expect(JSON.stringify(rows)).not.toContain('L01X00T47');

    const requestId = await pendingRequestIdOf(h.app, guest.id);
    const list = await internal(h.app, 'GET', 'avs/requests?status=pending');
    const listed = list.json().data.requests.find((r: { id: string }) => r.id === requestId);
    expect(listed).toMatchObject({
      guestId: String(guest.id),
      screenName: 'Avs_Accept',
      fullName: 'Alex Example',
      birthDate: '1990-04-12',
      documentType: 'id-card',
      documentLast4: '0T47',
    });
    expect(JSON.stringify(listed)).not.toContain('L01X00T47');

    const accepted = await internal(h.app, 'POST', `avs/requests/${requestId}/decision`, {
      decision: 'accept',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ avsStatus: 'accepted', guestId: String(guest.id) });
    // The whole declared answer (decision 0032), nothing more or less.
    expect(accepted.json().data).toEqual({
      requestId,
      guestId: String(guest.id),
      avsStatus: 'accepted',
      avsRejectMessage: null,
    });
    expect((await status(h.app, guest.cookie)).json().data).toEqual({
      avsStatus: 'accepted',
      avsRejectMessage: null,
    });
    const me = await h.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/me',
      headers: { cookie: guest.cookie },
    });
    expect(me.json().data.guest).toMatchObject({ hasAvs: true, avsStatus: 'accepted' });

    const decidedTwice = await internal(h.app, 'POST', `avs/requests/${requestId}/decision`, {
      decision: 'reject',
      message: 'too late',
    });
    expect(decidedTwice.statusCode).toBe(409);
    expect(decidedTwice.json().error.code).toBe('AVS_REQUEST_NOT_PENDING');

    const afterAccept = await submit(h.app, guest.cookie);
    expect(afterAccept.statusCode).toBe(409);
    expect(afterAccept.json().error.code).toBe('AVS_ALREADY_ACCEPTED');

    const revoked = await internal(h.app, 'POST', `avs/guests/${guest.id}/revoke`, {
      reason: 'document forged',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await status(h.app, guest.cookie)).json().data).toEqual({
      avsStatus: 'unknown',
      avsRejectMessage: null,
    });
    const [request] = await h.database.db
      .select()
      .from(avsRequests)
      .where(eq(avsRequests.id, Number(requestId)));
    expect(request).toMatchObject({ status: 'revoked', decisionMessage: 'document forged' });

    const revokedTwice = await internal(h.app, 'POST', `avs/guests/${guest.id}/revoke`);
    expect(revokedTwice.statusCode).toBe(409);
    expect(revokedTwice.json().error.code).toBe('AVS_NOT_ACCEPTED');

    await recorder.settle();
    const isAvs = (event: unknown) => String((event as { type: string }).type).startsWith('avs');
    expect(recorder.events.filter(isAvs)).toEqual([
      { type: 'avsPending' },
      { type: 'avsSet' },
      { type: 'avsRevoked' },
    ]);
    // The acceptance is also a notification (type 5), announced after avsSet.
    const notices = recorder.events.filter((event) => !isAvs(event));
    expect(notices).toMatchObject([{ type: 'notification', notification: { type: 5, unread: true } }]);
    expect(recorder.events.indexOf(notices[0])).toBe(2);
    await recorder.stop();
  });

  it('spec 4: a rejection carries the operator message to the guest, who may submit again (rejected -> pending)', async () => {
    const guest = await signUp(h.app, 'Avs_Reject', { ip: nextIp(NET) });
    const recorder = await recordEvents(h.bus, guest.id);
    expect((await submit(h.app, guest.cookie)).statusCode).toBe(200);
    const requestId = await pendingRequestIdOf(h.app, guest.id);

    const missingMessage = await internal(h.app, 'POST', `avs/requests/${requestId}/decision`, {
      decision: 'reject',
    });
    expect(missingMessage.statusCode).toBe(400);
    expect(missingMessage.json().error.code).toBe('VALIDATION_ERROR');

    const rejected = await internal(h.app, 'POST', `avs/requests/${requestId}/decision`, {
      decision: 'reject',
      message: 'The photo of the document is not readable',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const read = await status(h.app, guest.cookie);
    expect(read.json().data).toEqual({
      avsStatus: 'rejected',
      avsRejectMessage: 'The photo of the document is not readable',
    });
    const me = await h.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/me',
      headers: { cookie: guest.cookie },
    });
    expect(me.json().data.guest).toMatchObject({
      hasAvs: false,
      avsStatus: 'rejected',
      avsRejectMessage: 'The photo of the document is not readable',
    });

    const retry = await submit(h.app, guest.cookie, { ...VALID_REQUEST, documentType: 'passport' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toEqual({ avsStatus: 'pending', avsRejectMessage: null });
    const rows = await h.database.db.select().from(avsRequests).where(eq(avsRequests.guestId, guest.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'rejected']);

    await recorder.settle();
    expect(recorder.events).toEqual([
      { type: 'avsPending' },
      { type: 'avsRejected', message: 'The photo of the document is not readable' },
      { type: 'avsPending' },
    ]);
    await recorder.stop();
  });

  it('the guest must be 18 or older on the birth date: 400 AVS_UNDERAGE and nothing changes', async () => {
    const guest = await signUp(h.app, 'Avs_Young', { ip: nextIp(NET) });
    const now = new Date();
    const young = `${now.getUTCFullYear() - 17}-01-01`;
    const refused = await submit(h.app, guest.cookie, { ...VALID_REQUEST, birthDate: young });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('AVS_UNDERAGE');
    const [row] = await h.database.db.select().from(guests).where(eq(guests.id, guest.id));
    expect(row?.avsStatus).toBe('unknown');
    expect(
      await h.database.db.select().from(avsRequests).where(eq(avsRequests.guestId, guest.id)),
    ).toHaveLength(0);
  });

  it('bad input is a 400 with a code and changes nothing (impossible date, unknown document type, extra fields)', async () => {
    const guest = await signUp(h.app, 'Avs_BadInput', { ip: nextIp(NET) });
    const cases: [object, string][] = [
      [{ ...VALID_REQUEST, birthDate: '1990-02-30' }, 'AVS_INVALID_BIRTH_DATE'],
      [{ ...VALID_REQUEST, birthDate: '1850-01-01' }, 'AVS_INVALID_BIRTH_DATE'],
      [{ ...VALID_REQUEST, documentType: 'library-card' }, 'VALIDATION_ERROR'],
      [{ ...VALID_REQUEST, documentNumber: 'x' }, 'VALIDATION_ERROR'],
      [{ ...VALID_REQUEST, avsStatus: 'accepted' }, 'VALIDATION_ERROR'],
    ];
    for (const [payload, code] of cases) {
      const response = await submit(h.app, guest.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe(code);
    }
    expect((await status(h.app, guest.cookie)).json().data.avsStatus).toBe('unknown');
  });

  it('an operator decision on an unknown request is 404, on a bad id 400', async () => {
    const unknown = await internal(h.app, 'POST', 'avs/requests/999999/decision', { decision: 'accept' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('AVS_REQUEST_NOT_FOUND');
    const bad = await internal(h.app, 'POST', 'avs/requests/abc/decision', { decision: 'accept' });
    expect(bad.statusCode).toBe(400);
    const revokeUnknown = await internal(h.app, 'POST', 'avs/guests/999999/revoke');
    expect(revokeUnknown.statusCode).toBe(404);
    expect(revokeUnknown.json().error.code).toBe('GUEST_NOT_FOUND');
  });

  it('spec 6 restriction reason for FSK-18: need-login for a visitor, need-age-check until accepted, then none', async () => {
    const visitor = await h.app.inject({ method: 'GET', url: '/rest/v1/guest/restriction?ageRating=18' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data).toEqual({ reason: 'need-login' });
    const fsk16 = await h.app.inject({ method: 'GET', url: '/rest/v1/guest/restriction?ageRating=16' });
    expect(fsk16.json().data).toEqual({ reason: null });
    const bad = await h.app.inject({ method: 'GET', url: '/rest/v1/guest/restriction?ageRating=adult' });
    expect(bad.statusCode).toBe(400);

    const guest = await signUp(h.app, 'Avs_Restriction', { ip: nextIp(NET) });
    const ask = () =>
      h.app.inject({
        method: 'GET',
        url: '/rest/v1/guest/restriction?ageRating=18&lang=de',
        headers: { cookie: guest.cookie },
      });
    expect((await ask()).json().data).toEqual({ reason: 'need-age-check' });
    await submit(h.app, guest.cookie);
    expect((await ask()).json().data).toEqual({ reason: 'need-age-check' });
    const requestId = await pendingRequestIdOf(h.app, guest.id);
    await internal(h.app, 'POST', `avs/requests/${requestId}/decision`, { decision: 'accept' });
    expect((await ask()).json().data).toEqual({ reason: null });
  });
});

describe('age of majority rule', () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);
  const born = (iso: string) => {
    const date = parseBirthDate(iso);
    if (!date) throw new Error(iso);
    return date;
  };
  it('is 18 on the 18th birthday, not the day before', () => {
    expect(isOfAge(born('2008-06-15'), on('2026-06-15'))).toBe(true);
    expect(isOfAge(born('2008-06-15'), on('2026-06-14'))).toBe(false);
  });
  it('born on 29 February: of age on 1 March of a non-leap year', () => {
    expect(isOfAge(born('2008-02-29'), on('2026-02-28'))).toBe(false);
    expect(isOfAge(born('2008-02-29'), on('2026-03-01'))).toBe(true);
  });
  it('impossible dates are not dates', () => {
    expect(parseBirthDate('2001-02-29')).toBeNull();
    expect(parseBirthDate('2001-13-01')).toBeNull();
    expect(parseBirthDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
  });
});

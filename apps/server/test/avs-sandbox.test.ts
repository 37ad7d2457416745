/**
 * The sandbox age verification provider's own decision page (issue 14: the demo could not be
 * finished, requests stayed pending and the operator API is off by default). The guest's dialog
 * reads the link (`avs/sandbox`), the page shows the pending request with Approve / Reject, and the
 * decision takes the operator's path: the guest's state, the avs event on guest:<id>, notification
 * type 5 for an acceptance. Links carry a token; the page may be framed by the dialog only.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextIp, signUp } from './guest-helpers.ts';
import { PAY_ORIGIN, PUBLIC_ORIGIN } from './helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.14';

const VALID_REQUEST = {
  fullName: 'Nora Newcomer',
  birthDate: '1991-02-03',
  documentType: 'passport',
  documentNumber: 'C01X00T47',
} as const;

describe('sandbox age verification page (issue 14)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const newcomer = async (name: string) => {
    const guest = await signUp(t.app, name, { ip: nextIp(NET) });
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/avs/request',
      headers: { cookie: guest.cookie },
      payload: VALID_REQUEST,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.avsStatus).toBe('pending');
    return guest;
  };
  const linkOf = async (cookie: string): Promise<string | null> => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/v1/avs/sandbox', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    return res.json().data.url;
  };
  const pathOf = (url: string) => url.slice(PUBLIC_ORIGIN.length);
  const statusOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/rest/v1/avs/status', headers: { cookie } })).json().data;
  const post = (url: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('a visitor has no link (401); a guest without a pending request gets null', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/rest/v1/avs/sandbox' });
    expect(visitor.statusCode).toBe(401);
    const guest = await signUp(t.app, 'avssbnone', { ip: nextIp(NET) });
    expect(await linkOf(guest.cookie)).toBeNull();
  });

  it('approve: the page shows the pending request; Approve accepts it with avsSet on guest:<id> and notification type 5', async () => {
    const guest = await newcomer('avssbyes');
    const url = await linkOf(guest.cookie);
    expect(url).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/rest/v1/avs/sandbox/\\d+\\?token=[0-9a-f]{64}$`));
    const token = new URL(url ?? '').searchParams.get('token') ?? '';

    const page = await t.app.inject({ method: 'GET', url: `${pathOf(url ?? '')}&lang=de` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="de"');
    expect(page.body).toContain('Nora Newcomer');
    expect(page.body).toContain('03.02.1991');
    expect(page.body).toContain('Reisepass, endet auf 0T47');
    expect(page.body).not.toContain('C01X00T47');
    expect(page.body).toContain('name="decision" value="accept"');
    // Framed by the dialog only.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors 'self' ${PAY_ORIGIN}`);
    expect(page.headers['x-frame-options']).toBeUndefined();

    const events: unknown[] = [];
    const stop = await t.bus.subscribe(`guest:${guest.id}`, (event) => {
      events.push(event);
    });
    const decided = await post(url ?? '', { token, decision: 'accept', lang: 'en' });
    expect(decided.statusCode).toBe(200);
    expect(decided.body).toContain('data-avs-outcome="approved"');
    // The framing dialog is told, at the pay origin only.
    expect(decided.body).toContain(`postMessage({"type":"sandboxAvsDone"}, "${PAY_ORIGIN}")`);
    const nonce = /'nonce-([^']+)'/.exec(String(decided.headers['content-security-policy']))?.[1];
    expect(decided.body).toContain(`<script nonce="${nonce}">`);

    expect(await statusOf(guest.cookie)).toEqual({ avsStatus: 'accepted', avsRejectMessage: null });
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'avsSet' }));
    await stop();
    const notes = await queryRows<{ type: number }>(
      t.database.db,
      sql`select type from notifications where guest_id = ${guest.id}`,
    );
    expect(notes.map((n) => n.type)).toContain(5);
    const [request] = await queryRows<{ status: string; decidedAt: Date | null }>(
      t.database.db,
      sql`select status, decided_at as "decidedAt" from avs_requests where guest_id = ${guest.id}`,
    );
    expect(request?.status).toBe('accepted');
    expect(request?.decidedAt).not.toBeNull();

    // Nothing pending any more: no link; the old link says "decided" and changes nothing.
    expect(await linkOf(guest.cookie)).toBeNull();
    const again = await post(url ?? '', { token, decision: 'reject', message: 'late' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('data-avs-outcome="decided"');
    expect((await statusOf(guest.cookie)).avsStatus).toBe('accepted');
    const reopened = await t.app.inject({ method: 'GET', url: pathOf(url ?? '') });
    expect(reopened.body).toContain('data-avs-outcome="decided"');
  });

  it('reject: the guest reads the reason and may submit again, which gives a new link', async () => {
    const guest = await newcomer('avssbno');
    const url = (await linkOf(guest.cookie)) ?? '';
    const token = new URL(url).searchParams.get('token') ?? '';
    const events: unknown[] = [];
    const stop = await t.bus.subscribe(`guest:${guest.id}`, (event) => {
      events.push(event);
    });
    const decided = await post(url, { token, decision: 'reject', message: 'Photo too dark' });
    expect(decided.body).toContain('data-avs-outcome="rejected"');
    expect(await statusOf(guest.cookie)).toEqual({
      avsStatus: 'rejected',
      avsRejectMessage: 'Photo too dark',
    });
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'avsRejected', message: 'Photo too dark' }));
    await stop();

    // An empty reason gets the page's default text in the page language.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/avs/request',
      headers: { cookie: guest.cookie },
      payload: VALID_REQUEST,
    });
    expect(retry.statusCode).toBe(200);
    const second = (await linkOf(guest.cookie)) ?? '';
    expect(second).not.toBe(url);
    await post(second, {
      token: new URL(second).searchParams.get('token') ?? '',
      decision: 'reject',
      message: ' ',
      lang: 'es',
    });
    expect(await statusOf(guest.cookie)).toEqual({
      avsStatus: 'rejected',
      avsRejectMessage: 'No se pudo leer el documento.',
    });
  });

  it('a wrong, foreign or malformed token is a 404 page (no decision); a bad id or decision is a 400', async () => {
    const one = await newcomer('avssbone');
    const two = await newcomer('avssbtwo');
    const urlOne = (await linkOf(one.cookie)) ?? '';
    const urlTwo = (await linkOf(two.cookie)) ?? '';
    const tokenTwo = new URL(urlTwo).searchParams.get('token') ?? '';

    // The token of request two does not open request one.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${new URL(urlOne).pathname}?token=${tokenTwo}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^text\/html/);
    expect(foreign.body).toContain('role="alert"');
    const forged = await post(urlOne, { token: tokenTwo, decision: 'accept' });
    expect(forged.statusCode).toBe(404);
    expect((await statusOf(one.cookie)).avsStatus).toBe('pending');

    const malformed = await t.app.inject({ method: 'GET', url: `${new URL(urlOne).pathname}?token=abc` });
    expect(malformed.statusCode).toBe(400);
    const badId = await t.app.inject({ method: 'GET', url: `/rest/v1/avs/sandbox/x%00?token=${tokenTwo}` });
    expect(badId.statusCode).toBe(400);
    const badDecision = await post(urlTwo, { token: tokenTwo, decision: 'maybe' });
    expect(badDecision.statusCode).toBe(400);
    expect((await statusOf(two.cookie)).avsStatus).toBe('pending');
  });
});

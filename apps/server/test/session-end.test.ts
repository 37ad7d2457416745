/**
 * Issue 14 defect 3: every way a session ends closes its sockets at once (decision 0026), through a
 * real listening server and `ws` clients. For each way the ended session's socket receives
 * `sessionExpired` (a lock: `guestLocked`) and closes, while a socket of a session that did not end
 * stays: it still answers a ping sent after the other socket closed (the end was announced to every
 * socket of the guest at the same moment, so the answer's order proves the survivor was not closed).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerSocketMessage } from '@vela/contracts/socket';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logIn, nextIp, operatorOf, PASSWORD, sessionCookieOf, signUp } from './guest-helpers.ts';
import { PUBLIC_ORIGIN } from './helpers.ts';
import { guestPage, type TestSocket } from './socket-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.83';
const TOKEN = 'session-end-operator-token-0123456789';
const operator = operatorOf(TOKEN);

/** One browser (or the dialog) of a guest: its session cookie (if any) and an access token of that session. */
interface Device {
  guestId: number;
  cookie: string | null;
  token: string;
}

describe('every way a session ends closes its sockets at once (issue 14, defect 3)', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];

  const tokenOf = async (cookie: string) => {
    const minted = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/accessToken',
      headers: { cookie },
      remoteAddress: nextIp(NET),
    });
    expect(minted.statusCode, minted.body).toBe(200);
    // A live session mints without a new cookie.
    expect(minted.headers['set-cookie']).toBeUndefined();
    return minted.json().data.accessToken as string;
  };
  const signedUp = async (name: string): Promise<Device> => {
    const { cookie, id } = await signUp(t.app, name, { ip: nextIp(NET) });
    return { guestId: id, cookie, token: await tokenOf(cookie) };
  };
  /** A second device of the guest: a login from another browser. */
  const otherDevice = async (name: string, guestId: number): Promise<Device> => {
    const response = await logIn(t.app, name, PASSWORD, nextIp(NET));
    expect(response.statusCode, response.body).toBe(200);
    const cookie = sessionCookieOf(response);
    return { guestId, cookie, token: await tokenOf(cookie) };
  };
  /** An open socket of the device's session, acknowledged. */
  const socketOf = async (device: Device) => {
    const socket = await guestPage(url, { id: device.guestId, accessToken: device.token });
    sockets.push(socket);
    return socket;
  };
  const types = (socket: TestSocket) => socket.received.map((m: ServerSocketMessage) => m.type);
  const ended = async (socket: TestSocket, message: 'sessionExpired' | 'guestLocked' = 'sessionExpired') => {
    await vi.waitFor(() => expect(types(socket)).toContain(message), { timeout: 5_000, interval: 20 });
    expect((await socket.closed).code).toBe(1000);
  };
  const stays = async (socket: TestSocket, device: Device) => {
    socket.send({ type: 'ping', accessToken: device.token, guestId: String(device.guestId) });
    await socket.next('pong');
    expect(types(socket)).not.toContain('sessionExpired');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  };
  const post = (path: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/v1/${path}`,
      remoteAddress: nextIp(NET),
      headers,
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1' } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/socket`;
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  it('a login in the same browser ends the browser’s previous session: its socket expires at once, the guest’s other device stays', async () => {
    const anna = await signedUp('seAnna');
    await signedUp('seBert');
    const annaPhone = await otherDevice('seAnna', anna.guestId);
    const browser = await socketOf(anna);
    const phone = await socketOf(annaPhone);

    // Bert logs in in Anna's browser (the cookie of Anna's session goes along).
    const login = await post(
      'guest/login',
      { cookie: anna.cookie ?? '' },
      { login: 'seBert', password: PASSWORD },
    );
    expect(login.statusCode, login.body).toBe(200);
    await ended(browser);
    await stays(phone, annaPhone);

    // Anna logs in again over her phone's session: the phone's old socket expires too.
    const again = await post(
      'guest/login',
      { cookie: annaPhone.cookie ?? '' },
      { login: 'seAnna', password: PASSWORD },
    );
    expect(again.statusCode, again.body).toBe(200);
    await ended(phone);
  });

  it('a signup in the same browser ends the browser’s previous session and its socket', async () => {
    const carl = await signedUp('seCarl');
    const socket = await socketOf(carl);
    const signup = await post(
      'guest/signup',
      { cookie: carl.cookie ?? '' },
      { screenName: 'seCora', email: 'secora@example.com', password: PASSWORD },
    );
    expect(signup.statusCode, signup.body).toBe(201);
    await ended(socket);
  });

  it('vxpay/onsuccess over an existing session: the browser’s previous session’s socket expires, the transferred (dialog) session’s socket stays', async () => {
    const dora = await signedUp('seDora');
    await signedUp('seEmil');
    const browser = await socketOf(dora);
    // The dialog logs Emil in (its own origin, no cookie) and hands the page a transfer token.
    const dialogLogin = await post('guest/login', {}, { login: 'seEmil', password: PASSWORD });
    expect(dialogLogin.statusCode, dialogLogin.body).toBe(200);
    const { accessToken, transferToken, guest } = dialogLogin.json().data;
    const dialog: Device = { guestId: Number(guest.id), cookie: null, token: accessToken };
    const dialogSocket = await socketOf(dialog);

    const exchanged = await post(
      'vxpay/onsuccess',
      { cookie: dora.cookie ?? '' },
      { result: { flow: 'login', transferToken }, targetUrl: '/en/' },
    );
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    await ended(browser);
    await stays(dialogSocket, dialog);
  });

  it('a logout ends its session’s socket; the guest’s other device stays', async () => {
    const fritz = await signedUp('seFritz');
    const laptop = await otherDevice('seFritz', fritz.guestId);
    const socket = await socketOf(fritz);
    const other = await socketOf(laptop);
    expect((await post('vxpay/logout', { cookie: fritz.cookie ?? '' })).statusCode).toBe(200);
    await ended(socket);
    await stays(other, laptop);
  });

  it('a password change ends the other devices’ sockets; the changing device’s stays', async () => {
    const greta = await signedUp('seGreta');
    const tablet = await otherDevice('seGreta', greta.guestId);
    const mine = await socketOf(greta);
    const theirs = await socketOf(tablet);
    const changed = await post(
      'guest/password',
      { cookie: greta.cookie ?? '' },
      { currentPassword: PASSWORD, newPassword: 'another-harbour-8842' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await ended(theirs);
    await stays(mine, greta);
  });

  it('a password reset ends every old session’s socket; another guest’s socket stays', async () => {
    const hugo = await signedUp('seHugo');
    const ida = await signedUp('seIda');
    const phone = await otherDevice('seHugo', hugo.guestId);
    const first = await socketOf(hugo);
    const second = await socketOf(phone);
    const bystander = await socketOf(ida);
    const asked = await post('guest/passwordLost', {}, { login: 'seHugo', language: 'en' });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await t.app.inject({
      method: 'GET',
      url: `/dev/mail/latest.json?to=${encodeURIComponent('sehugo@example.com')}`,
    });
    const text = mail.json().data.mail.text as string;
    const link = new RegExp(
      `${PUBLIC_ORIGIN.replaceAll('.', '\\.')}/en/\\?u=(\\d+)&key=([A-Za-z0-9_-]+)`,
    ).exec(text);
    expect(link).not.toBeNull();
    const reset = await post(
      'guest/passwordReset',
      {},
      {
        u: link?.[1],
        key: link?.[2],
        password: 'copper-meadow-4826',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    await ended(first);
    await ended(second);
    await stays(bystander, ida);
  });

  it('a lock through the internal API sends guestLocked and closes every socket of the guest; another guest’s stays', async () => {
    const jana = await signedUp('seJana');
    const kai = await signedUp('seKai');
    const laptop = await otherDevice('seJana', jana.guestId);
    const one = await socketOf(jana);
    const two = await socketOf(laptop);
    const bystander = await socketOf(kai);
    const lock = await operator(t.app, 'POST', `guests/${jana.guestId}/lock`, { locked: true });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json().data).toMatchObject({ locked: true, sessionsEnded: 2 });
    await ended(one, 'guestLocked');
    await ended(two, 'guestLocked');
    await stays(bystander, kai);
  });

  it('removing a session (DELETE guest/sessions/:id) ends its socket; the caller’s stays; another guest’s session is 404 and stays', async () => {
    const lena = await signedUp('seLena');
    const mika = await signedUp('seMika');
    const phone = await otherDevice('seLena', lena.guestId);
    const mine = await socketOf(lena);
    const theirs = await socketOf(phone);
    const mikas = await socketOf(mika);
    const list = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/sessions',
      headers: { cookie: lena.cookie ?? '' },
    });
    const sessions = list.json().data.sessions as { id: string; current: boolean }[];
    const other = sessions.find((s) => !s.current);
    expect(other).toBeDefined();
    const remove = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/rest/v1/guest/sessions/${id}`,
        headers: { cookie: lena.cookie ?? '' },
      });
    expect((await remove(other?.id ?? '')).statusCode).toBe(200);
    await ended(theirs);
    await stays(mine, lena);

    const mikaSessions = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/guest/sessions',
      headers: { cookie: mika.cookie ?? '' },
    });
    const mikaSession = (mikaSessions.json().data.sessions as { id: string }[])[0];
    expect((await remove(mikaSession?.id ?? '')).statusCode).toBe(404);
    await stays(mikas, mika);
  });

  it('no code but the session ender sets revoked_at (one path for every end)', async () => {
    const src = fileURLToPath(new URL('../src/', import.meta.url));
    const files = (await readdir(src, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const writers: string[] = [];
    const users: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(src, file), 'utf8');
      if (/revokedAt\s*:|revoked_at\s*=/.test(text)) writers.push(file.split(path.sep).join('/'));
      if (/createSessionEndRepository\(/.test(text)) users.push(file.split(path.sep).join('/'));
    }
    expect(writers).toEqual(['modules/guests/guests.repository.ts']);
    expect(users.sort()).toEqual(['modules/guests/guests.repository.ts', 'modules/guests/session-ender.ts']);
  });
});

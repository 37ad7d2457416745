/** The browser socket client against a fake WebSocket and fake timers (spec 4 "Socket", spec 8, spec 9). */
import {
  SOCKET_CLOSE_PONG_MISSING,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_RECONNECT_DELAY_MS,
  type SocketErrorType,
} from '@vela/contracts/socket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type NodeWebSocket from 'ws';
import {
  type NetworkState,
  SocketClient,
  type SocketClientOptions,
  type SocketCredentials,
  SocketRequestError,
  type SocketStatus,
  type WebSocketConstructor,
  type WebSocketLike,
} from './socketClient.ts';

// Both real implementations fit the constructor option (compile-time checks).
export const browserImplementation: WebSocketConstructor | undefined = globalThis.WebSocket;
export const nodeImplementation: WebSocketConstructor | undefined =
  undefined as unknown as typeof NodeWebSocket;

type Sent = Record<string, unknown> & { type: string };

class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Sent[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  // --- the server side ---
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  ack(snapshot: unknown = null, guestId: string | null = snapshot ? '7' : null) {
    this.receive({ type: 'ackSession', guestId, language: 'en', snapshot });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  types() {
    return this.sent.map((m) => m.type);
  }
}

const last = () => FakeSocket.all.at(-1)!;

const SNAPSHOT = {
  balance: {
    guestBalance: 40,
    guestBalanceFormatted: '40',
    guestBalanceCents: 1000,
    guestIsPayingCustomer: true,
  },
  avsStatus: 'accepted',
  vipAboStatus: 'none',
  vxtvAboStatus: 'none',
  notifications: { unreadTotal: 0, unseenTotal: 0 },
  pinnedActorIds: [],
  pinnedItems: { album: [], picture: [], sedcards: [] },
  vouchers: [],
};

interface Setup {
  client: SocketClient;
  reports: SocketErrorType[];
  warnings: string[];
  tokenCalls: { fresh: boolean }[];
  statuses: SocketStatus[];
  network: NetworkState & { online: boolean; goOnline(): void };
}

function setup(
  credentials: SocketCredentials | null = { token: 'tok-1', guestId: '7' },
  overrides: Partial<SocketClientOptions> = {},
): Setup {
  const reports: SocketErrorType[] = [];
  const warnings: string[] = [];
  const tokenCalls: { fresh: boolean }[] = [];
  const statuses: SocketStatus[] = [];
  const listeners = new Set<() => void>();
  const network = {
    online: true,
    isOnline: () => network.online,
    onOnline(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    goOnline() {
      network.online = true;
      for (const listener of [...listeners]) listener();
    },
  };
  const client = new SocketClient({
    url: 'ws://vela.test/socket',
    WebSocketImpl: FakeSocket,
    language: 'en',
    getAccessToken: async (options) => {
      tokenCalls.push(options);
      return credentials;
    },
    reportError: (type) => reports.push(type),
    log: { info: () => {}, warn: (message) => warnings.push(message) },
    network,
    ...overrides,
  });
  client.onStatus((status) => statuses.push(status));
  return { client, reports, warnings, tokenCalls, statuses, network };
}

/** Lets the access-token promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function connected(s: Setup, snapshot: unknown = SNAPSHOT): Promise<FakeSocket> {
  s.client.start();
  await settle();
  const socket = last();
  socket.open();
  socket.ack(snapshot);
  return socket;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session (spec 4: opens, requests session with language, queued messages sent after acknowledgement)', () => {
  it('opens the socket at the URL and asks for a session in the page language with the envelope', async () => {
    const s = setup();
    s.client.start();
    expect(s.client.status).toBe('connecting');
    await settle();
    expect(last().url).toBe('ws://vela.test/socket');
    last().open();
    expect(last().sent).toEqual([
      { type: 'requestSession', language: 'en', accessToken: 'tok-1', guestId: '7' },
    ]);
    expect(s.client.status).toBe('connecting');
    last().ack(SNAPSHOT);
    expect(s.client.status).toBe('open');
    expect(s.statuses).toEqual(['connecting', 'open']);
    expect(s.client.session?.snapshot?.balance.guestBalanceCents).toBe(1000);
  });

  it('a visitor sends a null token and guest id', async () => {
    const s = setup(null);
    s.client.start();
    await settle();
    last().open();
    expect(last().sent[0]).toEqual({
      type: 'requestSession',
      language: 'en',
      accessToken: null,
      guestId: null,
    });
  });

  it('queues what the page sends before ackSession and sends it after, in order', async () => {
    const s = setup();
    s.client.send({ type: 'getNavbarNotifications' });
    s.client.start();
    await settle();
    s.client.send({ type: 'pinActor', actorId: 5 });
    last().open();
    s.client.send({ type: 'unpinActor', actorId: 5 });
    expect(last().types()).toEqual(['requestSession']);
    last().ack(SNAPSHOT);
    expect(last().types()).toEqual(['requestSession', 'getNavbarNotifications', 'pinActor', 'unpinActor']);
    expect(last().sent[2]).toEqual({ type: 'pinActor', actorId: 5, accessToken: 'tok-1', guestId: '7' });
    s.client.send({ type: 'canOneClick' });
    expect(last().types().at(-1)).toBe('canOneClick');
  });

  it('a visitor may only ask for a session and ping: other requests are refused (spec 6)', async () => {
    const s = setup(null);
    s.client.send({ type: 'pinActor', actorId: 5 });
    const socket = await connected(s, null);
    expect(socket.types()).toEqual(['requestSession']);
    expect(s.client.send({ type: 'canOneClick' })).toBe(false);
    expect(socket.types()).toEqual(['requestSession']);
  });

  it('messages queued while disconnected go out after the next acknowledgement', async () => {
    const s = setup();
    const first = await connected(s);
    first.serverClose(1006);
    s.client.send({ type: 'markNotificationRead', notificationId: '3' });
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    const second = last();
    second.open();
    second.ack(SNAPSHOT);
    expect(second.types()).toEqual(['requestSession', 'markNotificationRead']);
    expect(first.types()).not.toContain('markNotificationRead');
  });

  it('asks for credentials before every connection (a refreshed token reaches the reconnect)', async () => {
    let n = 0;
    const s = setup(undefined, {
      getAccessToken: async () => ({ token: `tok-${++n}`, guestId: '7' }),
    });
    const first = await connected(s);
    expect(first.sent[0]?.accessToken).toBe('tok-1');
    first.serverClose(1006);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    last().open();
    expect(last().sent[0]?.accessToken).toBe('tok-2');
  });
});

describe('ping and pong (spec 9: ping 50000 ms; spec 8: close 4000 when the pong is missing)', () => {
  it('pings every 50 s with the envelope while pongs arrive', async () => {
    const s = setup();
    const socket = await connected(s);
    await vi.advanceTimersByTimeAsync(SOCKET_PING_INTERVAL_MS - 1);
    expect(socket.types()).toEqual(['requestSession']);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping', accessToken: 'tok-1', guestId: '7' });
    socket.receive({ type: 'pong', ttl: 60 });
    await vi.advanceTimersByTimeAsync(SOCKET_PING_INTERVAL_MS);
    socket.receive({ type: 'pong', ttl: 60 });
    await vi.advanceTimersByTimeAsync(SOCKET_PING_INTERVAL_MS);
    expect(socket.types().filter((t) => t === 'ping')).toHaveLength(3);
    expect(socket.closedWith).toBeNull();
    expect(s.reports).toEqual([]);
  });

  it('no pong before the next ping: reports PONG_IS_MISSING, closes with 4000 and reconnects after 1 s', async () => {
    const s = setup();
    const socket = await connected(s);
    await vi.advanceTimersByTimeAsync(SOCKET_PING_INTERVAL_MS);
    expect(socket.types().at(-1)).toBe('ping');
    await vi.advanceTimersByTimeAsync(SOCKET_PING_INTERVAL_MS);
    expect(socket.closedWith?.code).toBe(SOCKET_CLOSE_PONG_MISSING);
    expect(s.reports).toEqual(['WEBSOCKET_ERROR_PONG_IS_MISSING']);
    expect(s.warnings.some((w) => w.includes('pong missing'))).toBe(true);
    expect(s.client.status).toBe('closed');
    // Our own close is not an unexpected close: no CONNECTION_CLOSED report for it.
    socket.serverClose(SOCKET_CLOSE_PONG_MISSING);
    expect(s.reports).toEqual(['WEBSOCKET_ERROR_PONG_IS_MISSING']);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().types()).toEqual(['requestSession']);
  });

  it('honours shorter intervals given for tests', async () => {
    const s = setup(undefined, { pingIntervalMs: 100, reconnectDelayMs: 10 });
    const socket = await connected(s);
    await vi.advanceTimersByTimeAsync(200);
    expect(socket.closedWith?.code).toBe(4000);
    await vi.advanceTimersByTimeAsync(10);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('close and reconnect (spec 4: retries after 1 s except a first-attempt protocol error)', () => {
  it('an unexpected close reports CONNECTION_CLOSED and reconnects after 1 s', async () => {
    const s = setup();
    const socket = await connected(s);
    socket.serverClose(1006);
    expect(s.reports).toEqual(['WEBSOCKET_ERROR_CONNECTION_CLOSED']);
    expect(s.client.status).toBe('closed');
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(s.client.status).toBe('connecting');
  });

  it('a 1002 on the very first attempt is not retried', async () => {
    const s = setup();
    s.client.start();
    await settle();
    last().serverClose(1002);
    await vi.advanceTimersByTimeAsync(10 * SOCKET_RECONNECT_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(1);
    expect(s.client.status).toBe('closed');
    expect(s.reports).toEqual([]);
  });

  it('a 1002 on a later attempt is retried like any close', async () => {
    const s = setup();
    const first = await connected(s);
    first.serverClose(1006);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    last().open();
    last().serverClose(1002);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('the URL is read at every attempt (a reconnect may go elsewhere)', async () => {
    let url = 'ws://a.test/socket';
    const s = setup(undefined, { url: () => url });
    const first = await connected(s);
    url = 'ws://b.test/socket';
    first.serverClose(1006);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    expect(last().url).toBe('ws://b.test/socket');
  });

  it('each error type is reported once per connection: a server away for many retries costs one report', async () => {
    const s = setup();
    const first = await connected(s);
    first.serverClose(1006);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
      last().serverClose(1006);
    }
    expect(FakeSocket.all).toHaveLength(6);
    expect(s.reports).toEqual(['WEBSOCKET_ERROR_CONNECTION_CLOSED']);
    // A new acknowledged connection may report again.
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    last().open();
    last().ack(SNAPSHOT);
    last().serverClose(1006);
    expect(s.reports).toEqual(['WEBSOCKET_ERROR_CONNECTION_CLOSED', 'WEBSOCKET_ERROR_CONNECTION_CLOSED']);
  });

  it('pong missing and a close on one connection are two reports, one of each type', async () => {
    const s = setup();
    await connected(s);
    await vi.advanceTimersByTimeAsync(2 * SOCKET_PING_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    last().serverClose(1006);
    expect(s.reports).toEqual(['WEBSOCKET_ERROR_PONG_IS_MISSING', 'WEBSOCKET_ERROR_CONNECTION_CLOSED']);
  });

  it('offline: the reconnect waits for the browser to be online', async () => {
    const s = setup();
    const socket = await connected(s);
    s.network.online = false;
    socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    s.network.goOnline();
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('credentials that cannot be fetched are asked for again after the delay, without a report', async () => {
    let fail = true;
    const s = setup(undefined, {
      getAccessToken: async () => {
        if (fail) throw new Error('network down');
        return { token: 'tok', guestId: '7' };
      },
    });
    s.client.start();
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
    expect(s.client.status).toBe('closed');
    fail = false;
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(1);
    expect(s.reports).toEqual([]);
  });

  it('a refused token is replaced by a fresh one once; refused again, the client stops and tells the page', async () => {
    const refusals: string[] = [];
    const s = setup(undefined, { onSessionRefused: (code) => refusals.push(code) });
    s.client.start();
    await settle();
    last().open();
    const refuse = (code: string) =>
      last().receive({ type: 'error', code, message: 'refused', inReplyTo: 'requestSession' });
    refuse('TOKEN_EXPIRED');
    expect(last().closedWith?.code).toBe(1000);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    expect(s.tokenCalls).toEqual([{ fresh: false }, { fresh: true }]);
    last().open();
    refuse('INVALID_TOKEN');
    // The server's close 1002 that follows is not seen: the client stopped.
    last().serverClose(1002);
    await vi.advanceTimersByTimeAsync(10 * SOCKET_RECONNECT_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(2);
    expect(refusals).toEqual(['INVALID_TOKEN']);
    expect(s.client.status).toBe('closed');
    expect(s.reports).toEqual([]);
  });

  it('a session of another guest (TOKEN_MISMATCH) stops at once: no token of this page helps', async () => {
    const refusals: string[] = [];
    const s = setup(undefined, { onSessionRefused: (code) => refusals.push(code) });
    s.client.start();
    await settle();
    last().open();
    last().receive({ type: 'error', code: 'TOKEN_MISMATCH', message: 'no', inReplyTo: 'requestSession' });
    await vi.advanceTimersByTimeAsync(10 * SOCKET_RECONNECT_DELAY_MS);
    expect(refusals).toEqual(['TOKEN_MISMATCH']);
    expect(FakeSocket.all).toHaveLength(1);
    expect(s.tokenCalls).toHaveLength(1);
  });

  it('a normal close by the server (1000: it ended the session) reconnects but is no error report', async () => {
    const s = setup();
    const socket = await connected(s);
    socket.serverClose(1000);
    expect(s.reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('setLanguage asks the acknowledged session again; the next connection uses it too', async () => {
    const s = setup();
    const socket = await connected(s);
    s.client.setLanguage('de');
    expect(socket.sent.at(-1)).toEqual({
      type: 'requestSession',
      language: 'de',
      accessToken: 'tok-1',
      guestId: '7',
    });
    socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    last().open();
    expect(last().sent[0]).toMatchObject({ type: 'requestSession', language: 'de' });
  });

  it('stop() closes with 1000, never reconnects and reports nothing', async () => {
    const s = setup();
    const socket = await connected(s);
    s.client.stop();
    expect(socket.closedWith?.code).toBe(1000);
    socket.serverClose(1000);
    await vi.advanceTimersByTimeAsync(10 * SOCKET_PING_INTERVAL_MS);
    expect(FakeSocket.all).toHaveLength(1);
    expect(s.reports).toEqual([]);
    expect(s.client.status).toBe('closed');
  });

  it('stop() while the token is being fetched opens nothing; start() again connects', async () => {
    const s = setup();
    s.client.start();
    s.client.stop();
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
    s.client.start();
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('incoming messages', () => {
  it('handlers get typed messages; the unsubscribe stops them', async () => {
    const s = setup();
    const socket = await connected(s);
    const balances: number[] = [];
    const off = s.client.on('guestBalance', (m) => balances.push(m.guestBalanceCents));
    const all: string[] = [];
    s.client.onMessage((m) => all.push(m.type));
    const balance = {
      type: 'guestBalance',
      guestBalance: 4,
      guestBalanceFormatted: '4',
      guestBalanceCents: 100,
      guestIsPayingCustomer: true,
    };
    socket.receive(balance);
    off();
    socket.receive({ ...balance, guestBalanceCents: 200 });
    expect(balances).toEqual([100]);
    expect(all).toEqual(['guestBalance', 'guestBalance']);
  });

  it('an invalid message is logged and dropped, never thrown', async () => {
    const s = setup();
    const socket = await connected(s);
    const seen: string[] = [];
    s.client.onMessage((m) => seen.push(m.type));
    expect(() => socket.receive('not json {')).not.toThrow();
    socket.receive({ type: 'guestBalance', guestBalance: -1 });
    socket.receive({ type: 'noSuchMessage' });
    socket.receive({ type: 'pong', ttl: 60, extra: true });
    socket.onmessage?.({ data: new Uint8Array([1, 2]) });
    expect(seen).toEqual([]);
    expect(s.warnings.filter((w) => w.startsWith('dropped'))).toHaveLength(5);
    expect(s.client.status).toBe('open');
  });

  it('a throwing handler does not stop the others', async () => {
    const s = setup();
    const socket = await connected(s);
    const seen: string[] = [];
    s.client.on('pageReload', () => {
      throw new Error('boom');
    });
    s.client.on('pageReload', () => seen.push('second'));
    socket.receive({ type: 'pageReload' });
    expect(seen).toEqual(['second']);
  });

  it('after a reconnect the new ackSession snapshot is surfaced (resync)', async () => {
    const s = setup();
    const acks: number[] = [];
    s.client.on('ackSession', (m) => acks.push(m.snapshot?.balance.guestBalanceCents ?? -1));
    const first = await connected(s);
    first.serverClose(1006);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_DELAY_MS);
    last().open();
    last().ack({ ...SNAPSHOT, balance: { ...SNAPSHOT.balance, guestBalanceCents: 2500, guestBalance: 100 } });
    expect(acks).toEqual([1000, 2500]);
    expect(s.client.session?.snapshot?.balance.guestBalanceCents).toBe(2500);
  });
});

describe('request()', () => {
  it('resolves with the answer of the asked type', async () => {
    const s = setup();
    const socket = await connected(s);
    const answer = s.client.request({ type: 'canOneClick' }, 'canOneClickResult');
    expect(socket.types().at(-1)).toBe('canOneClick');
    const config = {
      canOneClick: true,
      config: { paytype: 'CC', methodLabel: 'Visa 4242' },
      amounts: [1000],
      autoRechargeConfig: { enabled: false, thresholdCents: 0 },
      autoRechargeAmount: 1000,
      isPaying: true,
    };
    socket.receive({ type: 'canOneClickResult', config });
    await expect(answer).resolves.toEqual({ type: 'canOneClickResult', config });
  });

  it('rejects with the server error answering it, or after the timeout', async () => {
    const s = setup();
    const socket = await connected(s);
    const refused = s.client.request({ type: 'canOneClick' }, 'canOneClickResult');
    socket.receive({ type: 'error', code: 'NOT_LOGGED_IN', message: 'log in', inReplyTo: 'canOneClick' });
    await expect(refused).rejects.toMatchObject({ code: 'NOT_LOGGED_IN' });
    const slow = s.client.request({ type: 'canOneClick' }, 'canOneClickResult', { timeoutMs: 500 });
    const assertion = expect(slow).rejects.toBeInstanceOf(SocketRequestError);
    await vi.advanceTimersByTimeAsync(500);
    await assertion;
  });
});

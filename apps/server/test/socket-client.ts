/** A test client of the guest socket: sends JSON, waits for named messages, records the close code. */
import type { ServerSocketMessage, ServerSocketMessageType } from '@vela/contracts/socket';
import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  received: ServerSocketMessage[];
  send(message: object | string): void;
  /** The next message of `type` not yet taken (waits up to `timeoutMs`). */
  next<T extends ServerSocketMessageType>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<ServerSocketMessage, { type: T }>>;
  /**
   * True when no message of `type` (not yet taken) has arrived by the time `proof` resolves. `proof`
   * must wait for a later message that the server sends on the same path after any unwanted one
   * (a pong to a ping sent now; a marker published on the guest's channel now), so its arrival
   * proves the unwanted message would already be here: no sleep decides.
   */
  none(type: ServerSocketMessageType, proof: () => Promise<unknown>): Promise<boolean>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** `headers`: request headers of the upgrade (e.g. the edge's country header). */
export async function openSocket(
  url: string,
  options: { headers?: Record<string, string> } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(url, options.headers ? { headers: options.headers } : {});
  const received: ServerSocketMessage[] = [];
  const taken = new Set<ServerSocketMessage>();
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as ServerSocketMessage);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const find = (type: ServerSocketMessageType) => received.find((m) => m.type === type && !taken.has(m));
  return {
    ws,
    received,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next(type, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find(type);
          if (!found) return false;
          taken.add(found);
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found as never);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `no ${type} within ${timeoutMs} ms; got ${JSON.stringify(received.map((m) => m.type))}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    async none(type, proof) {
      await proof();
      return find(type) === undefined;
    },
    closed,
    close: () => ws.close(),
  };
}

/** An open page of a logged-in guest: a socket whose session (language en) is acknowledged. */
export async function guestPage(
  url: string,
  guest: { id: number; accessToken: string },
): Promise<TestSocket> {
  const socket = await openSocket(url);
  socket.send({
    type: 'requestSession',
    language: 'en',
    accessToken: guest.accessToken,
    guestId: String(guest.id),
  });
  await socket.next('ackSession');
  return socket;
}

/**
 * Two server processes on one PostgreSQL database and one Redis (issue 6 deliverable 6; DESIGN.md
 * "Realtime"): an event raised on node A reaches a socket on node B through the Redis bus, and when
 * node B dies with SIGKILL the page's own socket client (apps/web SocketClient, with the `ws`
 * WebSocket) reconnects to node A and resyncs from the snapshot, so no notification is lost.
 * Runs in both CI passes: it makes its own PostgreSQL database and uses REDIS_URL (default the local
 * Redis), like crash.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ServerSocketMessage } from '@vela/contracts/socket';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { SocketClient, type WebSocketConstructor } from '../../web/app/features/realtime/socketClient.ts';
import { freePort, tempDir } from './helpers.ts';
import { admin, createNodesDatabase, killGroup, nodesEnv, spawnServer, waitAlive } from './server-process.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const OPERATOR_TOKEN = randomBytes(24).toString('hex');

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  log: string;
}

let dbName: string;
let dataDirs: { dir: string; remove: () => Promise<void> }[] = [];
const shared: Record<string, string> = {};
const nodes: Node[] = [];

async function startNode(name: string): Promise<Node> {
  const port = await freePort();
  const payPort = await freePort();
  const data = await tempDir(`vela-node-${name}-`);
  dataDirs.push(data);
  const keep = (chunk: string) => {
    node.log = (node.log + chunk).slice(-20_000);
  };
  const child = spawnServer(
    { ...shared, PORT: String(port), PAY_PORT: String(payPort), DATA_DIR: data.dir },
    { stdout: keep, stderr: keep },
  );
  const node: Node = { name, port, child, log: '' };
  nodes.push(node);
  await waitAlive(node.child, port, `node ${name}`, () => node.log);
  return node;
}

function kill(node: Node): Promise<void> {
  return killGroup(node.child);
}

function api(
  node: Node,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return fetch(`http://127.0.0.1:${node.port}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

const notify = (node: Node, guestId: string, text: string) =>
  api(node, `internal/guests/${guestId}/notifications`, {
    method: 'POST',
    headers: { 'x-internal-token': OPERATOR_TOKEN },
    body: { type: 9, params: { text } },
  });

beforeAll(async () => {
  const database = await createNodesDatabase('vela_nodes');
  dbName = database.name;
  Object.assign(shared, {
    ...nodesEnv(database.url, REDIS_URL),
    INTERNAL_API_TOKEN: OPERATOR_TOKEN,
    INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1',
  });
  // A first, then B: A migrates the new database.
  await startNode('A');
  await startNode('B');
}, 300_000);

afterAll(async () => {
  await Promise.all(nodes.map(kill));
  await admin((client) => client.query(`drop database if exists "${dbName}" with (force)`)).catch(() => {});
  await Promise.all(dataDirs.map((d) => d.remove()));
  dataDirs = [];
});

describe('multi-node realtime (two processes, PostgreSQL + Redis)', () => {
  it('an event raised on node A reaches a socket on node B; after SIGKILL of B the client reconnects to A and resyncs: no notification is lost', async () => {
    const [a, b] = nodes as [Node, Node];
    const signup = await api(a, 'guest/signup', {
      method: 'POST',
      body: { screenName: 'nodeGuest', email: 'node-guest@example.com', password: 'violet-harbour-7391' },
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    const { data } = (await signup.json()) as { data: { guest: { id: string }; accessToken: string } };
    const guestId = data.guest.id;

    // The page's socket client, on node B first; after B dies, every reconnect goes to A.
    let target: Node = b;
    const received: ServerSocketMessage[] = [];
    const client = new SocketClient({
      url: () => `ws://127.0.0.1:${target.port}/socket`,
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
      language: 'en',
      getAccessToken: async () => ({ token: data.accessToken, guestId }),
      reportError: () => {},
      reconnectDelayMs: 200,
      network: { isOnline: () => true, onOnline: () => () => {} },
    });
    client.onMessage((message) => received.push(message));
    const waitFor = <T extends ServerSocketMessage['type']>(type: T, from: number) =>
      vi.waitFor(
        () => {
          const found = received.slice(from).find((m) => m.type === type);
          if (!found) throw new Error(`no ${type}; got ${JSON.stringify(received.map((m) => m.type))}`);
          return found as Extract<ServerSocketMessage, { type: T }>;
        },
        { timeout: 15_000, interval: 20 },
      );
    client.start();
    try {
      const firstAck = await waitFor('ackSession', 0);
      expect(firstAck.snapshot?.notifications).toEqual({ unreadTotal: 0, unseenTotal: 0 });

      // Raised on A, delivered on B through Redis.
      const mark = received.length;
      expect((await notify(a, guestId, 'from A')).status).toBe(201);
      const crossed = await waitFor('notification', mark);
      expect(crossed.notification.params).toEqual({ text: 'from A' });
      expect(crossed.counts.unreadTotal).toBe(1);

      // B dies; a notification raised while the page has no socket is not lost.
      target = a;
      await kill(b);
      const afterKill = received.length;
      expect((await notify(a, guestId, 'while disconnected')).status).toBe(201);
      const resync = await waitFor('ackSession', afterKill);
      expect(resync.snapshot?.notifications).toEqual({ unreadTotal: 2, unseenTotal: 2 });
      const list = await client.request({ type: 'getNavbarNotifications' }, 'navbarNotifications');
      expect(list.notifications.map((n) => n.params.text)).toEqual(['while disconnected', 'from A']);

      // And the live path works on the surviving node.
      const live = received.length;
      expect((await notify(a, guestId, 'after reconnect')).status).toBe(201);
      expect((await waitFor('notification', live)).notification.params).toEqual({ text: 'after reconnect' });
    } finally {
      client.stop();
    }
  }, 120_000);
});

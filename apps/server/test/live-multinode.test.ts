/**
 * A node killed mid-session (issue 16, decision 0038 part 4): two real server processes (`tsx
 * apps/server/src/main.ts`) on one PostgreSQL database and one Redis, the embedded media path (werift
 * and the ffmpeg test pattern) on each. A guest's billed livechat runs on node A (its page's socket
 * there, a werift peer in the role of the browser); node A dies by SIGKILL in the middle of a minute.
 * Node B's sweeper claims the session once A's lease ran out (`LIVE_LEASE_MS`), offers a new viewer
 * to the guest's pages (the page's socket now on B), the page answers, media flows again and B bills
 * the following minutes; the guest ends the chat (100, the partial last minute pro rata). The ledger
 * then holds each minute once (`live:<session>:<i>`, 0..n-1 without a gap), no more than the media
 * delivered to the page is worth (the time between the dead node's last event and the new viewer is
 * not charged), the receipt rows equal the transfers, and the ledger invariants hold.
 *
 * Short real settings: a minute is LIVE_MINUTE_MS = 2000, the lease LIVE_LEASE_MS = 2000. Runs only in
 * the PostgreSQL + Redis pass (DATABASE_URL and REDIS_URL set, .ci/run's second pass); it makes its
 * own database on that server.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import { type Database, openDatabase, queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { actors } from '@vela/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { freePort, tempDir } from './helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { admin, createNodesDatabase, killGroup, nodesEnv, spawnServer, waitAlive } from './server-process.ts';
import { guestPage, type TestSocket } from './socket-client.ts';
import { type BrowserPeer, receivingBrowser, waitFor } from './webrtc-browser.ts';

const MINUTE_MS = 2000;
const LEASE_MS = 2000;
const PRICE_CENTS = 100;
const BALANCE_CENTS = 5000;
const SECRET = randomBytes(24).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  log: string;
}

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let dbName = '';
let databaseUrl = '';
let database: Database | undefined;
const dataDirs: { remove: () => Promise<void> }[] = [];
const shared: Record<string, string> = {};
const nodes: Node[] = [];
const pages: TestSocket[] = [];
const browsers: BrowserPeer[] = [];

async function startNode(name: string, udpPorts: string): Promise<Node> {
  const port = await freePort();
  const payPort = await freePort();
  const data = await tempDir(`vela-live-node-${name}-`);
  dataDirs.push(data);
  const node: Node = { name, port, child: null as unknown as ChildProcess, log: '' };
  const keep = (chunk: string) => {
    node.log = (node.log + chunk).slice(-20_000);
  };
  node.child = spawnServer(
    {
      ...shared,
      PORT: String(port),
      PAY_PORT: String(payPort),
      DATA_DIR: data.dir,
      LIVE_UDP_PORTS: udpPorts,
    },
    { stdout: keep, stderr: keep },
  );
  nodes.push(node);
  await waitAlive(node.child, port, `node ${name}`, () => node.log);
  return node;
}

function api(node: Node, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  return fetch(`http://127.0.0.1:${node.port}/rest/v1/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

/** The answer's status, or a failure with its body and (a moment later, when it logged) the node's log. */
async function expectStatus(response: Response, status: number, node: Node): Promise<void> {
  if (response.status === status) return;
  await sleep(500);
  expect(response.status, `${await response.text()}\n${node.log}`).toBe(status);
}

const socketUrl = (node: Node) => `ws://127.0.0.1:${node.port}/socket`;

/** A page answers an offer: a werift peer receives VP8, then the page reports its first frame. */
async function watch(page: TestSocket, guest: { id: number; accessToken: string }, sessionId: string) {
  const send = (message: object) =>
    page.send({ ...message, accessToken: guest.accessToken, guestId: String(guest.id) });
  const offer = await page.next('liveOffer', 20_000);
  const browser = await receivingBrowser(offer.sdp);
  browsers.push(browser);
  send({ type: 'liveAnswer', sessionId, offerId: offer.offerId, sdp: browser.localSdp });
  await waitFor('VP8 packets', () => browser.packets > 0 && browser.keyframes > 0, 20_000);
  const upAt = Date.now();
  send({ type: 'liveMediaUp', sessionId, offerId: offer.offerId });
  return { browser, upAt, send };
}

/** Waits for the page's `liveMeter` that says `minutes` were charged. */
async function meterAt(page: TestSocket, minutes: number): Promise<void> {
  for (;;) {
    const meter = await page.next('liveMeter', 20_000);
    if (meter.minutes >= minutes) return;
  }
}

beforeAll(async () => {
  if (!enabled) return;
  const created = await createNodesDatabase('vela_live_nodes');
  dbName = created.name;
  databaseUrl = created.url;
  Object.assign(shared, {
    ...nodesEnv(created.url, process.env.REDIS_URL as string),
    PERFORMER_API_SECRET: SECRET,
    PERFORMER_SIMULATOR: 'false',
    LIVE_MINUTE_MS: String(MINUTE_MS),
    LIVE_LEASE_MS: String(LEASE_MS),
    LIVE_SOURCE_IDLE_MS: '1000',
  });
  // A first (it migrates the new database), then B.
  await startNode('A', '44600-44699');
  await startNode('B', '44700-44799');
  database = await openDatabase({ url: databaseUrl, poolSize: 2 });
}, 300_000);

afterAll(async () => {
  for (const page of pages) page.close();
  await Promise.all(browsers.map((browser) => browser.close().catch(() => {})));
  await Promise.all(nodes.map((node) => killGroup(node.child)));
  await database?.close();
  if (dbName) {
    await admin((client) => client.query(`drop database if exists "${dbName}" with (force)`)).catch(() => {});
  }
  await Promise.all(dataDirs.map((d) => d.remove()));
});

describe.runIf(enabled)('a live chat when its node dies (two processes, PostgreSQL + Redis)', () => {
  it('node A is killed mid-minute: node B takes the session over, bills on, and the ledger holds each delivered minute once', async () => {
    const [a, b] = nodes as [Node, Node];
    const db = (database as Database).db;
    const [actor] = await db
      .insert(actors)
      .values({
        name: 'NodeStar',
        nameLower: 'nodestar',
        gender: 'F',
        actorType: 'F',
        birthDate: '1995-04-01',
        aboutMe: { de: 'x', en: 'x', nl: 'x', es: 'x' },
        priceVideoCents: 199,
        priceSingleCents: PRICE_CENTS,
        priceSinglec2cCents: 299,
        priceVoyeurCents: 99,
        priceMessageCents: 49,
        multiChatPriceCents: 149,
        avatarKey: 'avatar/none',
        registeredAt: new Date(),
        isOnline: true,
      })
      .returning();
    if (!actor) throw new Error('actor not inserted');

    const signup = await api(a, 'guest/signup', {
      body: { screenName: 'liveNodeGuest', email: 'live-node@example.com', password: 'violet-harbour-7391' },
    });
    await expectStatus(signup, 201, a);
    const { data } = (await signup.json()) as { data: { guest: { id: string }; accessToken: string } };
    const guest = { id: Number(data.guest.id), accessToken: data.accessToken };
    await db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    await createWalletService({ db }).topUp(guest.id, BALANCE_CENTS, `live-nodes-topup-${guest.id}`);

    // The chat on node A: the page's socket there, the performer accepts through A's performer API.
    const pageA = await guestPage(socketUrl(a), guest);
    pages.push(pageA);
    const started = await api(a, 'live/start', {
      headers: { authorization: `Bearer ${guest.accessToken}` },
      body: { actorId: actor.id, type: 'livechat', idempotencyKey: randomUUID() },
    });
    await expectStatus(started, 200, a);
    const sessionId = ((await started.json()) as { data: { sessionId: string } }).data.sessionId;
    const ownerOf = async () => {
      const [row] = await queryRows<{ owner_node: string }>(
        db,
        sql`select owner_node from live_sessions where id = ${sessionId}`,
      );
      return row?.owner_node;
    };
    const ownerA = await ownerOf();
    pageA.send({ type: 'liveJoin', sessionId, accessToken: guest.accessToken, guestId: String(guest.id) });
    expect((await pageA.next('liveState')).status).toBe('requested');
    const accepted = await api(a, `performer/sessions/${sessionId}/accept`, {
      headers: { [PERFORMER_TOKEN_HEADER]: performerToken(SECRET, actor.id) },
      body: {},
    });
    await expectStatus(accepted, 200, a);
    const first = await watch(pageA, guest, sessionId);

    // Two minutes charged by A, then A dies in the middle of the third.
    await meterAt(pageA, 2);
    await sleep(MINUTE_MS / 2);
    const killedAt = Date.now();
    await killGroup(a.child);
    await first.browser.close();
    const firstPackets = first.browser.packets;

    // The page's socket reconnects to B; B claims the session after A's lease and offers a new viewer.
    const pageB = await guestPage(socketUrl(b), guest);
    pages.push(pageB);
    const second = await watch(pageB, guest, sessionId);
    expect(await ownerOf()).not.toBe(ownerA);
    const minutesAtHandOver = (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from live_minutes where session_id = ${sessionId}`,
      )
    )[0]?.n;
    // B bills on: two more minutes at least, then the guest ends the chat mid-minute.
    await meterAt(pageB, (minutesAtHandOver ?? 0) + 2);
    await sleep(MINUTE_MS / 2);
    second.send({ type: 'liveExit', sessionId });
    expect((await pageB.next('liveEnded', 10_000)).exitCode).toBe(100);
    const endedAt = Date.now();
    const chatEnd = await pageB.next('chatEnd', 10_000);
    expect(chatEnd.chatId).toBe(sessionId);
    expect(firstPackets).toBeGreaterThan(0);

    const [row] = await queryRows<{
      status: string;
      exit_code: number;
      owner_node: string;
      state: { deliveredMs: number; minutesBilled: number; spentCents: number };
    }>(db, sql`select status, exit_code, owner_node, state from live_sessions where id = ${sessionId}`);
    expect(row).toMatchObject({ status: 'ended', exit_code: 100 });
    expect(row?.owner_node).not.toBe(ownerA);

    const transfers = await queryRows<{ key: string; cents: number; kind: string }>(
      db,
      sql`select t.idempotency_key as key, t.kind,
            (select sum(e.amount_cents) from ledger_entries e where e.transfer_id = t.id and e.amount_cents > 0)::int as cents
          from ledger_transfers t where t.idempotency_key like ${`live:${sessionId}:%`}`,
    );
    const charged = transfers
      .map((t) => ({ index: Number(t.key.split(':').at(-1)), cents: t.cents, kind: t.kind }))
      .sort((x, y) => x.index - y.index);
    // Each minute once, 0..n-1 without a gap, every one a chat transfer.
    expect(charged.map((c) => c.index)).toEqual(charged.map((_, i) => i));
    expect(new Set(charged.map((c) => c.kind))).toEqual(new Set(['chat']));
    // Minutes before and after the hand-over: A charged some, B charged the rest.
    expect(minutesAtHandOver).toBeGreaterThanOrEqual(2);
    expect(charged.length).toBeGreaterThanOrEqual((minutesAtHandOver ?? 0) + 2);

    // Only delivered media counts: no more than the page had media from each node (A up to its kill,
    // B up to the end), so the gap of the hand-over is not charged.
    const state = row?.state as { deliveredMs: number; minutesBilled: number; spentCents: number };
    const pageHadMs = killedAt - first.upAt + (endedAt - second.upAt);
    expect(state.deliveredMs).toBeLessThanOrEqual(pageHadMs);
    const whole = Math.floor(state.deliveredMs / MINUTE_MS);
    const partialCents = Math.floor((PRICE_CENTS * (state.deliveredMs % MINUTE_MS)) / MINUTE_MS);
    expect(state.minutesBilled).toBe(charged.length);
    const expected = [
      ...Array.from({ length: whole }, () => PRICE_CENTS),
      ...(partialCents > 0 ? [partialCents] : []),
    ];
    expect(charged.map((c) => c.cents)).toEqual(expected);
    const total = expected.reduce((sum, cents) => sum + cents, 0);
    expect(state.spentCents).toBe(total);

    // The receipt rows are the transfers; the guest paid exactly that; the ledger is sound.
    const minutes = await queryRows<{ minute_index: number; cents: number }>(
      db,
      sql`select minute_index, cents from live_minutes where session_id = ${sessionId} order by minute_index`,
    );
    expect(minutes.map((m) => [m.minute_index, m.cents])).toEqual(charged.map((c) => [c.index, c.cents]));
    expect(await createWalletService({ db }).guestBalance(guest.id)).toBe(BALANCE_CENTS - total);
    await expectLedgerInvariantsOf(db);
  }, 180_000);
});

/**
 * Realtime benchmark (issue 6): the guest socket `/socket` of ONE server process (production mode,
 * PostgreSQL with the demo data of `npm run bench`, `node --expose-gc`), with the load generator, the
 * server and PostgreSQL sharing the machine.
 *
 * 1. Held sockets: BENCH_REALTIME_SOCKETS (10,000) visitor sockets opened in batches of
 *    BENCH_REALTIME_BATCH (500), each completing requestSession -> ackSession. Reported: how many were
 *    acknowledged, the time to open them, the server's RSS (/proc/<pid>/status VmRSS) and V8 heap
 *    (`GET /__bench/memory`, after a full GC) before and after, and the bytes per socket. Before the
 *    baseline reading, 200 sockets are opened and closed once (code paths, buffers warmed up).
 * 2. Fan-out latency: one event to many subscribed sockets, triggered through the operator API; per
 *    socket the time from just before the trigger request to the socket's receipt of the event:
 *    - presence to every one of the held sockets (actorOnline/actorOffline of one actor, alternating;
 *      at most 20 events);
 *    - presence to BENCH_REALTIME_FANOUT (1,000) visitor sockets (the others closed);
 *    - a notification to BENCH_REALTIME_FANOUT sockets of ONE logged-in guest (a session made in the
 *      database, its access token from `POST /rest/v1/guest/accessToken`).
 *    BENCH_REALTIME_EVENTS (50) events per series, one at a time (the next one is triggered when every
 *    socket has the previous one, or after 10 s). p50/p99/max of all per-socket latencies, and of the
 *    last socket reached per event, and the CPU time per event of the server and of this process.
 * 3. The fan-out series again with the bus through Redis (REDIS_URL), when BENCH_REDIS_URL (default
 *    redis://127.0.0.1:6379; `off` skips) answers: the path of a multi-node deployment.
 *
 * The server closes a socket that sends nothing for 110 s: between batches and between events every
 * socket that has not sent for 40 s pings (as the page does every 50 s).
 *
 * Alone: `npx tsx bench/realtime.ts` (needs `ulimit -n` above the socket count; the bench says so).
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/vela_bench, created and seeded with the
 * demo data when missing), BENCH_REALTIME_PORT (3960), and the ones above.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import WebSocket from 'ws';
import { benchGuest } from './guest-session.ts';
import { ensureDatabase, startServer, stopServer, waitAlive } from './server-process.ts';
import { percentile, round } from './stats.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vela_bench';
const port = Number(process.env.BENCH_REALTIME_PORT ?? 3960);
const heldTarget = Number(process.env.BENCH_REALTIME_SOCKETS ?? 10_000);
const batchSize = Number(process.env.BENCH_REALTIME_BATCH ?? 500);
const fanoutSockets = Number(process.env.BENCH_REALTIME_FANOUT ?? 1_000);
const eventsPerSeries = Number(process.env.BENCH_REALTIME_EVENTS ?? 50);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const socketUrl = `ws://127.0.0.1:${port}/socket`;
const internalToken = randomBytes(24).toString('hex');
/** A socket that has not sent for this long pings before the next batch or event (idle close: 110 s). */
const PING_AFTER_MS = 40_000;
const EVENT_TIMEOUT_MS = 10_000;
const OPEN_TIMEOUT_MS = 60_000;
/** Pause between two events of a series (the previous one has reached every socket by then). */
const EVENT_GAP_MS = 150;
const WARM_UP_SOCKETS = 200;

type Memory = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };

export interface HeldSockets {
  target: number;
  batch: number;
  acknowledged: number;
  failed: number;
  /** Why sockets failed, with counts (empty when all were acknowledged). */
  failures: Record<string, number>;
  openSeconds: number;
  perSecond: number;
  /** connect -> ackSession per socket (ms), under the batch's concurrency. */
  ackP50: number;
  ackP99: number;
  /** Server CPU time (user + system) spent opening them. */
  serverCpuMs: number;
  /** VmRSS of the server process (bytes), before and after. */
  rssBefore: number;
  rssAfter: number;
  memoryBefore: Memory;
  memoryAfter: Memory;
  rssPerSocket: number;
  heapPerSocket: number;
  /** Open file limit of the bench process and the server (soft). */
  fileLimit: { bench: number; server: number };
}

export interface FanoutSeries {
  name: string;
  bus: 'in-process' | 'redis';
  sockets: number;
  events: number;
  /** Deliveries measured (sockets × events when nothing was missed). */
  delivered: number;
  missed: number;
  /** Every per-socket latency of every event (ms). */
  p50: number;
  p99: number;
  max: number;
  /** Per event, the latency of the first and of the last socket reached (ms). */
  firstP50: number;
  lastP50: number;
  lastP99: number;
  lastMax: number;
  /** The last socket's latency of each event, in order (ms). */
  lastPerEvent: number[];
  /** The operator request itself (ms), until its answer. */
  requestP50: number;
  /** CPU time per event (ms, user + system) of the server and of the load generator (this process). */
  serverCpuMsPerEvent: number;
  benchCpuMsPerEvent: number;
}

export interface RealtimeBenchResult {
  held: HeldSockets;
  fanout: FanoutSeries[];
  /** Parts that did not run, and why. */
  skipped: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The soft limit of open files of a process (`Max open files` of /proc/<pid>/limits). */
function fileLimitOf(pid: number | 'self'): number {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** User + system CPU time of a process (ms; clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, utime 14 and stime 15 (1-based over the whole line).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function request(
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json: unknown = text;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const operator = (path: string, body: object) =>
  request('POST', `/rest/v1/internal/${path}`, body, { 'x-internal-token': internalToken });

async function memoryOf(): Promise<Memory> {
  const res = await request('GET', '/__bench/memory');
  if (res.status !== 200) throw new Error(`GET /__bench/memory answered ${res.status}`);
  return res.json as Memory;
}

/** The server at rest: 2 s without new work, a full GC, 1 s for the pages to be given back, a GC again. */
async function settledMemory(pid: number): Promise<{ memory: Memory; rss: number }> {
  await sleep(2_000);
  await memoryOf();
  await sleep(1_000);
  const memory = await memoryOf();
  return { memory, rss: rssOf(pid) };
}

// --- the load generator's sockets -------------------------------------------------------------------

interface Envelope {
  accessToken: string | null;
  guestId: string | null;
}

/** What a series waits for: which message counts, and when each socket got it. */
interface Expectation {
  match(message: { type?: unknown; [key: string]: unknown }): boolean;
  at: Float64Array;
  got: number;
  done: () => void;
}

interface Client {
  index: number;
  ws: WebSocket;
  envelope: Envelope;
  lastSent: number;
}

class Clients {
  readonly open: Client[] = [];
  /** The server process (its CPU time per series). */
  serverPid = 0;
  expectation: Expectation | undefined;
  private next = 0;

  /** Opens one socket and completes requestSession -> ackSession; the failure's reason otherwise. */
  connect(envelope: Envelope): Promise<{ client: Client; ms: number } | { error: string }> {
    const started = performance.now();
    return new Promise((resolve) => {
      const ws = new WebSocket(socketUrl, { perMessageDeflate: false });
      const client: Client = { index: -1, ws, envelope, lastSent: Date.now() };
      let settled = false;
      const settle = (value: { client: Client; ms: number } | { error: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        settle({ error: 'no ackSession in time' });
        ws.terminate();
      }, OPEN_TIMEOUT_MS);
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'requestSession', language: 'en', ...envelope }));
      });
      ws.on('message', (data) => {
        const at = performance.now();
        let message: { type?: unknown; [key: string]: unknown };
        try {
          message = JSON.parse(data.toString());
        } catch {
          return;
        }
        if (!settled) {
          if (message.type === 'ackSession') {
            client.index = this.next++;
            this.open.push(client);
            settle({ client, ms: at - started });
          } else
            settle({ error: `answered ${String(message.type)} ${JSON.stringify(message).slice(0, 120)}` });
          return;
        }
        const expectation = this.expectation;
        if (!expectation || client.index < 0 || expectation.at[client.index]! > 0) return;
        if (!expectation.match(message)) return;
        expectation.at[client.index] = at;
        expectation.got++;
        if (expectation.got >= this.open.length) expectation.done();
      });
      ws.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
      ws.on('close', (code) => {
        settle({ error: `closed ${code} before ackSession` });
        const i = this.open.indexOf(client);
        if (i >= 0) this.open.splice(i, 1);
      });
    });
  }

  /** Opens `count` sockets, `batch` at a time. */
  async connectMany(count: number, batch: number, envelope: Envelope) {
    const times: number[] = [];
    const failures: Record<string, number> = {};
    for (let done = 0; done < count; done += batch) {
      this.keepAlive();
      const results = await Promise.all(
        Array.from({ length: Math.min(batch, count - done) }, () => this.connect(envelope)),
      );
      for (const result of results) {
        if ('error' in result) failures[result.error] = (failures[result.error] ?? 0) + 1;
        else times.push(result.ms);
      }
    }
    return { times, failures };
  }

  /** Pings from every socket that has not sent for PING_AFTER_MS (the page pings every 50 s). */
  keepAlive(): void {
    const now = Date.now();
    for (const client of this.open) {
      if (now - client.lastSent < PING_AFTER_MS) continue;
      client.ws.send(JSON.stringify({ type: 'ping', ...client.envelope }));
      client.lastSent = now;
    }
  }

  /** Closes all but the first `keep` sockets (all by default); renumbers the rest. */
  async closeAll(keep = 0): Promise<void> {
    const closing = this.open.slice(keep);
    await Promise.all(
      closing.map(
        (client) =>
          new Promise<void>((resolve) => {
            if (client.ws.readyState === WebSocket.CLOSED) return resolve();
            const timer = setTimeout(() => {
              client.ws.terminate();
              resolve();
            }, 10_000);
            client.ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            client.ws.close(1000, 'bench done');
          }),
      ),
    );
    this.open.length = Math.min(this.open.length, keep);
    this.open.forEach((client, i) => {
      client.index = i;
    });
    this.next = this.open.length;
  }

  /**
   * `events` events one after the other: `trigger(k)` sends event k, `match(k)` recognises it. Per
   * socket, the time from just before the trigger to the receipt.
   */
  async series(
    name: string,
    bus: FanoutSeries['bus'],
    events: number,
    trigger: (k: number) => Promise<void>,
    match: (k: number) => Expectation['match'],
  ): Promise<FanoutSeries> {
    const latencies: number[] = [];
    const firsts: number[] = [];
    const lasts: number[] = [];
    const requests: number[] = [];
    let missed = 0;
    const sockets = this.open.length;
    const serverCpuBefore = cpuMsOf(this.serverPid);
    const benchCpuBefore = process.cpuUsage();
    for (let k = 0; k < events; k++) {
      this.keepAlive();
      await sleep(EVENT_GAP_MS);
      let done: () => void = () => undefined;
      const reached = new Promise<void>((resolve) => {
        done = resolve;
      });
      // Indexed by client index (a socket closed meanwhile leaves a gap: counted as missed).
      const expectation: Expectation = { match: match(k), at: new Float64Array(this.next), got: 0, done };
      this.expectation = expectation;
      const t0 = performance.now();
      await trigger(k);
      requests.push(performance.now() - t0);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([reached, new Promise<void>((r) => (timer = setTimeout(r, EVENT_TIMEOUT_MS)))]);
      clearTimeout(timer);
      this.expectation = undefined;
      let first = Number.POSITIVE_INFINITY;
      let last = 0;
      missed += Math.max(0, sockets - expectation.got);
      for (const at of expectation.at) {
        if (at === 0) continue;
        const ms = at - t0;
        latencies.push(ms);
        if (ms < first) first = ms;
        if (ms > last) last = ms;
      }
      if (expectation.got > 0) {
        firsts.push(first);
        lasts.push(last);
      }
    }
    const serverCpuMs = cpuMsOf(this.serverPid) - serverCpuBefore;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const sorted = (values: number[]) => Float64Array.from(values).sort();
    const all = sorted(latencies);
    const lastSorted = sorted(lasts);
    return {
      name,
      bus,
      sockets,
      events,
      delivered: latencies.length,
      missed,
      p50: round(percentile(all, 50)),
      p99: round(percentile(all, 99)),
      max: round(all.length ? all[all.length - 1]! : 0),
      firstP50: round(percentile(sorted(firsts), 50)),
      lastP50: round(percentile(lastSorted, 50)),
      lastP99: round(percentile(lastSorted, 99)),
      lastMax: round(lastSorted.length ? lastSorted[lastSorted.length - 1]! : 0),
      lastPerEvent: lasts.map((ms) => round(ms, 1)),
      requestP50: round(percentile(sorted(requests), 50)),
      serverCpuMsPerEvent: round(serverCpuMs / events, 1),
      benchCpuMsPerEvent: round((benchCpu.user + benchCpu.system) / 1000 / events, 1),
    };
  }
}

// --- the server -------------------------------------------------------------------------------------

function startRealtimeServer(redis: string | null): ChildProcess {
  return startServer({
    port,
    databaseUrl,
    dataDir: 'bench',
    inProcessBus: true,
    nodeFlags: ['--expose-gc'],
    env: {
      ENABLE_BENCH_ROUTES: 'true',
      INTERNAL_API_TOKEN: internalToken,
      SUBSCRIPTION_JOB_INTERVAL_MS: '0',
      PRESENCE_SIMULATOR_INTERVAL_MS: '0',
      ...(redis ? { REDIS_URL: redis } : {}),
    },
  });
}

function redisAnswers(url: string): Promise<boolean> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.write('PING\r\n');
    });
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function actorForPresence(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query('select id from actors order by id limit 1');
    const id = result.rows[0]?.id as number | undefined;
    if (id === undefined) throw new Error('no actor in the bench database');
    return id;
  } finally {
    await client.end();
  }
}

const VISITOR: Envelope = { accessToken: null, guestId: null };

/** Presence of one actor, alternating online (even k) and offline, heard by every socket. */
async function presenceSeries(
  clients: Clients,
  name: string,
  bus: FanoutSeries['bus'],
  actorId: number,
  events: number,
): Promise<FanoutSeries> {
  // Start offline, so event 0 (online) is a change (an unchanged state publishes nothing).
  await operator(`actors/${actorId}/presence`, { online: false });
  await sleep(500);
  return clients.series(
    name,
    bus,
    events,
    async (k) => {
      const res = await operator(`actors/${actorId}/presence`, { online: k % 2 === 0 });
      if (res.status !== 200) throw new Error(`presence answered ${res.status} ${JSON.stringify(res.json)}`);
    },
    (k) => (message) =>
      message.type === (k % 2 === 0 ? 'actorOnline' : 'actorOffline') && message.actorId === actorId,
  );
}

/** `sockets` sockets of one guest; a notification (type 9, team message) to that guest per event. */
async function guestSeries(
  clients: Clients,
  name: string,
  bus: FanoutSeries['bus'],
  sockets: number,
  events: number,
): Promise<FanoutSeries> {
  const { guestId, cookie } = await benchGuest(databaseUrl, 'rt');
  const minted = await request('POST', '/rest/v1/guest/accessToken', {}, { cookie });
  const accessToken = (minted.json as { data?: { accessToken?: string } }).data?.accessToken;
  if (minted.status !== 200 || !accessToken)
    throw new Error(`guest/accessToken answered ${minted.status} ${JSON.stringify(minted.json)}`);
  const opened = await clients.connectMany(sockets, Math.min(batchSize, 100), {
    accessToken,
    guestId: String(guestId),
  });
  if (clients.open.length < sockets)
    console.warn(
      `  only ${clients.open.length} of ${sockets} guest sockets: ${JSON.stringify(opened.failures)}`,
    );
  const run = randomBytes(4).toString('hex');
  const text = (k: number) => `bench ${run} ${k}`;
  return clients.series(
    name,
    bus,
    events,
    async (k) => {
      const res = await operator(`guests/${guestId}/notifications`, { type: 9, params: { text: text(k) } });
      if (res.status !== 201)
        throw new Error(`notification answered ${res.status} ${JSON.stringify(res.json)}`);
    },
    (k) => (message) =>
      message.type === 'notification' &&
      (message.notification as { params?: { text?: unknown } } | undefined)?.params?.text === text(k),
  );
}

async function heldSockets(clients: Clients, server: ChildProcess): Promise<HeldSockets> {
  const pid = server.pid!;
  const fileLimit = { bench: fileLimitOf('self'), server: fileLimitOf(pid) };
  // Warm-up: the socket paths and buffers once, so the baseline is a server that has served sockets.
  await clients.connectMany(WARM_UP_SOCKETS, WARM_UP_SOCKETS, VISITOR);
  await clients.closeAll();
  const { memory: memoryBefore, rss: rssBefore } = await settledMemory(pid);
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  const { times, failures } = await clients.connectMany(heldTarget, batchSize, VISITOR);
  const openSeconds = (performance.now() - started) / 1000;
  const serverCpuMs = cpuMsOf(pid) - cpuBefore;
  clients.keepAlive();
  const { memory: memoryAfter, rss: rssAfter } = await settledMemory(pid);
  const acknowledged = clients.open.length;
  times.sort((a, b) => a - b);
  return {
    target: heldTarget,
    batch: batchSize,
    acknowledged,
    failed: heldTarget - times.length,
    failures,
    openSeconds: round(openSeconds, 1),
    perSecond: Math.round(times.length / openSeconds),
    ackP50: round(percentile(times, 50)),
    ackP99: round(percentile(times, 99)),
    serverCpuMs,
    rssBefore,
    rssAfter,
    memoryBefore,
    memoryAfter,
    rssPerSocket: acknowledged ? Math.round((rssAfter - rssBefore) / acknowledged) : 0,
    heapPerSocket: acknowledged
      ? Math.round((memoryAfter.heapUsed - memoryBefore.heapUsed) / acknowledged)
      : 0,
    fileLimit,
  };
}

/** The fan-out series on a server whose bus is `bus` (the held sockets are measured on the first). */
async function onServer(
  bus: FanoutSeries['bus'],
  measureHeld: boolean,
): Promise<{ held?: HeldSockets; fanout: FanoutSeries[] }> {
  const server = startRealtimeServer(bus === 'redis' ? redisUrl : null);
  const clients = new Clients();
  clients.serverPid = server.pid ?? 0;
  try {
    await waitAlive(server, async () => (await request('GET', '/rest/v1/alive')).status === 200);
    const actorId = await actorForPresence();
    const fanout: FanoutSeries[] = [];
    let held: HeldSockets | undefined;
    if (measureHeld) {
      held = await heldSockets(clients, server);
      if (clients.open.length > fanoutSockets) {
        const all = await presenceSeries(
          clients,
          `presence to all held sockets`,
          bus,
          actorId,
          Math.min(eventsPerSeries, 20),
        );
        fanout.push(all);
      }
      await clients.closeAll(fanoutSockets);
    }
    if (clients.open.length < fanoutSockets)
      await clients.connectMany(fanoutSockets - clients.open.length, batchSize, VISITOR);
    const visitors = await presenceSeries(clients, 'presence to visitors', bus, actorId, eventsPerSeries);
    fanout.push(visitors);
    await clients.closeAll();
    const guest = await guestSeries(
      clients,
      'notification to one guest',
      bus,
      fanoutSockets,
      eventsPerSeries,
    );
    fanout.push(guest);
    await clients.closeAll();
    return { ...(held ? { held } : {}), fanout };
  } finally {
    await clients.closeAll();
    await stopServer(server);
  }
}

export async function runRealtimeBench(): Promise<RealtimeBenchResult> {
  const needed = heldTarget + 200;
  const limit = fileLimitOf('self');
  if (limit < needed)
    throw new Error(
      `The open file limit (ulimit -n) is ${limit}; ${heldTarget} sockets need at least ${needed}. Run it as \`ulimit -n 65535 && npx tsx bench/realtime.ts\` (or lower BENCH_REALTIME_SOCKETS).`,
    );
  await ensureDatabase(databaseUrl);
  const skipped: string[] = [];
  const first = await onServer('in-process', true);
  const fanout = [...first.fanout];
  if (redisUrl === 'off') skipped.push('bus through Redis: BENCH_REDIS_URL=off');
  else if (!(await redisAnswers(redisUrl))) skipped.push(`bus through Redis: ${redisUrl} does not answer`);
  else fanout.push(...(await onServer('redis', false)).fanout);
  return { held: first.held!, fanout, skipped };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function printHeld(h: HeldSockets): void {
  console.log(
    `  held sockets: ${h.acknowledged} of ${h.target} acknowledged in ${h.openSeconds} s (${h.perSecond}/s, batches of ${h.batch}; connect->ack p50 ${h.ackP50} ms p99 ${h.ackP99} ms; server CPU ${h.serverCpuMs} ms)${h.failed ? ` failed ${h.failed}: ${JSON.stringify(h.failures)}` : ''}`,
  );
  console.log(
    `  server memory: RSS ${mib(h.rssBefore)} -> ${mib(h.rssAfter)} (${h.rssPerSocket} B per socket), heap used ${mib(h.memoryBefore.heapUsed)} -> ${mib(h.memoryAfter.heapUsed)} (${h.heapPerSocket} B per socket); open file limit bench ${h.fileLimit.bench}, server ${h.fileLimit.server}`,
  );
}

function printSeries(s: FanoutSeries): void {
  console.log(
    `  ${`${s.name} (${s.bus})`.padEnd(44)} ${String(s.sockets).padStart(6)} sockets × ${s.events} events: p50 ${s.p50} ms  p99 ${s.p99} ms  max ${s.max} ms | last socket p50 ${s.lastP50} ms p99 ${s.lastP99} ms max ${s.lastMax} ms | first p50 ${s.firstP50} ms | request p50 ${s.requestP50} ms | CPU per event: server ${s.serverCpuMsPerEvent} ms, bench ${s.benchCpuMsPerEvent} ms${s.missed ? ` | MISSED ${s.missed}` : ''}`,
  );
}

export function printRealtimeBench(result: RealtimeBenchResult): void {
  console.log(
    `realtime (one server process, production mode, demo data; fan-out: one event at a time, per socket from just before the operator request to the receipt)`,
  );
  printHeld(result.held);
  for (const series of result.fanout) printSeries(series);
  for (const reason of result.skipped) console.log(`  skipped: ${reason}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runRealtimeBench();
  printRealtimeBench(result);
  agent.destroy();
}

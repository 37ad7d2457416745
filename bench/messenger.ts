/**
 * Messenger benchmark (issue 19 "Measured"; decision 0054): ONE server process (production mode) on a
 * PostgreSQL database cloned from the tests' seeded template, with the load generator and PostgreSQL
 * sharing the machine.
 *
 * 1. Delivery: a guest with two open pages (two sockets of one guest); page A sends a paid text
 *    message (`sendMessage`, priced, charged through the ledger) and the time until page B receives
 *    its `messengerMessage` is measured, BENCH_MESSENGER_SENDS (300) messages one after the other — with
 *    the server's in-process bus, then again with the bus through Redis (BENCH_REDIS_URL, default
 *    redis://127.0.0.1:6379; `off` skips): the path of a multi-node deployment.
 * 2. Throughput: BENCH_MESSENGER_CLIENTS (16) guests, each with its own channel to a performer whose
 *    messages cost 1 coin, send paid messages over REST (`POST messenger/channel/:id/messages`, one
 *    at a time per guest) for BENCH_MESSENGER_DURATION (10) s: accepted messages per second, p50/p99,
 *    and afterwards the ledger invariants and one `message` transfer per stored guest message.
 *
 * Alone: `npx tsx bench/messenger.ts`. Env: BENCH_MESSENGER_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_MESSENGER_PORT (3980), and the ones above.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { loadavg } from 'node:os';
import { openDatabase } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { createTestDatabase } from '@vela/db/testing';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../apps/server/src/modules/guests/auth.ts';
import { createGuestsRepository } from '../apps/server/src/modules/guests/guests.repository.ts';
import { createWalletService } from '../apps/server/src/modules/wallet/wallet.service.ts';
import { insertGuestWithSession } from './guest-session.ts';
import { type LedgerBenchResult, ledgerInvariantsOf } from './ledger.ts';
import { startServer, stopServer, waitAlive } from './server-process.ts';
import { percentile, round } from './stats.ts';

const adminUrl = process.env.BENCH_MESSENGER_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_MESSENGER_PORT ?? 3980);
const sends = Number(process.env.BENCH_MESSENGER_SENDS ?? 300);
const clients = Number(process.env.BENCH_MESSENGER_CLIENTS ?? 16);
const durationS = Number(process.env.BENCH_MESSENGER_DURATION ?? 10);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const origin = `http://127.0.0.1:${port}`;
/** The performer's price of a text message: 1 coin (25 cents). */
const MESSAGE_PRICE_CENTS = 25;

export interface DeliverySeries {
  bus: 'in-process' | 'redis';
  messages: number;
  missed: number;
  /** sendMessage on page A -> messengerMessage on page B (ms). */
  p50: number;
  p99: number;
  max: number;
  /** Sends the server refused (socket `error` by code). */
  refused: Record<string, number>;
}

export interface MessengerBenchResult {
  delivery: DeliverySeries[];
  /** os.loadavg() at the end (the machine is shared). */
  loadAverage: number[];
  throughput: {
    performers: number;
    clients: number;
    durationS: number;
    accepted: number;
    perSecond: number;
    p50: number;
    p99: number;
    refused: Record<string, number>;
    /** Guest messages stored in the run and `message` transfers of the run (equal: one charge each). */
    storedMessages: number;
    messageTransfers: number;
    invariants: LedgerBenchResult['invariants'];
  };
  skipped: string[];
}

interface Guest {
  guestId: number;
  cookie: string;
  accessToken: string;
  channelId: string;
}

async function api(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: object,
): Promise<{ status: number; json: { data?: Record<string, unknown>; error?: { code?: string } } }> {
  const response = await fetch(`${origin}/rest/v1/${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json().catch(() => ({}))) as never };
}

/** A guest with a session, money and a channel to the performer (made through the API like a page). */
async function guestOf(
  db: Parameters<typeof createGuestsRepository>[0],
  actorId: number,
  index: number,
): Promise<Guest> {
  const run = randomUUID().slice(0, 8);
  const { guestId, token } = await insertGuestWithSession(
    createGuestsRepository(db),
    `msgbench${index}${run}`,
    `msgbench-${index}-${run}@bench.invalid`,
  );
  await createWalletService({ db }).topUp(guestId, 5_000_000, `msgbench-topup-${guestId}`);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const minted = await api('POST', 'guest/accessToken', { cookie });
  const accessToken = String(minted.json.data?.accessToken ?? '');
  if (!accessToken) throw new Error(`guest/accessToken answered ${minted.status}`);
  const opened = await api('POST', `channel/actor/${actorId}`, { authorization: `Bearer ${accessToken}` });
  const channel = opened.json.data?.channel as { channelId?: string } | undefined;
  if (!channel?.channelId)
    throw new Error(`channel/actor answered ${opened.status} ${JSON.stringify(opened.json)}`);
  return { guestId, cookie, accessToken, channelId: channel.channelId };
}

/** A page of the guest: a socket whose session is acknowledged. */
function page(
  guest: Guest,
  onMessage: (message: Record<string, unknown>, at: number) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/socket`, { perMessageDeflate: false });
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          type: 'requestSession',
          language: 'en',
          accessToken: guest.accessToken,
          guestId: String(guest.guestId),
        }),
      ),
    );
    const timer = setTimeout(() => reject(new Error('no ackSession within 10 s')), 10_000);
    ws.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      if (message.type === 'ackSession') {
        clearTimeout(timer);
        resolve(ws);
      } else onMessage(message, at);
    });
    ws.on('close', (code) => reject(new Error(`socket closed ${code} before ackSession`)));
    ws.on('error', reject);
  });
}

async function delivery(guest: Guest, bus: DeliverySeries['bus']): Promise<DeliverySeries> {
  const waiting = new Map<string, (at: number) => void>();
  const refused: Record<string, number> = {};
  const sender = await page(guest, (message) => {
    if (message.type !== 'error') return;
    const code = String((message as { code?: unknown }).code ?? JSON.stringify(message).slice(0, 80));
    refused[code] = (refused[code] ?? 0) + 1;
  });
  const receiver = await page(guest, (message, at) => {
    if (message.type !== 'messengerMessage') return;
    const text = (message.message as { text?: string } | undefined)?.text ?? '';
    waiting.get(text)?.(at);
  });
  const latencies: number[] = [];
  let missed = 0;
  for (let i = 0; i < sends; i++) {
    const text = `bench ${bus} ${i} ${randomUUID().slice(0, 6)}`;
    const arrived = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 5_000);
      waiting.set(text, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
    const sentAt = performance.now();
    sender.send(
      JSON.stringify({
        type: 'sendMessage',
        accessToken: guest.accessToken,
        guestId: String(guest.guestId),
        channelId: guest.channelId,
        messageType: 'text',
        data: { text },
        idempotencyKey: `msgbench-${randomUUID()}`,
      }),
    );
    const at = await arrived;
    waiting.delete(text);
    if (at === null) missed++;
    else latencies.push(at - sentAt);
  }
  sender.close();
  receiver.close();
  latencies.sort((a, b) => a - b);
  return {
    bus,
    messages: latencies.length,
    missed,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    refused,
  };
}

async function throughput(guests: Guest[], db: Parameters<typeof ledgerInvariantsOf>[0]) {
  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
  const messagesBefore = await count(
    sql`select count(*) as n from messenger_messages where sender = 'guest'`,
  );
  const transfersBefore = await count(sql`select count(*) as n from ledger_transfers where kind = 'message'`);
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  const deadline = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(
    guests.map(async (guest, worker) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const t0 = performance.now();
        const sent = await api(
          'POST',
          `messenger/channel/${guest.channelId}/messages`,
          { authorization: `Bearer ${guest.accessToken}` },
          {
            messageType: 'text',
            data: { text: `load ${worker} ${n}` },
            idempotencyKey: `msgload-${randomUUID()}`,
          },
        );
        if (sent.status === 200) latencies.push(performance.now() - t0);
        else {
          const code = sent.json.error?.code ?? String(sent.status);
          refused[code] = (refused[code] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    clients: guests.length,
    durationS,
    accepted: latencies.length,
    perSecond: Math.round(latencies.length / elapsedS),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    refused,
    storedMessages:
      (await count(sql`select count(*) as n from messenger_messages where sender = 'guest'`)) -
      messagesBefore,
    messageTransfers:
      (await count(sql`select count(*) as n from ledger_transfers where kind = 'message'`)) - transfersBefore,
    invariants: await ledgerInvariantsOf(db),
  };
}

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port: redisPort } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(redisPort || 6379) });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function withServer<T>(databaseUrl: string, redis: string | null, work: () => Promise<T>): Promise<T> {
  const server: ChildProcess = startServer({
    port,
    databaseUrl,
    dataDir: 'bench-messenger',
    inProcessBus: redis === null,
    env: {
      ...(redis ? { REDIS_URL: redis } : {}),
      PERFORMER_SIMULATOR: 'false',
      PRESENCE_SIMULATOR_INTERVAL_MS: '0',
      SUBSCRIPTION_JOB_INTERVAL_MS: '0',
      COUNTERS_JOB_INTERVAL_MS: '0',
    },
  });
  try {
    await waitAlive(server, async () => (await fetch(`${origin}/rest/v1/alive`)).ok);
    return await work();
  } finally {
    await stopServer(server);
  }
}

export async function runMessengerBench(): Promise<MessengerBenchResult> {
  // The tests' database helper clones its seeded template on the server DATABASE_URL names.
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = adminUrl;
  const database = (await createTestDatabase().finally(() => {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  })) as Awaited<ReturnType<typeof createTestDatabase>> & { url: string };
  const own = await openDatabase({ url: database.url, poolSize: 4 });
  try {
    const { db } = own;
    // One performer per guest (as many as the seed offers): many guests writing to ONE performer all wait
    // on that performer's earnings account, which is the ledger's hot row, not the messenger.
    const actorIds = (
      (await db.execute(
        sql`select id from actors where banned_country_codes = '{}' order by id limit ${clients}`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => row.id);
    if (actorIds.length === 0) throw new Error('no performer in the seeded database');
    for (const actorId of actorIds) {
      await db.execute(sql`insert into messenger_actor_settings
          (actor_id, free_messages, message_price_cents, multichat_price_cents, is_messaging_free)
        values (${actorId}, 0, ${MESSAGE_PRICE_CENTS}, ${MESSAGE_PRICE_CENTS}, false)
        on conflict (actor_id) do update set free_messages = 0, message_price_cents = ${MESSAGE_PRICE_CENTS},
          is_messaging_free = false`);
    }
    const skipped: string[] = [];
    const result = await withServer(database.url, null, async () => {
      const guests: Guest[] = [];
      for (let i = 0; i < clients; i++)
        guests.push(await guestOf(db, actorIds[i % actorIds.length] as number, i));
      const first = guests[0] as Guest;
      // Warm-up: the paths compiled, the pools filled.
      await delivery(first, 'in-process');
      const inProcess = await delivery(first, 'in-process');
      return { guests, inProcess, load: await throughput(guests, db) };
    });
    const deliverySeries = [result.inProcess];
    if (redisUrl === 'off') skipped.push('bus through Redis: BENCH_REDIS_URL=off');
    else if (!(await redisAnswers(redisUrl))) skipped.push(`bus through Redis: ${redisUrl} does not answer`);
    else {
      const first = result.guests[0] as Guest;
      deliverySeries.push(
        await withServer(database.url, redisUrl, async () => {
          // A new server has a new session secret: the page's access token is minted again.
          const minted = await api('POST', 'guest/accessToken', { cookie: first.cookie });
          const again = { ...first, accessToken: String(minted.json.data?.accessToken ?? '') };
          await delivery(again, 'redis');
          return delivery(again, 'redis');
        }),
      );
    }
    return {
      delivery: deliverySeries,
      throughput: { performers: actorIds.length, ...result.load },
      skipped,
      loadAverage: loadavg().map((n) => round(n)),
    };
  } finally {
    await own.close();
    await database.close();
  }
}

export function printMessengerBench(result: MessengerBenchResult): void {
  console.log(
    `messenger (one server process, production mode, test seed on PostgreSQL; a paid text message of 1 coin per send)`,
  );
  for (const s of result.delivery) {
    console.log(
      `  send -> delivery on the guest's other page (${s.bus}): ${s.messages} messages one at a time: p50 ${s.p50} ms  p99 ${s.p99} ms  max ${s.max} ms${s.missed ? ` | MISSED ${s.missed}` : ''}${Object.keys(s.refused).length ? ` refused ${JSON.stringify(s.refused)}` : ''}`,
    );
  }
  const l = result.throughput;
  console.log(
    `  paid messages accepted by one node: ${l.perSecond}/s (${l.accepted} in ${l.durationS} s, ${l.clients} guests in parallel to ${l.performers} performers; request p50 ${l.p50} ms p99 ${l.p99} ms)${Object.keys(l.refused).length ? ` refused ${JSON.stringify(l.refused)}` : ''}`,
  );
  console.log(
    `  stored guest messages ${l.storedMessages}, message transfers ${l.messageTransfers}; ledger invariants ${JSON.stringify(l.invariants)}`,
  );
  for (const reason of result.skipped) console.log(`  skipped: ${reason}`);
  console.log(`  load average at the end: ${result.loadAverage.join(' ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printMessengerBench(await runMessengerBench());
}

/**
 * Login benchmark (issue 14, defect 10): does password hashing stall the server for everyone else?
 *
 * ONE server process in production mode on PostgreSQL (the demo data of `npm run bench`), the load
 * generator and PostgreSQL on the same machine. BENCH_LOGIN_GUESTS (20) guests are made in the database
 * with a known password (argon2id, the server's own parameters). Then:
 *
 * 1. Idle: `GET /rest/v1/alive` (one `select 1`) and `GET /__bench/baseline` (a precomputed body, no
 *    database: the event loop alone) for BENCH_LOGIN_IDLE_SECONDS (10 s), alternating, one request at a
 *    time (the next one when the previous one answered): p50/p99/max of each.
 * 2. Under logins: the same probes while `POST /rest/v1/guest/login` (right password) is started
 *    BENCH_LOGIN_RATE (20) times a second for BENCH_LOGIN_SECONDS (20 s), open loop (a login starts on
 *    time whether or not the earlier ones answered), round robin over the guests, each login with its
 *    own `X-Forwarded-For` address (the server runs with TRUST_PROXY=true) so that the per-IP login limit
 *    does not refuse the load. Reported: alive p50/p99/max, logins started/answered/by status, login
 *    p50/p99.
 *
 * Each argon2id verification costs ~20 MiB and tens of ms of CPU wherever it runs; what this measures is
 * whether the other requests wait for it.
 *
 * Alone: `npx tsx bench/login.ts`. Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/vela_bench,
 * created and seeded with the demo data when missing), BENCH_LOGIN_PORT (3970), and the ones above.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase } from '@vela/db/client';
import { createGuestsRepository } from '../apps/server/src/modules/guests/guests.repository.ts';
import { hashPassword } from '../apps/server/src/modules/guests/passwords.ts';
import { ensureDatabase, startServer, stopServer, waitAlive } from './server-process.ts';
import { percentile, round } from './stats.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vela_bench';
const port = Number(process.env.BENCH_LOGIN_PORT ?? 3970);
const guestCount = Number(process.env.BENCH_LOGIN_GUESTS ?? 20);
const loginRate = Number(process.env.BENCH_LOGIN_RATE ?? 20);
const loginSeconds = Number(process.env.BENCH_LOGIN_SECONDS ?? 20);
const idleSeconds = Number(process.env.BENCH_LOGIN_IDLE_SECONDS ?? 10);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'bench-login-Passw0rd!';

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface Probes {
  alive: Latencies;
  baseline: Latencies;
}

export interface LoginBenchResult {
  idle: Probes;
  underLogins: Probes;
  logins: {
    rate: number;
    seconds: number;
    started: number;
    answered: number;
    byStatus: Record<string, number>;
    latency: Latencies;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Count, p50, p99 and max of `values` (ms), to one decimal. */
function latencies(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50), 1),
    p99: round(percentile(sorted, 99), 1),
    max: round(sorted.at(-1) ?? 0, 1),
  };
}

/** The bench guests' screen names, made in the database with the server's hash of PASSWORD. */
async function benchGuests(): Promise<string[]> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    const guests = createGuestsRepository(database.db);
    const run = randomBytes(3).toString('hex');
    const passwordHash = await hashPassword(PASSWORD);
    const names: string[] = [];
    for (let i = 0; i < guestCount; i++) {
      const screenName = `login${run}${i}`;
      await guests.insertGuest({
        screenName,
        email: `bench-login-${run}-${i}@bench.invalid`,
        passwordHash,
        signupOrigin: null,
      });
      names.push(screenName);
    }
    return names;
  } finally {
    await database.close();
  }
}

async function timed(path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

/** `GET /rest/v1/alive` and `GET /__bench/baseline`, alternating, one at a time, until `until()`. */
async function probe(until: () => boolean): Promise<Probes> {
  const alive: number[] = [];
  const baseline: number[] = [];
  while (!until()) {
    alive.push(await timed('/rest/v1/alive'));
    baseline.push(await timed('/__bench/baseline?bytes=78&type=json'));
  }
  return { alive: latencies(alive), baseline: latencies(baseline) };
}

async function login(screenName: string, address: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/rest/v1/guest/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ login: screenName, password: PASSWORD }),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

export async function runLoginBench(): Promise<LoginBenchResult> {
  await ensureDatabase(databaseUrl);
  const server = startServer({
    port,
    databaseUrl,
    dataDir: 'bench',
    inProcessBus: true,
    env: {
      ENABLE_BENCH_ROUTES: 'true',
      TRUST_PROXY: 'true',
      SUBSCRIPTION_JOB_INTERVAL_MS: '0',
      PRESENCE_SIMULATOR_INTERVAL_MS: '0',
    },
  });
  try {
    await waitAlive(server, async () => (await fetch(`${base}/rest/v1/alive`)).ok);
    const names = await benchGuests();
    // Warm-up: a few logins and probes (code paths, connections, the wasm/native module loaded).
    for (let i = 0; i < 3; i++) await login(names[i % names.length]!, `10.255.0.${i + 1}`);
    const warmEnd = Date.now() + 1_000;
    await probe(() => Date.now() > warmEnd);

    const idleEnd = Date.now() + idleSeconds * 1000;
    const idle = await probe(() => Date.now() > idleEnd);

    const total = loginRate * loginSeconds;
    const pending: Promise<{ status: number; ms: number }>[] = [];
    let done = false;
    const probing = probe(() => done);
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / loginRate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(login(names[i % names.length]!, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`));
    }
    const results = await Promise.all(pending);
    done = true;
    const underLogins = await probing;
    const byStatus: Record<string, number> = {};
    for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    return {
      idle,
      underLogins,
      logins: {
        rate: loginRate,
        seconds: loginSeconds,
        started: total,
        answered: results.filter((r) => r.status !== 0).length,
        byStatus,
        latency: latencies(results.map((r) => r.ms)),
      },
    };
  } finally {
    await stopServer(server);
  }
}

const row = (name: string, l: Latencies) =>
  `  ${name.padEnd(24)} p50 ${l.p50} ms  p99 ${l.p99} ms  max ${l.max} ms (${l.count} requests)`;

export function printLoginBench(result: LoginBenchResult): void {
  const { idle, underLogins, logins } = result;
  console.log(
    `login (one server process, production mode; alive and baseline one at a time, idle and while ${logins.rate} logins/s run for ${logins.seconds} s)`,
  );
  console.log(row('alive idle', idle.alive));
  console.log(row('baseline idle', idle.baseline));
  console.log(row('alive under logins', underLogins.alive));
  console.log(row('baseline under logins', underLogins.baseline));
  console.log(
    `  logins: ${logins.answered} of ${logins.started} answered, by status ${JSON.stringify(logins.byStatus)}; p50 ${logins.latency.p50} ms  p99 ${logins.latency.p99} ms  max ${logins.latency.max} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printLoginBench(await runLoginBench());
}

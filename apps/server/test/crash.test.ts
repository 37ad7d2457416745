/**
 * Crash test of issue 4 ("Done when"): the real server process is killed with SIGKILL while
 * 500 top-ups with idempotency keys are in flight, and started again; clients retry every request
 * that got no definite answer with the SAME key; in the end every top-up is credited exactly once.
 *
 * The top-up is the guest's charge through the payment dialog's call (`POST payment/charges`,
 * sandbox card 4242 4242 4242 4242, which the sandbox provider approves at once), so the whole
 * path is under test: idempotency key claim, provider call, charge state, ledger top-up, answer.
 *
 * Runs on PostgreSQL: DATABASE_URL's server, or the local one at 127.0.0.1:5432 (both CI runs and
 * this machine have it). The embedded PGlite is one process's in-memory-first store and not meant
 * to survive SIGKILL of its process (docs/decisions/0011).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, tempDir } from './helpers.ts';
import { ADMIN_URL, admin, killGroup, spawnServer, waitAlive } from './server-process.ts';

const GUESTS = 50;
const TOP_UPS_PER_GUEST = 10;
const TOP_UPS = GUESTS * TOP_UPS_PER_GUEST;
const AMOUNT_CENTS = 1000;
const CLIENTS = 16;
/** Kill the server after this many top-ups were answered (twice: the second restart is killed too). */
const KILL_AFTER = [120, 330];

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dbName: string;
let dbUrl: string;
let dataDir: { dir: string; remove: () => Promise<void> };
let port: number;
let payPort: number;
let server: ChildProcess | null = null;
let serverLog = '';
const env: Record<string, string> = {};

function startServer(): ChildProcess {
  const keep = (chunk: string) => {
    serverLog = (serverLog + chunk).slice(-20_000);
  };
  return spawnServer(env, { stdout: keep, stderr: keep });
}

function api(path: string, init: { method?: string; token?: string; body?: unknown; ip?: string } = {}) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.ip) headers['x-forwarded-for'] = init.ip;
  return fetch(`http://127.0.0.1:${port}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

beforeAll(async () => {
  dbName = `vela_crash_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin((client) => client.query(`create database "${dbName}"`));
  dbUrl = withDatabase(ADMIN_URL, dbName);
  dataDir = await tempDir('vela-crash-');
  port = await freePort();
  payPort = await freePort();
  Object.assign(env, {
    NODE_ENV: 'development',
    PORT: String(port),
    PAY_PORT: String(payPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir.dir,
    DATABASE_URL: dbUrl,
    AUTO_SEED: 'false',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // Fixed keys: access tokens and callback signatures stay valid across restarts.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
    SUBSCRIPTION_JOB_INTERVAL_MS: '0',
  });
  delete env.REDIS_URL;
  if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
  server = startServer();
  await waitAlive(server, port, 'server', () => serverLog);
}, 180_000);

afterAll(async () => {
  await killGroup(server);
  await admin((client) => client.query(`drop database if exists "${dbName}" with (force)`)).catch(() => {});
  await dataDir?.remove();
});

describe('crash safety of top-ups (issue 4: SIGKILL during 500 idempotent top-ups)', () => {
  it('server killed twice with SIGKILL and restarted, clients retry with the same keys: every top-up credited exactly once', async () => {
    // Guests sign up before the storm (each from its own address: the per-IP signup limit stays on).
    const guests: { id: string; token: string }[] = [];
    for (let i = 0; i < GUESTS; i++) {
      const res = await api('guest/signup', {
        method: 'POST',
        ip: `10.77.${Math.floor(i / 200)}.${(i % 200) + 1}`,
        body: {
          screenName: `crash_${i}_${dbName.slice(-6)}`,
          email: `crash_${i}_${dbName.slice(-6)}@example.com`,
          password: 'violet-harbour-7391',
        },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { data } = (await res.json()) as { data: { guest: { id: string }; accessToken: string } };
      guests.push({ id: data.guest.id, token: data.accessToken });
    }

    const jobs = guests.flatMap((guest, g) =>
      Array.from({ length: TOP_UPS_PER_GUEST }, (_, n) => ({
        guest,
        g,
        key: `crash-${g}-${n}-${randomUUID()}`,
      })),
    );
    let next = 0;
    let answered = 0;
    let attempts = 0;
    let failuresSeen = 0;
    const killsDone: number[] = [];
    let restarting: Promise<void> | null = null;

    const crashAndRestart = async () => {
      await killGroup(server);
      server = startServer();
      await waitAlive(server, port, 'server', () => serverLog);
    };

    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        for (;;) {
          if (restarting) await restarting;
          attempts++;
          try {
            const res = await api('payment/charges', {
              method: 'POST',
              token: job.guest.token,
              ip: `10.78.${Math.floor(job.g / 200)}.${(job.g % 200) + 1}`,
              body: {
                idempotencyKey: job.key,
                flow: 'moneycharge',
                paytype: 'CC',
                amountCents: AMOUNT_CENTS,
                card: {
                  number: '4242 4242 4242 4242',
                  expMonth: 12,
                  expYear: 2099,
                  cvc: '123',
                  holder: 'Crash Test',
                },
              },
            });
            const body = (await res.json()) as { success: boolean; data?: { charge: { status: string } } };
            if (res.status === 200 || res.status === 201) {
              const status = body.data?.charge.status;
              if (status === 'succeeded') break;
              // Not final yet (e.g. the process died between the provider's answer and the credit):
              // the same key asks again.
            } else if (res.status !== 429 && res.status < 500) {
              throw new Error(`top-up refused with ${res.status}: ${JSON.stringify(body)}`);
            }
          } catch (error) {
            if (error instanceof Error && error.message.startsWith('top-up refused')) throw error;
            // The connection died with the server: retry with the same key.
          }
          failuresSeen++;
          // A client's pause before it asks again (429 from the limiter, a refused connection while the
          // server restarts): pacing, not a wait for something the test then asserts.
          await sleep(100);
        }
        answered++;
        const due = KILL_AFTER.find((at) => answered >= at && !killsDone.includes(at));
        if (due !== undefined && !restarting) {
          killsDone.push(due);
          restarting = crashAndRestart().finally(() => {
            restarting = null;
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, worker));
    if (restarting) await restarting;

    console.info(
      `crash test: ${TOP_UPS} top-ups, ${attempts} requests, ${failuresSeen} without a final answer (retried with the same key), kills after ${killsDone.join(' and ')} answers`,
    );
    expect(answered).toBe(TOP_UPS);
    expect(killsDone).toEqual(KILL_AFTER);
    // The kills really interrupted requests.
    expect(failuresSeen).toBeGreaterThan(0);
    expect(attempts).toBeGreaterThan(TOP_UPS);

    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const one = async (text: string) => (await db.query(text)).rows[0];
      // One succeeded charge and one top-up transfer per key, nothing more.
      expect(
        Number((await one(`select count(*) as n from payment_charges where status = 'succeeded'`)).n),
      ).toBe(TOP_UPS);
      expect(Number((await one(`select count(*) as n from ledger_transfers where kind = 'top-up'`)).n)).toBe(
        TOP_UPS,
      );
      // Every guest got exactly TOP_UPS_PER_GUEST x AMOUNT_CENTS.
      const wallets = (
        await db.query(
          `select owner_guest_id, balance_cents from ledger_accounts where kind = 'guest-wallet' order by owner_guest_id`,
        )
      ).rows;
      expect(wallets).toHaveLength(GUESTS);
      for (const wallet of wallets)
        expect(Number(wallet.balance_cents)).toBe(TOP_UPS_PER_GUEST * AMOUNT_CENTS);
      // The ledger invariants: sum zero, balances = sum of entries.
      expect(Number((await one(`select coalesce(sum(amount_cents), 0) as s from ledger_entries`)).s)).toBe(0);
      expect(
        Number(
          (
            await one(`select count(*) as n from ledger_accounts a where a.balance_cents <>
              (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account_id = a.id)`)
          ).n,
        ),
      ).toBe(0);
    } finally {
      await db.end();
    }
    // And the guests read the same through the API.
    for (const guest of guests.slice(0, 5)) {
      const res = await api('guest/getGuestBalance', { token: guest.token });
      expect(((await res.json()) as { data: { balanceCents: number } }).data.balanceCents).toBe(
        TOP_UPS_PER_GUEST * AMOUNT_CENTS,
      );
    }
  }, 600_000);
});

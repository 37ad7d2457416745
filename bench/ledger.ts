/**
 * Ledger benchmark (issue 4): purchase transactions per second of the real wallet service
 * (apps/server/src/modules/wallet/wallet.service.ts: idempotency key claimed, accounts locked
 * FOR UPDATE in id order, rules checked, balances updated, entries inserted, deferred sum-zero
 * trigger at commit) on PostgreSQL, next to `pgbench`'s built-in TPC-B-like script on the same
 * database server in the same run, with the same number of clients.
 *
 * Each purchase debits one of GUESTS wallets and credits one of PERFORMERS earnings accounts and
 * platform revenue (3 postings, 3 account locks, 1 transfer + 3 entries), like a real video sale.
 * Workers pick guests round-robin so that, as in production, most transfers touch different
 * wallets, while performer and revenue accounts are shared (the hot rows).
 *
 * Env: BENCH_LEDGER_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_LEDGER_CLIENTS (16), BENCH_LEDGER_DURATION (10 s), BENCH_PGBENCH (pgbench binary, default
 * `pgbench` on PATH).
 */
import { spawnSync } from 'node:child_process';
import { type Db, openDatabase } from '@vela/db/client';
import { migrateDatabase } from '@vela/db/migrate';
import { sql } from '@vela/db/orm';
import pg from 'pg';
import { createWalletService } from '../apps/server/src/modules/wallet/wallet.service.ts';

const adminUrl = process.env.BENCH_LEDGER_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const clients = Number(process.env.BENCH_LEDGER_CLIENTS ?? 16);
const durationS = Number(process.env.BENCH_LEDGER_DURATION ?? 10);
const pgbenchBin = process.env.BENCH_PGBENCH ?? 'pgbench';
const GUESTS = 1000;
const PERFORMERS = 50;
const PRICE_CENTS = 299;

export interface LedgerBenchResult {
  clients: number;
  durationS: number;
  ledger: { transactions: number; tps: number; p50Ms: number; p99Ms: number; errors: number };
  pgbench: { tps: number; scale: number; command: string } | { error: string };
  /** ledger tps / pgbench tps. */
  ratio: number | null;
  invariants: { sumZero: boolean; noNegativeWallet: boolean; balancesMatchEntries: boolean };
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function recreate(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

export async function drop(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** The ledger's invariants checked in SQL: entries sum to zero, no wallet below zero, balances = their entries. */
export async function ledgerInvariantsOf(db: Db): Promise<LedgerBenchResult['invariants']> {
  const one = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok === true;
  return {
    sumZero: await one(sql`select coalesce(sum(amount_cents), 0) = 0 as ok from ledger_entries`),
    noNegativeWallet: await one(
      sql`select count(*) = 0 as ok from ledger_accounts where balance_cents < 0 and kind = 'guest-wallet'`,
    ),
    balancesMatchEntries: await one(sql`select count(*) = 0 as ok from ledger_accounts a
      where a.balance_cents <> (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account_id = a.id)`),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

async function ledgerRun(): Promise<Pick<LedgerBenchResult, 'ledger' | 'invariants'>> {
  const name = `vela_bench_ledger_${process.pid}`;
  await recreate(name);
  const database = await openDatabase({ url: databaseUrl(name), poolSize: clients + 2 });
  try {
    await migrateDatabase(database);
    const { db } = database;
    await db.execute(sql`insert into guests (screen_name, email, password_hash)
      select 'bench_' || g, 'bench_' || g || '@example.com', 'x' from generate_series(1, ${GUESTS}) g`);
    const wallet = createWalletService({ db });
    const ids = (
      (await db.execute(sql`select id from guests order by id`)) as unknown as {
        rows: { id: string | number }[];
      }
    ).rows.map((r) => Number(r.id));
    // Enough money for every purchase the run can make.
    for (const id of ids) await wallet.topUp(id, 1_000_000, `bench-topup-${id}`);
    // Warm-up: create the performer and revenue accounts, prime the pool.
    for (let p = 0; p < PERFORMERS; p++) {
      await wallet.purchase(ids[p % ids.length] ?? 1, PRICE_CENTS, `bench-warm-${p}`, { performerId: p + 1 });
    }
    const latencies: number[] = [];
    let errors = 0;
    let counter = 0;
    const deadline = performance.now() + durationS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, worker) => {
        while (performance.now() < deadline) {
          const n = counter++;
          const guestId = ids[(n + worker * 61) % ids.length] ?? 1;
          const t0 = performance.now();
          try {
            await wallet.purchase(guestId, PRICE_CENTS, `bench-${worker}-${n}`, {
              performerId: (n % PERFORMERS) + 1,
            });
            latencies.push(performance.now() - t0);
          } catch (error) {
            errors++;
            if (errors <= 3) console.error('ledger bench purchase failed', error);
          }
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const invariants = await ledgerInvariantsOf(db);
    return {
      ledger: {
        transactions: latencies.length,
        tps: Math.round(latencies.length / elapsedS),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        errors,
      },
      invariants,
    };
  } finally {
    await database.close();
    await drop(name);
  }
}

async function pgbenchRun(): Promise<LedgerBenchResult['pgbench']> {
  const name = `vela_bench_pgbench_${process.pid}`;
  // Scale 10 (1M accounts): more rows than clients, so contention comes from the 10 branch rows, as TPC-B intends.
  const scale = 10;
  await recreate(name);
  try {
    const url = new URL(databaseUrl(name));
    const connection = [
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
    ];
    const init = spawnSync(pgbenchBin, [...connection, '-i', '-q', '-s', String(scale), name], {
      encoding: 'utf8',
    });
    if (init.error || init.status !== 0)
      return { error: `pgbench -i failed: ${init.error?.message ?? init.stderr}` };
    const args = [...connection, '-c', String(clients), '-j', '2', '-T', String(durationS), '-n', name];
    const run = spawnSync(pgbenchBin, args, { encoding: 'utf8' });
    if (run.error || run.status !== 0)
      return { error: `pgbench failed: ${run.error?.message ?? run.stderr}` };
    const tps =
      /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
        run.stdout,
      )?.[1];
    if (!tps) return { error: `pgbench printed no tps: ${run.stdout.slice(-300)}` };
    return {
      tps: Math.round(Number(tps)),
      scale,
      command: `pgbench ${args.slice(connection.length).join(' ')}`,
    };
  } finally {
    await drop(name);
  }
}

export async function runLedgerBench(): Promise<LedgerBenchResult> {
  const { ledger, invariants } = await ledgerRun();
  const pgbench = await pgbenchRun();
  const ratio =
    'tps' in pgbench && pgbench.tps > 0 ? Math.round((ledger.tps / pgbench.tps) * 1000) / 1000 : null;
  return { clients, durationS, ledger, pgbench, ratio, invariants };
}

export function printLedgerBench(result: LedgerBenchResult): void {
  const pgb =
    'tps' in result.pgbench
      ? `${result.pgbench.tps} tps (TPC-B, scale ${result.pgbench.scale})`
      : result.pgbench.error;
  console.log(
    `ledger purchase ${result.ledger.tps} tx/s  p50 ${result.ledger.p50Ms} ms  p99 ${result.ledger.p99Ms} ms  errors ${result.ledger.errors} | pgbench ${pgb} | ratio ${result.ratio === null ? 'n/a' : `${(result.ratio * 100).toFixed(1)}%`} | clients ${result.clients} | invariants ${Object.values(result.invariants).every(Boolean) ? 'ok' : JSON.stringify(result.invariants)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLedgerBench();
  printLedgerBench(result);
}

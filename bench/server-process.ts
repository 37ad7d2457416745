/**
 * The benchmarked server as a child process (shared by the benches): its database, start it, wait until
 * it answers, stop it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Creates the database of `url` on its PostgreSQL server if it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}

export interface ServerOptions {
  port: number;
  databaseUrl: string;
  /** The server's DATA_DIR, a folder under data/. */
  dataDir: string;
  /** true: this process's REDIS_URL is not passed on, the server uses its in-process bus (unless `env` names one). */
  inProcessBus?: boolean;
  /** Settings added to the production ones below (or replacing them). */
  env?: NodeJS.ProcessEnv;
  /** Node flags before `--import tsx`. */
  nodeFlags?: string[];
}

/**
 * Starts apps/server/src/main.ts in production mode on 127.0.0.1:`port` (the payment dialog on port + 1)
 * with fresh secrets (production mode requires them), logging warnings and errors only.
 */
export function startServer({
  port,
  databaseUrl,
  dataDir,
  inProcessBus = false,
  env,
  nodeFlags = [],
}: ServerOptions): ChildProcess {
  const { REDIS_URL, ...inherited } = process.env;
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      ...(inProcessBus ? {} : { REDIS_URL }),
      NODE_ENV: 'production',
      PORT: String(port),
      PAY_PORT: String(port + 1),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(root, 'data', dataDir),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Polls `isAlive` every 500 ms for up to 300 s; fails at once when the server exits. */
export async function waitAlive(child: ChildProcess, isAlive: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if (await isAlive()) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error('server did not become alive in 300 s');
}

/** SIGTERM, and SIGKILL after 30 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs `measure` against a server of its own in production mode on the demo data of `databaseUrl` (the
 * bench data directory, the in-process bus, no background jobs that would move presence or subscriptions),
 * started on `port` and stopped afterwards: the browser benches (first-load-js.ts, player-first-frame.ts).
 */
export async function withQuietServer<T>(
  port: number,
  databaseUrl: string,
  measure: (origin: string) => Promise<T>,
): Promise<T> {
  const origin = `http://127.0.0.1:${port}`;
  await ensureDatabase(databaseUrl);
  const server = startServer({
    port,
    databaseUrl,
    dataDir: 'bench',
    inProcessBus: true,
    env: { SUBSCRIPTION_JOB_INTERVAL_MS: '0', PRESENCE_SIMULATOR_INTERVAL_MS: '0' },
  });
  try {
    await waitAlive(server, async () => (await fetch(`${origin}/rest/v1/alive`)).ok);
    return await measure(origin);
  } finally {
    await stopServer(server);
  }
}

/**
 * The server as a real process for the process, crash and multi-node tests: `tsx
 * apps/server/src/main.ts` exactly as `npm run serve` starts it (the local tsx binary, so npm's own
 * warnings stay out of the output), in its own process group so SIGKILL reaches tsx and the node
 * process it starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { vi } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

/**
 * Starts the server with this process's environment (without vitest's own variables and those
 * named in `drop`) plus `env`; every chunk of its stdout and stderr goes to the listeners.
 */
export function spawnServer(
  env: Record<string, string>,
  output: { stdout: (chunk: string) => void; stderr: (chunk: string) => void },
  drop: string[] = [],
): ChildProcess {
  const base = { ...process.env };
  for (const name of Object.keys(base))
    if (name.startsWith('VITEST') || name === 'NODE_OPTIONS' || drop.includes(name)) delete base[name];
  const child = spawn(TSX, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...base, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.stdout(String(chunk)));
  child.stderr?.on('data', (chunk) => output.stderr(String(chunk)));
  return child;
}

/** SIGKILL to the server's process group; resolves when it has exited (at once when it is gone). */
export function killGroup(child: ChildProcess | null): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      resolve();
    }
  });
}

/** Waits until the server on `port` answers alive, or throws with `log()` when it does not or exits. */
export async function waitAlive(
  child: ChildProcess,
  port: number,
  label: string,
  log: () => string,
): Promise<void> {
  const alive = () =>
    fetch(`http://127.0.0.1:${port}/rest/v1/alive`).then(
      (r) => r.ok,
      () => false,
    );
  // Until it answers, or exits (then there is nothing to wait for).
  await vi.waitFor(
    async () => {
      if (child.exitCode === null && !(await alive())) throw new Error(`${label} not alive:\n${log()}`);
    },
    { timeout: 120_000, interval: 200 },
  );
  if (child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode}):\n${log()}`);
}

/** The PostgreSQL the multi-process tests create their databases on: DATABASE_URL's, or the local one. */
export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `run` with a client connected to ADMIN_URL, closed afterwards. */
export async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database on ADMIN_URL's server for the nodes of a multi-process test: its name and URL. */
export async function createNodesDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin((client) => client.query(`create database "${name}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * What every node of a multi-process test shares: the database and Redis, no seed, quiet logs, no
 * background jobs, and one session secret, so an access token minted by one node is valid on the others.
 */
export function nodesEnv(databaseUrl: string, redisUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    AUTO_SEED: 'false',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
    SUBSCRIPTION_JOB_INTERVAL_MS: '0',
    COUNTERS_JOB_INTERVAL_MS: '0',
    PRESENCE_SIMULATOR_INTERVAL_MS: '0',
  };
}

/**
 * Starts the real Vela server for the browser tests on fresh storage: a new temporary DATA_DIR and, when
 * DATABASE_URL is set, a new PostgreSQL database created from it (dropped again on exit). The server seeds the
 * demo data on first start, exactly as `npm start` does for a new user.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const dataDir = mkdtempSync(join(tmpdir(), 'vela-e2e-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
let dropDatabase: (() => Promise<void>) | undefined;

if (process.env.DATABASE_URL) {
  const admin = new URL(process.env.DATABASE_URL);
  const name = `vela_e2e_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

let restarting = false;
let stopping = false;
let child = start();

function start() {
  const started = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env,
    stdio: 'inherit',
  });
  started.on('exit', async (code) => {
    if (restarting) {
      // SIGUSR2: the same storage again, as after a deploy (realtime.spec.ts: pages reconnect).
      restarting = false;
      child = start();
      return;
    }
    try {
      await dropDatabase?.();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (process.env.E2E_SERVER_PID_FILE) rmSync(process.env.E2E_SERVER_PID_FILE, { force: true });
      process.exit(stopping ? 0 : (code ?? 1));
    }
  });
  return started;
}

const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGUSR2', () => {
  if (stopping || restarting) return;
  restarting = true;
  child.kill('SIGTERM');
});
if (process.env.E2E_SERVER_PID_FILE) writeFileSync(process.env.E2E_SERVER_PID_FILE, String(process.pid));

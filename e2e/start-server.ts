/**
 * Starts the real Vela server for the browser tests on fresh storage: a new temporary DATA_DIR and, when
 * DATABASE_URL is set, a new PostgreSQL database created from it (dropped again on exit). The server seeds the
 * demo data on first start, exactly as `npm start` does for a new user.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env,
  stdio: 'inherit',
});
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', async (code) => {
  try {
    await dropDatabase?.();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(stopping ? 0 : (code ?? 1));
  }
});

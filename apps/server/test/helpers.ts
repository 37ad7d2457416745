/** Helpers of the server tests that need no database: config, temp dirs, ports. */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, parseConfig } from '../src/config.ts';

export const PAY_ORIGIN = 'http://pay.vela.test:3001';
export const PUBLIC_ORIGIN = 'http://vela.test:3000';

export async function tempDir(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `vela-${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export function testConfig(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Config {
  return {
    ...parseConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_ORIGIN,
      PAY_ORIGIN,
      NODE_ENV: 'test',
      PRESENCE_SIMULATOR_INTERVAL_MS: '0',
      PERFORMER_SIMULATOR: 'false',
      DEMO_SHOWS: 'false',
      ...env,
    }),
    ...overrides,
  };
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

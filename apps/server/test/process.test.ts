/**
 * The server as a process: `tsx apps/server/src/main.ts`, exactly as `npm run serve` starts it.
 * (The local tsx binary is what `npx tsx` runs; spawning it directly keeps npm's own warnings out
 * of the stderr being checked.)
 */
import type { ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, tempDir } from './helpers.ts';
import { killGroup, spawnServer } from './server-process.ts';

const started = new Set<ChildProcess>();

afterEach(async () => {
  await Promise.all([...started].map(killGroup));
  started.clear();
});

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
} {
  let out = '';
  let err = '';
  // The spawned server owns a fresh embedded database; it must not migrate a shared PostgreSQL.
  const child = spawnServer(
    env,
    {
      stdout: (chunk) => {
        out += chunk;
      },
      stderr: (chunk) => {
        err += chunk;
      },
    },
    ['DATABASE_URL'],
  );
  started.add(child);
  return { child, stdout: () => out, stderr: () => err };
}

/** A server on 127.0.0.1 at `port` and `payPort` with its own empty data dir, logging at info. */
function listeningEnv(port: number, payPort: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    PAY_PORT: String(payPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTO_SEED: 'false',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    ...extra,
  };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Resolves when a stdout line contains `text`; rejects if the process exits first. */
function lineContaining(child: ChildProcess, output: () => string, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (output().includes(text)) {
        child.stdout?.off('data', check);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before "${text}"`)));
    check();
  });
}

// Each test starts a real server on a fresh embedded database: slow on a busy machine.
describe('server process', { timeout: 180_000 }, () => {
  it('a bad PORT stops the start: exit code 1 and exactly one stderr line naming the variable', async () => {
    const server = startServer({ PORT: 'abc' });
    expect(await exitOf(server.child)).toBe(1);
    expect(server.stderr()).toBe('Invalid configuration: PORT must be an integer 1-65535 (got "abc")\n');
    expect(server.stdout()).toBe('');
  });

  it('starts on the configured ports, answers alive on both origins, and exits 0 on SIGTERM', async () => {
    const data = await tempDir('process');
    const [port, payPort] = [await freePort(), await freePort()];
    const server = startServer(listeningEnv(port, payPort, data.dir));
    try {
      await lineContaining(server.child, server.stdout, `ready at http://localhost:${port}/en/`);
      const alive = await fetch(`http://127.0.0.1:${port}/rest/v1/alive`);
      expect(alive.status).toBe(200);
      expect(await alive.json()).toMatchObject({ success: true, data: { alive: true, database: 'pglite' } });
      const payAlive = await fetch(`http://127.0.0.1:${payPort}/alive`);
      expect(payAlive.status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await exitOf(server.child)).toBe(0);
      expect(server.stdout()).toContain('shutdown complete');
    } finally {
      await data.remove();
    }
  });

  it('a request still in flight after SHUTDOWN_TIMEOUT_MS forces exit code 1', async () => {
    const data = await tempDir('process-timeout');
    const [port, payPort] = [await freePort(), await freePort()];
    const server = startServer(listeningEnv(port, payPort, data.dir, { SHUTDOWN_TIMEOUT_MS: '200' }));
    let socket: Socket | undefined;
    try {
      await lineContaining(server.child, server.stdout, 'ready at');
      // A request whose body never completes keeps its connection busy: close() cannot finish.
      socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket?.once('connect', () => resolve()));
      const requestLogged = lineContaining(server.child, server.stdout, '"url":"/rest/v1/tracker/track"');
      socket.write(
        'POST /rest/v1/tracker/track HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"eventContext":',
      );
      await requestLogged;
      server.child.kill('SIGTERM');
      expect(await exitOf(server.child)).toBe(1);
      expect(server.stdout()).toContain('shutdown timed out: forcing exit');
    } finally {
      socket?.destroy();
      await data.remove();
    }
  });
});

/**
 * Headless Chromium with its fake camera (`--use-fake-device-for-media-stream
 * --use-fake-ui-for-media-stream`: a generated picture, the permission granted), driven over the
 * DevTools protocol with `ws` (performer-broadcast.test.ts). A page is opened at a URL; `evaluate`
 * runs an expression in it (promises awaited) and answers its value. The browser tests of the pages
 * use Playwright (e2e/); this server test only needs a real browser's camera and WebRTC.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

export interface FakeCameraPage {
  evaluate<T>(expression: string): Promise<T>;
}

export interface FakeCameraBrowser {
  open(url: string): Promise<FakeCameraPage>;
  close(): Promise<void>;
}

export async function fakeCameraChromium(executable = '/usr/bin/chromium'): Promise<FakeCameraBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'vela-chromium-'));
  const child = spawn(
    executable,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${output}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${output}`)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter || message.id === undefined) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string): Promise<T> => {
    const id = ++nextId;
    socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise<T>((resolve, reject) =>
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    );
  };

  return {
    async open(url: string): Promise<FakeCameraPage> {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      return {
        async evaluate<T>(expression: string): Promise<T> {
          const answer = await send<{ result: { value?: unknown }; exceptionDetails?: { text: string } }>(
            'Runtime.evaluate',
            { expression, awaitPromise: true, returnByValue: true },
            sessionId,
          );
          if (answer.exceptionDetails) throw new Error(`in the page: ${answer.exceptionDetails.text}`);
          return answer.result.value as T;
        },
      };
    },
    async close(): Promise<void> {
      socket.close();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

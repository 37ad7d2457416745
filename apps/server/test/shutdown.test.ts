import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-app.ts';

describe('graceful shutdown of the page origin', () => {
  it('close() lets an in-flight request finish and refuses new ones', async () => {
    const t = await createTestApp();
    let entered!: () => void;
    const requestArrived = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A request that stays in flight until the test releases it.
    t.app.get('/rest/v1/test/in-flight', async () => {
      entered();
      await gate;
      return { success: true, data: { finished: true } };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const inFlight = fetch(`http://127.0.0.1:${port}/rest/v1/test/in-flight`);
    await requestArrived;
    const closing = t.app.close();
    // A new connection after close() started is refused.
    await expect(fetch(`http://127.0.0.1:${port}/rest/v1/alive`)).rejects.toThrow();

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ success: true, data: { finished: true } });
    await closing;
    await t.close();
  });
});

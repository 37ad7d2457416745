/** Spec 8 socket errors reach logger/websocketConnectionError (spec 7), queued while offline. */
import { describe, expect, it } from 'vitest';
import { createConnectionErrorReporter, WEBSOCKET_ERROR_URL } from './connectionErrorReporter.ts';

function setup(fail = false) {
  const posts: { url: string; body: unknown; init: RequestInit }[] = [];
  const onlineListeners = new Set<() => void>();
  const network = {
    online: true,
    isOnline: () => network.online,
    onOnline: (listener: () => void) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    goOnline() {
      network.online = true;
      for (const listener of [...onlineListeners]) listener();
    },
  };
  const state = { fail };
  const report = createConnectionErrorReporter({
    network,
    pageUrl: () => 'https://vela.test/en/cams/',
    fetch: (async (url: string, init: RequestInit) => {
      if (state.fail) throw new TypeError('Failed to fetch');
      posts.push({ url, body: JSON.parse(String(init.body)), init });
      return new Response('{"success":true}');
    }) as typeof fetch,
  });
  return { report, posts, network, state };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('websocket connection error reports', () => {
  it('posts the error type, page and attempt as JSON', async () => {
    const s = setup();
    s.report('WEBSOCKET_ERROR_PONG_IS_MISSING', { attempt: 3 });
    await tick();
    expect(s.posts).toEqual([
      {
        url: WEBSOCKET_ERROR_URL,
        body: { errorType: 'WEBSOCKET_ERROR_PONG_IS_MISSING', attempt: 3, url: 'https://vela.test/en/cams/' },
        init: expect.objectContaining({ method: 'POST', keepalive: true }),
      },
    ]);
  });

  it('offline: the report waits and is sent when the browser is back online', async () => {
    const s = setup();
    s.network.online = false;
    s.report('WEBSOCKET_ERROR_CONNECTION_CLOSED', { attempt: 1 });
    await tick();
    expect(s.posts).toEqual([]);
    s.network.goOnline();
    await tick();
    expect(s.posts.map((p) => (p.body as { errorType: string }).errorType)).toEqual([
      'WEBSOCKET_ERROR_CONNECTION_CLOSED',
    ]);
  });

  it('a request that did not reach the server is sent again once online', async () => {
    const s = setup(true);
    s.report('WEBSOCKET_ERROR_CONNECTION_CLOSED', { attempt: 1 });
    await tick();
    s.state.fail = false;
    s.network.goOnline();
    await tick();
    expect(s.posts).toHaveLength(1);
  });
});

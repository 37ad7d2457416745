/**
 * `POST /rest/v1/logger/websocketConnectionError` (spec 7; spec 8 error types, reported once per
 * connection by the page's socket): validated, one structured warn line without tokens, `{ success: true }`.
 */
import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@vela/contracts/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

const URL = '/rest/v1/logger/websocketConnectionError';

describe('logger/websocketConnectionError', () => {
  let t: TestApp;
  let lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ logTo: sink });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    lines = [];
  });

  const errorLines = () => lines.filter((line) => line.msg === 'page socket error');

  it('logs WEBSOCKET_ERROR_PONG_IS_MISSING as one warn line with the request id and answers success', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'x-request-id': 'ws-error-1' },
      payload: {
        errorType: 'WEBSOCKET_ERROR_PONG_IS_MISSING',
        url: 'https://vela.test/en/cams/',
        attempt: 2,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(errorLines()).toEqual([
      expect.objectContaining({
        level: 40,
        requestId: 'ws-error-1',
        websocketError: {
          errorType: 'WEBSOCKET_ERROR_PONG_IS_MISSING',
          page: 'https://vela.test/en/cams/',
          attempt: 2,
        },
      }),
    ]);
  });

  it('WEBSOCKET_ERROR_CONNECTION_CLOSED with only the type is enough', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { errorType: 'WEBSOCKET_ERROR_CONNECTION_CLOSED' },
    });
    expect(res.json()).toEqual({ success: true });
    expect(errorLines()[0]?.websocketError).toEqual({
      errorType: 'WEBSOCKET_ERROR_CONNECTION_CLOSED',
      page: null,
      attempt: null,
    });
  });

  it('never logs the query string, fragment or an e-mail of the page address (tokens stay out of the log)', async () => {
    await t.app.inject({
      method: 'POST',
      url: URL,
      payload: {
        errorType: 'WEBSOCKET_ERROR_CONNECTION_CLOSED',
        url: 'https://vela.test/en/search/mara@example.com/?vxpRedirectToken=SECRET-1&accessToken=SECRET-2#SECRET-3',
      },
    });
    const log = JSON.stringify(lines);
    expect(log).not.toContain('SECRET');
    expect(log).not.toContain('mara@example.com');
    expect(errorLines()[0]?.websocketError).toMatchObject({
      page: 'https://vela.test/en/search/[redacted]/',
    });
  });

  const badBodies: [string, unknown, string][] = [
    ['unknown error type', { errorType: 'WEBSOCKET_ERROR_OTHER' }, 'errorType'],
    ['missing error type', { url: '/en/' }, 'errorType'],
    ['url too long', { errorType: 'WEBSOCKET_ERROR_CONNECTION_CLOSED', url: `/${'a'.repeat(500)}` }, 'url'],
    ['attempt not an integer', { errorType: 'WEBSOCKET_ERROR_CONNECTION_CLOSED', attempt: 1.5 }, 'attempt'],
    ['attempt below 1', { errorType: 'WEBSOCKET_ERROR_CONNECTION_CLOSED', attempt: 0 }, 'attempt'],
    ['unknown field', { errorType: 'WEBSOCKET_ERROR_CONNECTION_CLOSED', accessToken: 'x' }, 'accessToken'],
  ];

  it.each(badBodies)(
    'a bad body (%s) is 400 VALIDATION_ERROR naming the field, and nothing is logged',
    async (_case, payload, field) => {
      const res = await t.app.inject({ method: 'POST', url: URL, payload: payload as object });
      expect(res.statusCode).toBe(400);
      const body = ErrorBodySchema.parse(res.json());
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.message).toContain(field);
      expect(errorLines()).toEqual([]);
    },
  );
});

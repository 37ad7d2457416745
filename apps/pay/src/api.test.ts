import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, BAD_RESPONSE, createApi, NETWORK_ERROR } from './api.ts';

/** The dialog's logged-in guest (anna, the login these tests send). */
const guest = buildGuestMe({ name: 'anna', email: 'anna@example.com' });

const ORIGIN = 'https://vela.test';

const auth = {
  guest,
  accessToken: 'acc-2',
  accessTokenExpiresAt: '2030-01-01T00:00:00.000Z',
  transferToken: 'tt-1',
};

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function apiWith(response: Response | Error, token: string | null = 'acc-1') {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const api = createApi({ publicOrigin: ORIGIN, language: () => 'de', accessToken: () => token, fetch });
  return { api, fetch };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('dialog REST client (spec 7: cross-origin, bearer token, ?lang=)', () => {
  it('calls PUBLIC_ORIGIN/rest/v1 with cors, no credentials, the bearer token, a JSON body and ?lang=', async () => {
    const { api, fetch } = apiWith(json(200, { success: true, data: auth }));
    const result = await api.login({ login: 'anna', password: 'secret-pass' });
    expect(result.transferToken).toBe('tt-1');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${ORIGIN}/rest/v1/guest/login?lang=de`);
    expect(init.method).toBe('POST');
    expect(init.mode).toBe('cors');
    expect(init.credentials).toBe('omit');
    expect(init.headers).toMatchObject({ authorization: 'Bearer acc-1', 'content-type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ login: 'anna', password: 'secret-pass' });
  });

  it('sends no Authorization header without a token, and none for the anonymous token call', async () => {
    const { api, fetch } = apiWith(json(200, { success: true, data: { accessToken: 'a', expiresAt: 'x' } }));
    await api.anonymousAccessToken();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('maps { success:false, error:{code,message} } to an ApiError with code, message and status', async () => {
    const { api } = apiWith(
      json(401, { success: false, error: { code: 'INVALID_CREDENTIALS', message: 'wrong' }, requestId: 'r' }),
    );
    const error = await failure(api.login({ login: 'anna', password: 'x' }));
    expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'wrong', status: 401 });
  });

  it('reads Retry-After of RATE_LIMITED', async () => {
    const { api } = apiWith(
      json(
        429,
        { success: false, error: { code: 'RATE_LIMITED', message: 'slow down' } },
        { 'retry-after': '42' },
      ),
    );
    const error = await failure(api.login({ login: 'anna', password: 'x' }));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 42 });
  });

  it('a network failure is NETWORK_ERROR', async () => {
    const { api } = apiWith(new TypeError('Failed to fetch'));
    expect((await failure(api.me())).code).toBe(NETWORK_ERROR);
  });

  it('an answer that is not JSON, or not the contract, is BAD_RESPONSE (never taken as success)', async () => {
    const html = apiWith(new Response('<html>', { status: 502 }));
    expect((await failure(html.api.me())).code).toBe(BAD_RESPONSE);
    const wrong = apiWith(json(200, { success: true, data: { guest: { id: 7 } } }));
    expect((await failure(wrong.api.me())).code).toBe(BAD_RESPONSE);
    const noToken = apiWith(json(200, { success: true, data: { guest } }));
    expect((await failure(noToken.api.login({ login: 'a', password: 'b' }))).code).toBe(BAD_RESPONSE);
  });

  it('reads guest/me as { guest }', async () => {
    const { api } = apiWith(json(200, { success: true, data: { guest } }));
    expect((await api.me()).name).toBe('anna');
  });

  it('newsletter changes succeed only when outer and inner success are true (spec 5)', async () => {
    const ok = apiWith(json(200, { success: true, data: { success: true, newsletterBits: 1024 + 256 } }));
    expect(await ok.api.setNewsletter('vipClub', true, { id: '7', email: 'anna@example.com' })).toBe(1280);
    const [, init] = ok.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      typeId: 1024,
      userId: '7',
      emailAddress: 'anna@example.com',
    });
    const inner = apiWith(json(200, { success: true, data: { success: false, newsletterBits: 0 } }));
    expect((await failure(inner.api.newsletters())).code).toBe(BAD_RESPONSE);
  });
});

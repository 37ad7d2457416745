/** The socket's access token: fetched before a connection, reused while younger than 10 minutes. */
import { describe, expect, it } from 'vitest';
import { createCredentialsSource, TOKEN_REUSE_MS } from './socketCredentials.ts';

function source(tokens: ({ accessToken: string; ttlMs?: number } | null)[], voiceCaller = () => false) {
  let now = 1_000_000;
  let calls = 0;
  const get = createCredentialsSource({
    voiceCaller,
    now: () => now,
    fetchToken: async () => {
      const next = tokens[calls++] ?? null;
      return next
        ? { accessToken: next.accessToken, expiresAt: new Date(now + (next.ttlMs ?? 15 * 60_000)) }
        : null;
    },
  });
  return {
    get,
    calls: () => calls,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('socket credentials', () => {
  it('a visitor has none and fetches nothing', async () => {
    const s = source([{ accessToken: 'a' }]);
    await expect(s.get(null, { fresh: false })).resolves.toBeNull();
    expect(s.calls()).toBe(0);
  });

  it("the anonymous voice caller's tab (a visitor) gets its session's token and no guest id (decision 0051)", async () => {
    let caller = true;
    const s = source([{ accessToken: 'v' }], () => caller);
    await expect(s.get(null, { fresh: false })).resolves.toEqual({ token: 'v', guestId: null });
    await expect(s.get(null, { fresh: false })).resolves.toEqual({ token: 'v', guestId: null });
    expect(s.calls()).toBe(1);
    caller = false;
    await expect(s.get(null, { fresh: false })).resolves.toBeNull();
  });

  it('reuses a token younger than 10 minutes, fetches a new one after', async () => {
    const s = source([{ accessToken: 'a' }, { accessToken: 'b' }]);
    await expect(s.get('7', { fresh: false })).resolves.toEqual({ token: 'a', guestId: '7' });
    s.advance(TOKEN_REUSE_MS - 1);
    await expect(s.get('7', { fresh: false })).resolves.toEqual({ token: 'a', guestId: '7' });
    s.advance(1);
    await expect(s.get('7', { fresh: false })).resolves.toEqual({ token: 'b', guestId: '7' });
    expect(s.calls()).toBe(2);
  });

  it('fetches again when asked for a fresh one, for another guest, or near the expiry', async () => {
    const s = source([
      { accessToken: 'a', ttlMs: 90_000 },
      { accessToken: 'b' },
      { accessToken: 'c' },
      { accessToken: 'd' },
    ]);
    await s.get('7', { fresh: false });
    s.advance(31_000);
    await expect(s.get('7', { fresh: false })).resolves.toMatchObject({ token: 'b' });
    await expect(s.get('7', { fresh: true })).resolves.toMatchObject({ token: 'c' });
    await expect(s.get('8', { fresh: false })).resolves.toEqual({ token: 'd', guestId: '8' });
  });

  it('a logged-in page without a token fails (the socket retries later, never connects as a visitor)', async () => {
    const s = source([null]);
    await expect(s.get('7', { fresh: false })).rejects.toThrow('no access token');
  });
});

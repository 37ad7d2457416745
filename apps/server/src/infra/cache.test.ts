import { describe, expect, it, vi } from 'vitest';
import { cachedLoader } from './cache.ts';

describe('cachedLoader', () => {
  it('loads once per key within the time to live, concurrent misses included', async () => {
    const load = vi.fn(async (key: string) => ({ key }));
    const get = cachedLoader(load, { ttlMs: 60_000 });
    const [a, b] = await Promise.all([get('en'), get('en')]);
    expect(a).toEqual({ key: 'en' });
    expect(b).toBe(a);
    await get('en');
    await get('de');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads again after the time to live', async () => {
    let time = 10_000;
    let n = 0;
    const get = cachedLoader(async () => ({ n: ++n }), { ttlMs: 1_000, clock: { now: () => time } });
    expect(await get('en')).toEqual({ n: 1 });
    time = 10_999;
    expect(await get('en')).toEqual({ n: 1 });
    time = 11_001;
    expect(await get('en')).toEqual({ n: 2 });
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const get = cachedLoader(
      async () => {
        if (fail) throw new Error('database down');
        return { ok: true };
      },
      { ttlMs: 60_000 },
    );
    await expect(get('en')).rejects.toThrow('database down');
    fail = false;
    expect(await get('en')).toEqual({ ok: true });
  });
});

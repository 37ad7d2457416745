import { LRUCache } from 'lru-cache';

/**
 * A read-through cache in front of an async loader: values live `ttlMs`, concurrent misses for one
 * key share a single load, and a failed load is not cached. Each node keeps its own copy.
 */
/** A cached loader; `clear()` forgets every value, `remainingTtl(key)` is the ms a kept value has left (0: none). */
export type CachedLoader<K extends string, V> = ((key: K) => Promise<V>) & {
  clear(): void;
  remainingTtl(key: K): number;
};

export function cachedLoader<K extends string, V extends object>(
  load: (key: K) => Promise<V>,
  options: { ttlMs: number; max?: number; clock?: { now(): number } },
): CachedLoader<K, V> {
  const cache = new LRUCache<K, V>({
    max: options.max ?? 100,
    ttl: options.ttlMs,
    // Expiry is checked exactly against the clock (no coarse time resolution).
    ttlResolution: 0,
    ...(options.clock ? { perf: options.clock } : {}),
    fetchMethod: (key) => load(key),
  });
  const get = async (key: K) => {
    const value = await cache.fetch(key);
    if (value === undefined) throw new Error(`cachedLoader: no value for ${key}`);
    return value;
  };
  return Object.assign(get, {
    clear: () => cache.clear(),
    remainingTtl: (key: K) => cache.getRemainingTTL(key),
  });
}

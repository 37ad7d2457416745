/**
 * A per-node cache of whole JSON answers that are the same for every caller who gets them (a
 * visitor's video listing page, a global search): the answer is loaded once per key and lifetime,
 * serialized once, and compressed once per content encoding, so a hit costs no database query, no
 * serialization and no compression. Concurrent misses of one key share a single load; a failed
 * load (an AppError such as 400 INVALID_SORT) is not cached and reaches the error handler as usual.
 *
 * HTTP caching is not affected: the routes keep their own Cache-Control (the tile grid stays
 * `no-store`, spec 7 "uncached"; it is the server that remembers the page for a few seconds).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Encodings offered for cached bodies, best first (the same as @fastify/compress in app.ts). */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Below this size a body goes out as is (as @fastify/compress's threshold in app.ts). */
const COMPRESS_THRESHOLD = 1024;

interface Entry {
  /** When the answer was loaded (the cache's clock). */
  loadedAt: number;
  json: Buffer;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

function compress(encoding: Encoding, body: Buffer): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: 6 });
}

// Browsers send a handful of distinct Accept-Encoding headers: their answers are remembered (bounded).
const negotiator = new Negotiator<Encoding>({
  supportedValues: [...ENCODINGS],
  cache: new LRUCache<string, string>({ max: 200 }),
});

/** The encoding of the answer for this request's Accept-Encoding (null: identity). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  return negotiator.negotiate(acceptEncoding);
}

export interface ResponseCacheOptions {
  ttlMs: number;
  /** Answers kept at most. */
  max: number;
  /** Bytes of JSON kept at most (the compressed copies add about a third). */
  maxBytes: number;
  /**
   * Stale while revalidate: an expired answer at most this much past its lifetime is sent at once
   * while one fresh load runs in the background (no request waits for a popular page to reload).
   * 0: an expired answer is never sent.
   */
  serveStaleMs?: number;
  clock?: { now(): number };
}

export interface ResponseCache {
  /**
   * Sends the cached answer of `key`, loading it with `load` first when it is missing or expired.
   * Sets Content-Type (JSON), Content-Encoding and Vary; returns the reply for the route to return.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
    /** Asked right after a load: how long this answer may be kept (ms), when less than ttlMs. */
    lifetime?: () => number,
  ): Promise<FastifyReply>;
  /** Forgets every answer (the catalog changed). */
  clear(): void;
  readonly size: number;
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const ttlMs = options.ttlMs;
  const serveStaleMs = options.serveStaleMs ?? 0;
  const clock = options.clock ?? performance;
  interface Loader {
    load: () => Promise<unknown>;
    lifetime: (() => number) | undefined;
  }
  const cache = new LRUCache<string, Entry, Loader>({
    max: options.max,
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.json.length),
    ttl: options.ttlMs,
    ttlResolution: 0,
    ...(options.clock ? { perf: options.clock } : {}),
    fetchMethod: async (_key, _stale, { context, options }) => {
      const json = Buffer.from(JSON.stringify(await context.load()));
      const lifetime = context.lifetime?.();
      if (lifetime !== undefined && lifetime > 0 && lifetime < ttlMs) options.ttl = lifetime;
      return { loadedAt: clock.now(), json, compressed: {} };
    },
  });

  return {
    async send(request, reply, key, load, lifetime) {
      let allowStale = false;
      if (serveStaleMs > 0) {
        const kept = cache.peek(key, { allowStale: true });
        allowStale = kept !== undefined && clock.now() - kept.loadedAt <= ttlMs + serveStaleMs;
      }
      const entry = await cache.fetch(key, { context: { load, lifetime }, allowStale });
      if (!entry) throw new Error(`response cache: no entry for ${key}`);
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('vary', 'accept-encoding');
      const encoding =
        entry.json.length >= COMPRESS_THRESHOLD
          ? negotiateEncoding(request.headers['accept-encoding'])
          : null;
      if (encoding === null) return reply.send(entry.json);
      let compressed = entry.compressed[encoding];
      if (!compressed) {
        compressed = compress(encoding, entry.json);
        entry.compressed[encoding] = compressed;
        // A failed compression is not kept: the next request tries again.
        compressed.catch(() => {
          if (entry.compressed[encoding] === compressed) delete entry.compressed[encoding];
        });
      }
      const body = await compressed;
      // @fastify/compress leaves an answer alone that already names its encoding.
      reply.header('content-encoding', encoding);
      return reply.send(body);
    },
    clear() {
      cache.clear();
    },
    get size() {
      return cache.size;
    },
  };
}

/** JSON with object keys sorted: equal inputs give equal cache keys whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

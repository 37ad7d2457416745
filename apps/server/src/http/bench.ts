/**
 * Routes of the benchmarks (only with ENABLE_BENCH_ROUTES=true):
 *
 * - `GET /__bench/baseline?bytes=N&type=html|json`: a precomputed body of exactly N bytes, so the
 *   benchmark can compare a rendered page with a route of the same server, the same size and the same
 *   content type (and the same compression and headers).
 * - `GET /__bench/memory`: `process.memoryUsage()` of this server, after a full garbage collection when
 *   node runs with `--expose-gc` (bench/realtime.ts: memory per open socket).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput } from './errors.ts';

export const BENCH_MAX_BYTES = 10 * 1024 * 1024;
const CACHE_LIMIT = 64;

const BaselineQuerySchema = z.object({
  bytes: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(BENCH_MAX_BYTES)),
  type: z.enum(['html', 'json']).default('html'),
});

const CONTENT_TYPES = { html: 'text/html; charset=utf-8', json: 'application/json; charset=utf-8' } as const;
const WORDS =
  'live cam video chat vip club contest feed daily bonus category search actor profile message gift coins stream'.split(
    ' ',
  );

/** Text that compresses roughly like page text, not like a run of one letter. */
function filler(length: number): string {
  let text = '';
  let i = 0;
  while (text.length < length) {
    text += `${WORDS[(i * 7 + (i >> 3)) % WORDS.length]} `;
    i += 1;
  }
  return text.slice(0, length);
}

/** A body of exactly `bytes` bytes (ASCII) of the given type. */
export function baselineBody(bytes: number, type: 'html' | 'json'): Buffer {
  const [head, tail] =
    type === 'html' ? ['<!doctype html><html><body><p>', '</p></body></html>'] : ['{"text":"', '"}'];
  const text =
    bytes >= head.length + tail.length
      ? `${head}${filler(bytes - head.length - tail.length)}${tail}`
      : filler(bytes);
  return Buffer.from(text, 'ascii');
}

export const benchRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Buffer>();
  app.get('/__bench/baseline', async (request, reply) => {
    const { bytes, type } = parseInput(BaselineQuerySchema, request.query);
    const key = `${type}:${bytes}`;
    let body = cache.get(key);
    if (!body) {
      body = baselineBody(bytes, type);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, body);
    }
    return reply.type(CONTENT_TYPES[type]).send(body);
  });
  app.get('/__bench/memory', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage();
  });
};

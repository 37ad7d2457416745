/**
 * autocannon without decoding the bodies it receives (for `npm run bench`, which never reads them).
 *
 * autocannon 9 appends every body chunk to a string (`req.body += data` in
 * `lib/pipelinedRequestsQueue.js`), only for `expectBody`, `verifyBody` and a request's `onResponse`.
 * The bench uses none of them, yet that decoding was most of the client's work: V8 decodes a chunk's bytes
 * after its first non-ASCII byte one by one, so a page (an en dash in the navbar's label, titles) cost the
 * client 0.5-1.0 ms per answer against 0.14 ms for the all-ASCII baseline body of the same size, and
 * the client (one core, sharing two with the server) set the pages' p99 (docs/BENCHMARKS.md, decision 0033).
 * A browser decodes in its own process; the server's bytes and timing stay what they were (autocannon
 * still counts every byte and times each answer on its last byte).
 */
import { createRequire } from 'node:module';

interface BodyQueue {
  prototype: { addBody(data: Buffer): void };
}

let patched = false;

/** Makes autocannon keep no body text; call before measuring. Fails loudly if autocannon changed. */
export function skipBodyDecoding(): void {
  if (patched) return;
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as BodyQueue;
  if (typeof queue.prototype?.addBody !== 'function')
    throw new Error(
      'autocannon changed: PipelinedRequestsQueue.addBody is gone (bench/autocannon-bodies.ts)',
    );
  queue.prototype.addBody = () => undefined;
  patched = true;
}

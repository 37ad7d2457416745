/**
 * Answers that belong to one caller (a guest's data, the operator API, the mail outbox): never stored by a
 * cache and never leaked through a Referer (tokens may sit in query strings, spec 7).
 */
import type { FastifyInstance } from 'fastify';

export function privateResponses(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}

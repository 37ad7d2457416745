/**
 * Graceful close for keep-alive clients. Fastify's close() stops accepting connections and closes
 * the idle ones, but a connection that is busy at that moment would stay open (idle, keep-alive)
 * after its response and hold close() until the keep-alive timeout. Once closing, responses say
 * `Connection: close` and each connection is ended as soon as its response is complete.
 */
import type { FastifyInstance } from 'fastify';

export function closeConnectionsAfterResponse(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    if (closing) request.raw.socket?.end();
  });
}

/**
 * The page origin's Fastify instance with its request pipeline, in the order that matters: the
 * request id, connections closed after a response while shutting down, the input guard (control
 * characters, decision 0025), security headers with the CSP nonce, the same-origin guard (CSRF on
 * cookie-authenticated changes, decision 0026), compression; then the error handler and the API's
 * not-found answers, so an API path never falls through to the pages' catch-all. app.ts adds the
 * modules, the static files and the pages to it.
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { RestrictedError, sendRestricted } from './age-gate.ts';
import { allowedPageOrigins } from './canonical-host.ts';
import { AppError, toErrorBody } from './errors.ts';
import { closeConnectionsAfterResponse } from './graceful.ts';
import { registerInputGuard } from './input-guard.ts';
import { createLogger, echoRequestId, fastifyLogging } from './logging.ts';
import { registerSameOriginGuard } from './same-origin.ts';
import { fastifyTrustProxy, registerPageSecurity } from './security.ts';

/** Paths answered with JSON errors (the REST API and the bench routes). */
const isApiPath = (url: string) => url.startsWith('/rest/') || url === '/rest' || url.startsWith('/__bench/');

export async function createPageOriginApp(options: {
  config: Config;
  log?: Logger;
  /** The session cookie: changes authenticated by it must come from our pages. */
  sessionCookie: string;
}): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...fastifyLogging(options.log ?? createLogger(config.logLevel)),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // A search pattern may have 100 characters, URL-encoded up to 12 bytes each (4-byte UTF-8 as %XX).
    routerOptions: { maxParamLength: 1200 },
  });

  echoRequestId(app);
  closeConnectionsAfterResponse(app);
  // Control characters in any path parameter, query or body: 400 INVALID_CHARACTERS (decision 0025).
  registerInputGuard(app);
  await registerPageSecurity(app, config);
  // Cookie-authenticated changes come from our pages only (CSRF; decision 0026).
  registerSameOriginGuard(app, {
    allowedOrigins: allowedPageOrigins(config),
    cookieName: options.sessionCookie,
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Flush per chunk so a streamed page reaches the browser as it is rendered.
    brotliOptions: {
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    },
    zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
  // API paths never fall through to the pages' catch-all.
  const apiNotFound = async (request: FastifyRequest) => {
    throw new AppError('NOT_FOUND', `No route ${request.method} ${pathOf(request.url)}`, 404);
  };
  app.all('/rest', apiNotFound);
  app.all('/rest/*', apiNotFound);
  app.all('/__bench/*', apiNotFound);
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      return sendError(
        new AppError('NOT_FOUND', `No route ${request.method} ${pathOf(request.url)}`, 404),
        request,
        reply,
      );
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
  });
  return app;
}

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? url;
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof RestrictedError) return sendRestricted(reply, request, error.reason);
  const mapped = toErrorBody(error, request.id);
  if (mapped.internal) request.log.error({ err: error }, 'request failed');
  else
    request.log.info(
      { code: mapped.body.error.code, statusCode: mapped.statusCode },
      mapped.body.error.message,
    );
  if (isApiPath(request.url)) return reply.code(mapped.statusCode).send(mapped.body);
  const text = mapped.internal ? `Internal error (request id ${request.id})` : mapped.body.error.message;
  return reply.code(mapped.statusCode).type('text/plain; charset=utf-8').send(`${text}\n`);
}

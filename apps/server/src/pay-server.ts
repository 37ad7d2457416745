/**
 * The pay origin: a second, small Fastify app on PAY_PORT serving the payment dialog (apps/pay/dist)
 * as a single-page app. Its own origin keeps the dialog isolated from the pages; it talks to them
 * only by postMessage (spec 2), so it may be framed by PUBLIC_ORIGIN and nothing else.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { AppError, toErrorBody } from './http/errors.ts';
import { closeConnectionsAfterResponse } from './http/graceful.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { createLogger, echoRequestId, fastifyLogging } from './http/logging.ts';
import { fastifyTrustProxy, registerPaySecurity } from './http/security.ts';
import { SERVER_VERSION } from './version.ts';

export interface PayAppDeps {
  config: Config;
  /** The built pay app; defaults to apps/pay/dist. */
  distDir?: string;
  log?: Logger;
}

export const PAY_BUILD_MISSING_HINT = 'The payment dialog is not built yet: run npm run build';

export function defaultPayDistDir(): string {
  return fileURLToPath(new URL('../../pay/dist/', import.meta.url));
}

/** What the dialog must know before it can talk to the page and the API (read from meta tags). */
export interface PayPublicConfig {
  publicOrigin: string;
  brandName: string;
  loginEnabled: boolean;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Puts the public configuration into the dialog's index.html as `<meta name="vela-…">` tags (the
 * pay CSP allows no inline script): the page origin it accepts messages from and calls the API on,
 * the brand of its header and whether login/signup are enabled.
 */
export function injectPayConfig(html: string, config: PayPublicConfig): string {
  const tags = [
    ['vela-public-origin', config.publicOrigin],
    ['vela-brand-name', config.brandName],
    ['vela-login-enabled', String(config.loginEnabled)],
  ]
    .map(([name, content]) => `<meta name="${name}" content="${escapeAttribute(content ?? '')}">`)
    .join('');
  const at = html.search(/<\/head>/i);
  return at === -1 ? `${tags}${html}` : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}

export async function buildPayApp(deps: PayAppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const distDir = deps.distDir ?? defaultPayDistDir();
  const app = Fastify({
    ...fastifyLogging((deps.log ?? createLogger(config.logLevel)).child({ origin: 'pay' })),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
  });

  echoRequestId(app);
  closeConnectionsAfterResponse(app);
  registerInputGuard(app);
  await registerPaySecurity(app, config);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = toErrorBody(error, request.id);
    if (mapped.internal) request.log.error({ err: error }, 'request failed');
    return reply.code(mapped.statusCode).send(mapped.body);
  });

  app.get('/alive', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true, data: { alive: true, version: SERVER_VERSION } };
  });

  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    index: false,
    // Vite names the files under assets/ by content hash: a file never changes under its name.
    maxAge: 365 * 24 * 60 * 60 * 1000,
    immutable: true,
  });

  // Single-page app: files at the top of dist (favicon, ...) as they are, every other GET is the
  // dialog's index.html; its router reads the URL.
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (/\.[A-Za-z0-9]+$/.test(pathname) && !pathname.endsWith('.html')) {
      return reply.header('cache-control', 'no-cache').sendFile(pathname.slice(1), distDir);
    }
    if (!existsSync(path.join(distDir, 'index.html'))) {
      return reply.code(503).type('text/plain; charset=utf-8').send(`${PAY_BUILD_MISSING_HINT}\n`);
    }
    // Read on every request (a few hundred bytes): a rebuild while the server runs is picked up.
    const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
    const body = injectPayConfig(html, {
      publicOrigin: config.publicOrigin,
      brandName: config.brandName,
      loginEnabled: config.loginEnabled,
    });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError(
      'NOT_FOUND',
      `No route ${request.method} ${request.url.split('?', 1)[0]}`,
      404,
    );
    return reply.code(404).send(toErrorBody(error, request.id).body);
  });

  return app;
}

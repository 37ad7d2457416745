/**
 * Server-side rendering of apps/web through React Router's request handler.
 *
 * The Fastify request becomes a Web `Request`; the Web `Response` is streamed back as it is
 * produced (status, every header including several Set-Cookie, body stream): the page is never
 * buffered whole. The build is imported lazily: a server without `apps/web/build` still starts,
 * answers pages with 503 and a hint, and serves REST.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WebLoadContext } from '@vela/contracts/pages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import {
  acceptsGzip,
  bodyWithNonce,
  type CachedPage,
  gzipWithNonce,
  isCacheableResponse,
  type PageCache,
} from './page-cache.ts';
import { cspNonceOf } from './security.ts';

/** Where the web build lives. */
export interface WebBuildLocation {
  /** React Router server build: `apps/web/build/server/index.js`. */
  serverBuildFile: string;
  /** Browser files: `apps/web/build/client` (hashed files under `assets/`). */
  clientDir: string;
}

export function defaultWebBuildLocation(): WebBuildLocation {
  const webDir = fileURLToPath(new URL('../../../web/', import.meta.url));
  return {
    serverBuildFile: path.join(webDir, 'build', 'server', 'index.js'),
    clientDir: path.join(webDir, 'build', 'client'),
  };
}

export const BUILD_MISSING_HINT = 'The web app is not built yet: run npm run build';

interface LoadedBuild {
  handle: (request: Request, context: WebLoadContext) => Promise<Response>;
  /** URL paths of the non-hashed files at the top of the client build (favicon.ico, robots.txt, ...). */
  clientFiles: ReadonlySet<string>;
}

/**
 * Loads the build on first need. A missing build is looked for again on the next request, so
 * building while the server runs makes pages appear without a restart.
 */
export class WebBuild {
  private loading: Promise<LoadedBuild> | undefined;

  constructor(
    readonly location: WebBuildLocation,
    private readonly mode: 'development' | 'production',
  ) {}

  get exists(): boolean {
    return existsSync(this.location.serverBuildFile);
  }

  /** The loaded build, or null when there is none on disk. Import errors are thrown. */
  async load(): Promise<LoadedBuild | null> {
    if (!this.loading) {
      if (!this.exists) return null;
      this.loading = this.import();
      // A failed import (a build being written) is retried on the next request.
      this.loading.catch(() => {
        this.loading = undefined;
      });
    }
    return this.loading;
  }

  private async import(): Promise<LoadedBuild> {
    const build = (await import(pathToFileURL(this.location.serverBuildFile).href)) as ServerBuild;
    const handler = createRequestHandler(build, this.mode);
    return {
      // WebLoadContext is the app's load context (contracts/pages.ts); React Router types it loosely.
      handle: (request, context) => handler(request, context as unknown as AppLoadContext),
      clientFiles: await listClientFiles(this.location.clientDir),
    };
  }
}

async function listClientFiles(clientDir: string): Promise<Set<string>> {
  const files = new Set<string>();
  const entries = await readdir(clientDir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name));
    const urlPath = `/${relative.split(path.sep).join('/')}`;
    // Hashed assets have their own immutable route; HTML files are never served raw.
    if (urlPath.startsWith('/assets/') || urlPath.endsWith('.html')) continue;
    files.add(urlPath);
  }
  return files;
}

/** The Fastify request as a Web `Request` (GET/HEAD pages: no body). */
export function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(url, { method: request.method, headers, signal });
}

/** Send a Web `Response` through Fastify, streaming its body. */
export function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (response.body === null) return reply.send();
  if (reply.request.method === 'HEAD') {
    // Headers only: stop rendering the page nobody will read.
    void response.body.cancel();
    return reply.send();
  }
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}

/**
 * `shared`: a render the page cache serves to everyone asking for the same key (decision 0033); its
 * context never holds the viewer. `personal`: a render for this request alone.
 */
export type RenderKind = 'shared' | 'personal';

export interface SsrOptions {
  build: WebBuild;
  /** The per-request load context (services, config, viewer, request id, CSP nonce). */
  contextFor: (request: FastifyRequest, kind: RenderKind) => WebLoadContext | Promise<WebLoadContext>;
  /** Micro-cache of pages rendered without a viewer (see page-cache.ts); none when undefined. */
  cache?: PageCache;
  /**
   * Whether the page at a path is the same for every guest (shared-pages.ts): rendered without the
   * viewer whether or not the cache serves it, so the HTML never depends on who asked.
   */
  sharedPage?: (pathname: string) => boolean;
}

/**
 * Send a cached page with the CSP nonce of this request: gzip-compressed from the page's kept copy when
 * the request takes gzip (no compression per response; page-cache.ts), else as it is (compressed, if
 * asked, by the pipeline).
 */
function sendCachedPage(reply: FastifyReply, page: CachedPage, nonce: string): FastifyReply {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  const gzipped = acceptsGzip(reply.request.headers['accept-encoding']) ? gzipWithNonce(page, nonce) : null;
  if (gzipped) {
    reply.removeHeader('content-length');
    const vary = reply.getHeader('vary');
    if (!/accept-encoding/i.test(String(vary ?? '')))
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    return reply.header('content-encoding', 'gzip').send(gzipped);
  }
  return reply.send(bodyWithNonce(page, nonce));
}

/** The catch-all GET handler: client build files, else a rendered page. */
export function createSsrHandler({ build, contextFor, cache, sharedPage = () => false }: SsrOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const loaded = await build.load();
    if (!loaded) {
      return reply.code(503).type('text/plain; charset=utf-8').send(`${BUILD_MISSING_HINT}\n`);
    }
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (loaded.clientFiles.has(pathname)) {
      return reply
        .header('cache-control', 'public, max-age=3600')
        .sendFile(pathname.slice(1), build.location.clientDir);
    }
    const key = cache?.keyFor(request);
    if (cache && key) {
      let own: Response | undefined;
      const page = await cache.get(key, async (background) => {
        try {
          const context = await contextFor(request, 'shared');
          // What one request's render holds is served to everyone with the same key.
          if (context.viewer) throw new Error('A shared page render must not hold the viewer');
          // A shared render is not aborted by the first visitor leaving.
          const response = await loaded.handle(toWebRequest(request, new AbortController().signal), context);
          if (!isCacheableResponse(response)) {
            // A replacement that is no page to keep (an error, a redirect now): the stale page expires.
            if (background) void response.body?.cancel();
            else own = response;
            return null;
          }
          return {
            status: response.status,
            headers: [...response.headers],
            body: Buffer.from(await response.arrayBuffer()),
            nonce: context.cspNonce,
          };
        } catch (error) {
          if (!background) throw error;
          request.log.error({ err: error }, 'page re-render for the cache failed');
          return null;
        }
      });
      if (page) return sendCachedPage(reply, page, cspNonceOf(request));
      if (own) return sendWebResponse(reply, own);
      // Another visitor's render was not cacheable (a redirect, a 404): render this one alone.
    }
    // Abort loaders when the browser goes away before the page is complete.
    const aborter = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) aborter.abort();
    });
    const context = await contextFor(request, sharedPage(pathname) ? 'shared' : 'personal');
    const response = await loaded.handle(toWebRequest(request, aborter.signal), context);
    // A page rendered for a logged-in guest holds their data: never stored by a shared cache.
    if (context.viewer) {
      response.headers.set('cache-control', 'private, no-store');
      response.headers.set('referrer-policy', 'no-referrer');
    }
    return sendWebResponse(reply, response);
  };
}

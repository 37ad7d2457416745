/**
 * One canonical host per origin (issue 14, decision 0029).
 *
 * The pages (PUBLIC_ORIGIN) and the payment dialog (PAY_ORIGIN) trust each other by exact origin:
 * the dialog's CSP `frame-ancestors`, its postMessage checks and the page's `frame-src` all name
 * the configured origins. A page opened under another name of the same machine
 * (`http://127.0.0.1:3000/` when PUBLIC_ORIGIN is `http://localhost:3000`) is a different origin,
 * so the dialog refused to be framed and nobody could log in. Rather than widen what is trusted,
 * a browser navigation to a loopback alias of a loopback origin is redirected to the origin itself
 * (same path and query), so the browser only ever shows the canonical host.
 *
 * Only navigations (GET/HEAD with `Sec-Fetch-Mode: navigate`, or asking for HTML) are redirected:
 * API calls, health checks and scripts that use 127.0.0.1 are answered as before. A public
 * PUBLIC_ORIGIN (https://example.com) is never redirected to from loopback, so a health check on
 * 127.0.0.1 of a production node keeps working. The redirect is temporary (307): changing
 * PUBLIC_ORIGIN later must not leave a browser with a cached one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The origins whose documents this server trusts: the pages (PUBLIC_ORIGIN) and the payment dialog
 * (PAY_ORIGIN). CSRF checks on cookie-authenticated calls, CORS and the CSP use these and nothing
 * else; loopback aliases never appear as a document's origin (they are redirected, see above).
 */
export function allowedPageOrigins(config: Pick<Config, 'publicOrigin' | 'payOrigin'>): readonly string[] {
  return [config.publicOrigin, config.payOrigin];
}

/** localhost (and *.localhost, RFC 6761), 127.0.0.0/8 and ::1, as a URL writes the host name. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '[::1]' || name === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/**
 * Where a request for `path` that arrived with Host `requestHost` must go instead, or null when it
 * is already at the canonical origin (or is not a loopback alias of it).
 */
export function canonicalRedirectTarget(
  canonicalOrigin: string,
  requestHost: string,
  path: string,
): string | null {
  const canonical = new URL(canonicalOrigin);
  if (!isLoopbackHostname(canonical.hostname)) return null;
  let requested: URL;
  try {
    requested = new URL(`${canonical.protocol}//${requestHost}`);
  } catch {
    return null;
  }
  if (!isLoopbackHostname(requested.hostname)) return null;
  const port = (url: URL) => url.port || defaultPort(url.protocol);
  if (port(requested) !== port(canonical)) return null;
  if (requested.hostname.toLowerCase() === canonical.hostname.toLowerCase()) return null;
  return `${canonical.origin}${path.startsWith('/') ? path : `/${path}`}`;
}

function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

/** Redirects browser navigations to loopback aliases of `canonicalOrigin` to it (see above). */
export function registerCanonicalHost(app: FastifyInstance, canonicalOrigin: string): void {
  if (!isLoopbackHostname(new URL(canonicalOrigin).hostname)) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!isNavigation(request)) return;
    const host = request.headers.host;
    if (typeof host !== 'string') return;
    const target = canonicalRedirectTarget(canonicalOrigin, host, request.url);
    if (target === null) return;
    return reply.header('cache-control', 'no-store').redirect(target, 307);
  });
}

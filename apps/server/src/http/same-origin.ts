/**
 * Cross-site request refusal (issue 14, decision 0026). A state-changing request (POST, PUT, PATCH,
 * DELETE) that carries the session cookie must come from one of our pages; otherwise another site
 * could make the guest's browser log out, buy or change settings with the guest's cookie (CSRF).
 * Such a request answers 403 CROSS_SITE_REQUEST and nothing runs.
 *
 * A request is ours when
 * - `Sec-Fetch-Site` (every current browser sends it to HTTPS and localhost) is `same-origin`, or
 *   `none` (the user's own action: a reload, a bookmark);
 * - otherwise (`same-site`, `cross-site`, or no `Sec-Fetch-Site` from an older browser or a plain
 *   HTTP host) its `Origin`, else its `Referer`, is one of the trusted document origins
 *   (`allowedPageOrigins`, http/canonical-host.ts: the pages and the payment dialog; the dialog
 *   itself never sends cookies, its calls carry a bearer token);
 * - with none of the three it is not a browser's request made by another site (browsers send
 *   `Origin` on every cross-origin POST since 2020): curl, tests, server-to-server calls pass.
 * Requests without the cookie (the dialog's bearer calls, the operator API with its token, payment
 * provider callbacks) are not a CSRF risk and are not looked at.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_REQUEST = 'CROSS_SITE_REQUEST';

/** The origin of an `Origin` or `Referer` value; null for an opaque ("null") or malformed one. */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    // An opaque origin (sandboxed frames, data: URLs) is nobody's page.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request with the session cookie comes from another site (see above).
 * `allowedOrigins`: the trusted document origins (`allowedPageOrigins(config)`).
 */
export function isCrossSiteRequest(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  const source = request.headers.origin ?? request.headers.referer;
  if (typeof source !== 'string') return typeof site === 'string';
  const origin = originOf(source);
  return origin === null || !allowedOrigins.some((allowed) => originOf(allowed) === origin);
}

function hasCookie(request: FastifyRequest, name: string): boolean {
  const header = request.headers.cookie;
  if (!header) return false;
  return header.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/** Refuses cross-site state changes that carry the cookie `cookieName`, before any route runs. */
export function registerSameOriginGuard(
  app: FastifyInstance,
  options: { allowedOrigins: readonly string[]; cookieName: string },
): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!hasCookie(request, options.cookieName)) return;
    if (!isCrossSiteRequest(request, options.allowedOrigins)) return;
    request.log.warn(
      {
        method: request.method,
        secFetchSite: request.headers['sec-fetch-site'],
        origin: request.headers.origin,
      },
      'cross-site request refused',
    );
    throw new AppError(CROSS_SITE_REQUEST, 'Requests from other sites are refused; reload the page', 403);
  });
}

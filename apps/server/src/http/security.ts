/**
 * Security headers of both origins.
 *
 * Pages: a Content-Security-Policy whose script-src allows only our files and the inline scripts
 * that carry this request's nonce (React Router hydration data); the payment dialog may be framed
 * (frame-src PAY_ORIGIN). Pay origin: it may be framed by the page origin only (frame-ancestors).
 * Both first send a browser that came by a loopback alias to the canonical host (canonical-host.ts).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCanonicalHost } from './canonical-host.ts';

const nonces = new WeakMap<IncomingMessage, string>();

/** The CSP nonce of a request (set by `registerPageSecurity`). */
export function cspNonceOf(request: FastifyRequest): string {
  const nonce = nonces.get(request.raw);
  if (!nonce) throw new Error('No CSP nonce: registerPageSecurity must run before the routes');
  return nonce;
}

export interface PageSecurityOptions {
  publicOrigin: string;
  payOrigin: string;
  /** MAP_TILE_URL: the pro search map loads its tiles from this origin (img-src). */
  mapTileUrl?: string | undefined;
}

/** Security headers of the page origin, with a fresh CSP nonce per request. */
export async function registerPageSecurity(
  app: FastifyInstance,
  options: PageSecurityOptions,
): Promise<void> {
  // http://127.0.0.1:3000/ is not the origin the dialog trusts: browsers go to PUBLIC_ORIGIN itself.
  registerCanonicalHost(app, options.publicOrigin);
  // Runs before helmet's onRequest hooks, which read the nonce while writing the CSP header.
  app.addHook('onRequest', async (request) => {
    nonces.set(request.raw, randomBytes(16).toString('base64'));
  });
  const https = options.publicOrigin.startsWith('https:');
  // The tile URL is a template ({z}/{x}/{y}); its origin is what the CSP allows.
  const tileOrigin = options.mapTileUrl ? new URL(options.mapTileUrl.replace(/[{}]/g, '')).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (req) => `'nonce-${nonces.get(req as IncomingMessage) ?? ''}'`],
        // Server-rendered style attributes need 'unsafe-inline'; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(tileOrigin ? [tileOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: [options.payOrigin],
        frameAncestors: ["'self'"],
        formAction: ["'self'", options.payOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The payment dialog may open in a new tab and talk back to its opener by postMessage (spec 2).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}

/** Security headers of the pay origin: framed by the page origin only, no X-Frame-Options. */
export async function registerPaySecurity(app: FastifyInstance, options: PageSecurityOptions): Promise<void> {
  registerCanonicalHost(app, options.payOrigin);
  const https = options.payOrigin.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", options.publicOrigin],
        // The sandbox bank's 3-D Secure page (served by the page origin) opens inside the dialog.
        frameSrc: ["'self'", options.publicOrigin],
        frameAncestors: [options.publicOrigin],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Embedded as an iframe by the page origin: frame-ancestors decides, X-Frame-Options would forbid.
    frameguard: false,
    // Opened in a new tab on mobile, it must keep its opener to answer by postMessage.
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest N proxies", the typed
 * form of Fastify's numeric option.
 */
export function fastifyTrustProxy(
  value: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/**
 * Structured logs (pino) that carry the request id and never contain credentials or e-mail
 * addresses: authorization headers, cookies, token query parameters, passwords and e-mails are
 * scrubbed before a line is written.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';

/** Query parameters whose values are credentials or personal data. */
const SECRET_QUERY_PARAMS = new Set([
  'accesstoken',
  'token',
  'key',
  'password',
  'email',
  'redirect_token',
  'u',
]);
const EMAIL = /[^\s@/?&=#]+@[^\s@/?&=#]+\.[^\s@/?&=#]+/g;
const REDACTED = '[redacted]';

/** Paths pino censors wherever they appear in a logged object. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-access-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'email',
  '*.email',
  'accessToken',
  '*.accessToken',
  'token',
  '*.token',
];

/** The URL with secret query values and any e-mail address replaced by `[redacted]`. */
export function scrubUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathPart = queryStart === -1 ? url : url.slice(0, queryStart);
  const scrubbedPath = pathPart.replace(EMAIL, REDACTED);
  if (queryStart === -1) return scrubbedPath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair.replace(EMAIL, REDACTED);
      const name = pair.slice(0, eq);
      let decodedName = name;
      try {
        decodedName = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      if (SECRET_QUERY_PARAMS.has(decodedName.toLowerCase())) return `${name}=${REDACTED}`;
      const value = pair.slice(eq + 1);
      let decoded = value;
      try {
        decoded = decodeURIComponent(value);
      } catch {
        // keep the raw value
      }
      EMAIL.lastIndex = 0;
      return EMAIL.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${scrubbedPath}?${query}`;
}

/** Create the process logger. Tests pass a destination to read what would be written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        req: (req: { method?: string; url?: string; id?: string; ip?: string }) => ({
          method: req.method,
          url: req.url === undefined ? undefined : scrubUrl(req.url),
          remoteAddress: req.ip,
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}

/** Incoming ids are honoured only when they look like an id (no log or header injection). */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify `genReqId`: a well-formed incoming `x-request-id`, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && WELL_FORMED_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}

/** The Fastify options that make request logs carry `requestId` and honour incoming ids. */
export function fastifyLogging(log: Logger) {
  return {
    // pino's Logger is Fastify's logger; the cast keeps Fastify's default generic types.
    loggerInstance: log as FastifyBaseLogger,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    requestIdHeader: false as const,
  };
}

/** Every response names its request id (incoming `x-request-id` when well-formed, else generated). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

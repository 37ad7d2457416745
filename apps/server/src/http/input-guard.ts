/**
 * The input guard (decision 0025): one `preValidation` hook on the whole app that refuses, with 400
 * `INVALID_CHARACTERS`, a request whose decoded path parameters, query (keys and values) or parsed
 * body (every string and key, at any depth) carries a control character other than TAB, LF and CR,
 * a DEL or a lone surrogate. It runs after routing and body parsing and before every handler, so
 * no handler, rate limiter or query ever sees such text (PostgreSQL refuses U+0000 with an error
 * that used to surface as a 500).
 *
 * A body kept as text by its route (the payment callback keeps the raw JSON for its signature) is
 * checked as text and, when it is JSON, as parsed JSON too.
 */
import {
  type ForbiddenText,
  findForbiddenText,
  forbiddenTextMessage,
  INVALID_CHARACTERS,
} from '@vela/contracts/strings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** The error a request with forbidden text gets (through the route's error handler). */
function invalidCharactersError(found: ForbiddenText): AppError {
  return new AppError(INVALID_CHARACTERS, forbiddenTextMessage(found), 400);
}

function parsedTextBody(request: FastifyRequest, body: string): unknown {
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !/^application\/([\w.+-]*\+)?json\b/i.test(type)) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The first forbidden text of a request's input, or null. */
function forbiddenTextOfRequest(request: FastifyRequest): ForbiddenText | null {
  const found =
    findForbiddenText(request.params, 'params') ??
    findForbiddenText(request.query, 'query') ??
    findForbiddenText(request.body, 'body');
  if (found || typeof request.body !== 'string') return found;
  return findForbiddenText(parsedTextBody(request, request.body), 'body');
}

/** Registers the guard on `app`: call before any route or plugin with routes is registered. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = forbiddenTextOfRequest(request);
    if (found) throw invalidCharactersError(found);
  });
}

/**
 * Registers a REST route from its declaration in packages/contracts (decision 0032).
 *
 * The handler runs the fixed pipeline: `authenticate` (who may call: a logged-in guest, a session,
 * login enabled; it runs first, so a visitor gets 401 before a word about the input), then the
 * declared params, query and body are parsed (a refusal is today's 400 VALIDATION_ERROR with
 * `formatZodIssues`' message), then `handler`, whose answer is parsed with the declared answer
 * schema (what is not declared does not leave the server; an answer that breaks its own contract is
 * a 500, logged) and sent as `{ success: true, data }` with the declared status (204: no body).
 *
 * `pageRoute` registers a declared page (`definePage`: the sandbox pages in the dialog's frame and
 * their form posts) with the same parsing of its params, query and body and no answer schema: the
 * handler answers the page, and the plugin's error handler renders a refusal as a page.
 * `declaredInput` is that parsing alone, for a route that chooses its declaration by the request
 * (the newsletter unsubscribe POST: a mail program's one-click form or the logged-in call).
 *
 * The input guard (http/input-guard.ts, a `preValidation` hook) has already refused control
 * characters with 400 INVALID_CHARACTERS; the error handler of the app writes every refusal in the
 * one format of http/errors.ts.
 */
import type {
  EndpointBody,
  EndpointDefinition,
  EndpointParams,
  EndpointQuery,
  EndpointResult,
  PageDefinition,
} from '@vela/contracts/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { parseInput } from './errors.ts';
import type { ResponseCache } from './response-cache.ts';

export interface EndpointCall<E extends EndpointDefinition, A> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** What `authenticate` answered. */
  auth: A;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Answers from a `ResponseCache` instead (a visitor's listing page, the same for every visitor of
   * a country): the kept answer of `key`, else `load()`'s, checked against the declared answer
   * schema, kept and sent. The handler returns what this returns.
   */
  keep: (answers: ResponseCache, key: string, load: () => Promise<EndpointResult<E>>) => Promise<KeptAnswer>;
}

const KEPT: unique symbol = Symbol('kept answer');
/** What a handler returns when `keep` has sent the answer. */
export type KeptAnswer = typeof KEPT;

export interface EndpointRoute<E extends EndpointDefinition, A> {
  /** Runs before the input is validated: the caller (401/403), or a precondition of the endpoint. */
  authenticate?: (request: FastifyRequest, reply: FastifyReply) => A | Promise<A>;
  handler: (call: EndpointCall<E, NoInfer<A>>) => Promise<EndpointResult<E> | KeptAnswer>;
  /**
   * Checks only the server can make, on top of the declared shape (a key on the P-256 curve): each
   * replaces the declared schema of its part and must answer the same type.
   */
  refine?: {
    params?: z.ZodType<EndpointParams<E>>;
    query?: z.ZodType<EndpointQuery<E>>;
    body?: z.ZodType<EndpointBody<E>>;
  };
  /**
   * Answers that are the same for every caller with the same key (a global search per country) are
   * kept whole by a `ResponseCache` (http/response-cache.ts): on a hit neither the handler nor the
   * answer schema runs, and the cached bytes go out as they are.
   */
  cache?: {
    answers: ResponseCache;
    key: (call: EndpointCall<E, NoInfer<A>>) => string;
    /** How long this answer may be kept (ms), asked right after a load. */
    lifetime?: (call: EndpointCall<E, NoInfer<A>>) => number;
  };
  /** Route options of Fastify that are server policy, not contract. */
  options?: Pick<RouteShorthandOptions, 'bodyLimit' | 'logLevel'>;
}

/**
 * One query parameter of any request, unchecked (the spec 7 ones every call may carry: `lang`,
 * `accessToken`), for code that runs outside a declared endpoint (auth, error pages, GraphQL).
 */
export function queryParam(request: FastifyRequest, name: string): unknown {
  const query: unknown = request.query;
  if (typeof query !== 'object' || query === null || !Object.hasOwn(query, name)) return undefined;
  const value: unknown = Reflect.get(query, name);
  return value;
}

/** A declared input part, parsed: today's 400 VALIDATION_ERROR naming the fields otherwise. */
const parsed = (schema: z.ZodType | undefined, input: unknown): unknown =>
  schema === undefined ? undefined : parseInput(schema, input);

type DeclaredParts = Pick<EndpointDefinition, 'params' | 'query' | 'body'>;
interface DeclaredInput<D> {
  params: EndpointParams<D>;
  query: EndpointQuery<D>;
  body: EndpointBody<D>;
}

/**
 * The declared params, query and body of `input` (a request, or the parts a route decoded itself),
 * parsed in that order: the first refusal is a 400 with the schema's code (VALIDATION_ERROR unless
 * it names its own), thrown as `AppError`. An undeclared part is undefined.
 */
export function declaredInput<D extends DeclaredParts>(
  declaration: D,
  input: { params?: unknown; query?: unknown; body?: unknown },
): DeclaredInput<D> {
  return {
    params: parsed(declaration.params, input.params),
    query: parsed(declaration.query, input.query),
    body: parsed(declaration.body, input.body),
  } as DeclaredInput<D>;
}

export interface PageCall<P extends PageDefinition> extends DeclaredInput<P> {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers the declared page `page` on `app` (a plugin under `/rest/v1` whose error handler renders
 * a refusal as a page): `handler` gets the parsed input and answers the page (HTML) itself.
 */
export function pageRoute<P extends PageDefinition>(
  app: FastifyInstance,
  page: P,
  handler: (call: PageCall<P>) => Promise<unknown>,
): void {
  app.route({
    method: page.method,
    url: `/${page.path}`,
    handler: async (request, reply) => handler({ ...declaredInput(page, request), request, reply }),
  });
}

/**
 * Registers `endpoint` on `app` (a plugin mounted under `/rest/v1`):
 * `route(app, guestEndpoints.login).handle({ authenticate, handler })`. Two steps so that the
 * declaration is fixed before the handler is checked against it (its answer keeps literal types).
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  /** The declared path's start that the plugin's prefix already says (`internal/` under `/rest/v1/internal`). */
  mountedAt = '',
) {
  if (!endpoint.path.startsWith(mountedAt)) throw new Error(`${endpoint.path} is not under ${mountedAt}`);
  const url = `/${endpoint.path.slice(mountedAt.length)}`;
  return {
    handle<A = undefined>(definition: EndpointRoute<E, A>): void {
      app.route({
        method: endpoint.method,
        url,
        ...definition.options,
        handler: async (request, reply) => {
          const auth = (
            definition.authenticate ? await definition.authenticate(request, reply) : undefined
          ) as A;
          const refine = definition.refine;
          const call = {
            ...declaredInput(
              {
                params: refine?.params ?? endpoint.params,
                query: refine?.query ?? endpoint.query,
                body: refine?.body ?? endpoint.body,
              },
              request,
            ),
            auth,
            request,
            reply,
            keep: async (answers: ResponseCache, key: string, load: () => Promise<unknown>) => {
              await answers.send(request, reply, key, async () => ({
                success: true,
                data: endpoint.response.parse(await load()),
              }));
              return KEPT;
            },
          } as EndpointCall<E, A>;
          const cache = definition.cache;
          if (cache) {
            const lifetime = cache.lifetime;
            return cache.answers.send(
              request,
              reply,
              cache.key(call),
              async () => ({ success: true, data: endpoint.response.parse(await definition.handler(call)) }),
              lifetime && (() => lifetime(call)),
            );
          }
          const result = await definition.handler(call);
          if (result === KEPT) return reply;
          const data = endpoint.response.parse(result);
          // A handler may choose between declared successes itself (web push: 201 new, 200 known).
          if (endpoint.status !== undefined) reply.code(endpoint.status);
          // 204 No Content: no `{ success }` envelope either (spec 7 tracker/track).
          if (endpoint.status === 204) return reply.send();
          return reply.send({ success: true, data });
        },
      });
    },
  };
}

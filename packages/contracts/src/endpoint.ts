/**
 * One declaration per REST endpoint (decision 0032): method, path under `/rest/v1` with the spec's
 * name, the zod schemas of its params, query, body and answer, and the error codes it sends. The
 * server registers the route from it (apps/server/src/http/endpoint.ts validates the input and
 * strips the answer to the declared shape); the pages and the dialog build their calls from it
 * (`endpointPath`), so a path, a method or a payload is written once.
 *
 * Spec 7 call conventions stay outside the declarations: every call may add the language, the
 * version tag and the access token as query parameters (and the token as `Authorization: Bearer`),
 * so a declared query schema is a plain (not strict) object; non-GET calls send JSON bodies.
 */
import type { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

export type EndpointMethod = 'GET' | 'POST' | 'DELETE';

export interface EndpointDefinition {
  method: EndpointMethod;
  /** Under `/rest/v1`, without a leading slash; `:name` is a path parameter. */
  path: string;
  params?: z.ZodType;
  /** Only the endpoint's own parameters; not strict (spec 7 adds lang, version tag, accessToken). */
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the `{ success: true, data }` answer; what is not declared does not leave the server. */
  response: z.ZodType;
  /**
   * Status of a success; unless declared, 200 or what the handler sets (web push: 201 new, 200 known).
   * 204 answers without a body (the response schema is then `z.undefined()`).
   */
  status?: 200 | 201 | 204;
  /**
   * The codes of this endpoint's `{ success: false }` answers, besides those any call can get
   * (VALIDATION_ERROR, INVALID_CHARACTERS, RATE_LIMITED, INTERNAL_ERROR ...).
   */
  errors: readonly ErrorCode[];
}

/**
 * An issue of a declared schema that carries its own error code instead of VALIDATION_ERROR (a check
 * with its own code, in the order the schema runs it): `ctx.addIssue(codedIssue('INVALID_ZIP',
 * ['zip'], 'a ZIP code has 5 digits (Germany)'))`. The server answers the first issue's code.
 */
export function codedIssue(errorCode: ErrorCode, path: PropertyKey[], message: string) {
  return { code: 'custom' as const, path, message, params: { errorCode } };
}

/** Declares an endpoint; the literal types (method, path, schemas) are kept for both sides. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

/**
 * A request the browser or a mail program makes itself, not a client of our declarations
 * (decision 0032): the sandbox bank's and the sandbox age check's HTML pages in the dialog's frame
 * and their form posts, the RFC 8058 one-click POST of a mail program. Method, path and input are
 * declared as for an endpoint; the answer is a page (or the handler's own), not `{ success, data }`,
 * so there is no answer schema, and a refusal is what the server renders for that page.
 */
export interface PageDefinition {
  method: 'GET' | 'POST';
  /** Under `/rest/v1`, without a leading slash; `:name` is a path parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The fields of a posted form (`application/x-www-form-urlencoded`), as the server decodes them. */
  body?: z.ZodType;
}

/** Declares a page (or a form post); `endpointPath` builds its links as for an endpoint. */
export function definePage<const P extends PageDefinition>(page: P): P {
  return page;
}

type SchemaOf<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** The validated params, query and body a handler receives (undefined when not declared). */
export type EndpointParams<E> =
  SchemaOf<E, 'params'> extends z.ZodType ? z.output<SchemaOf<E, 'params'>> : undefined;
export type EndpointQuery<E> =
  SchemaOf<E, 'query'> extends z.ZodType ? z.output<SchemaOf<E, 'query'>> : undefined;
export type EndpointBody<E> =
  SchemaOf<E, 'body'> extends z.ZodType ? z.output<SchemaOf<E, 'body'>> : undefined;

/** What a handler answers (before the answer schema strips it) and what a client reads. */
export type EndpointResult<E extends EndpointDefinition> = z.input<E['response']>;
export type EndpointData<E extends EndpointDefinition> = z.output<E['response']>;

/** What a client sends: the declared parts, as the schemas accept them. */
export type EndpointInput<E> = (SchemaOf<E, 'params'> extends z.ZodType
  ? { params: z.input<SchemaOf<E, 'params'>> }
  : { params?: undefined }) &
  (SchemaOf<E, 'query'> extends z.ZodType
    ? { query?: z.input<SchemaOf<E, 'query'>> }
    : { query?: undefined }) &
  (SchemaOf<E, 'body'> extends z.ZodType ? { body: z.input<SchemaOf<E, 'body'>> } : { body?: undefined });

/**
 * The path of a call, relative to `/rest/v1/`, with the params filled in (URI-encoded) and the
 * declared query appended: `endpointPath(deleteSession, { params: { id: '12' } })` is
 * `guest/sessions/12`.
 */
export function endpointPath(
  endpoint: EndpointDefinition | PageDefinition,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: param ${name} missing`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null) query.set(key, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * `/graphql` (POST with a JSON body, or GET with `query`): the query-language service of spec 7.
 *
 * - Token: `Authorization: Bearer` or `?accessToken=` (the REST auth; cookies are not used here).
 *   An operation that selects a field needing a token, sent without one, answers HTTP 200 with
 *   exactly `{ errors: [{ message: 'Missing Vxql-Token', extensions: { code: 'MISSING_TOKEN' } }],
 *   data: null }` (spec 8). A bad or expired token is a 401.
 * - `lang` (spec 7 language parameter) must be de, en, nl or es when given.
 * - Limits: 8 KiB body or query, 1000 tokens, depth 8; introspection is off in production.
 * - A control character in the request (the HTTP input guard), in a string literal of the document
 *   or in a variable is a 400 with code INVALID_CHARACTERS (decision 0025).
 *   Syntax and validation errors are 400 with GraphQL `errors`; GET runs queries only.
 * - Resolver errors other than GraphQL/App errors are masked (logged with the request id).
 */
import { LanguageSchema } from '@vela/contracts/common';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { z } from 'zod';
import { queryParam } from '../../http/endpoint.ts';
import { AppError, toErrorBody } from '../../http/errors.ts';
import { countryOf } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import {
  depthErrors,
  forbiddenTextErrors,
  MAX_QUERY_TOKENS,
  operationOf,
  rootFieldsOf,
} from './graphql.limits.ts';
import {
  buildGraphql,
  type GraphqlContext,
  type GraphqlExtension,
  type GraphqlServices,
} from './graphql.schema.ts';

export const GRAPHQL_BODY_LIMIT = 8 * 1024;
export const MISSING_TOKEN_MESSAGE = 'Missing Vxql-Token';

const Variables = z.record(z.string(), z.unknown()).nullable().optional();
const OperationName = z.string().max(200).nullable().optional();
const PostBodySchema = z.object({
  query: z.string().min(1).max(GRAPHQL_BODY_LIMIT),
  variables: Variables,
  operationName: OperationName,
});
const GetQuerySchema = z.object({
  query: z.string().min(1).max(GRAPHQL_BODY_LIMIT),
  variables: z.string().max(GRAPHQL_BODY_LIMIT).optional(),
  operationName: OperationName,
  lang: z.unknown().optional(),
});

interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

const errorOf = (message: string, code: string) => ({ message, extensions: { code } });

function hasToken(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  return queryParam(request, 'accessToken') !== undefined;
}

export function graphqlRoutes(deps: {
  auth: GuestAuth;
  services: GraphqlServices;
  /** The feature modules' fields. */
  extensions?: readonly GraphqlExtension[];
  introspection: boolean;
  /** The edge's country header (config COUNTRY_HEADER), for the banned-country rule of spec 6. */
  countryHeader?: string;
}): FastifyPluginAsync {
  const { schema, rootValue, tokenFields } = buildGraphql(deps.services, deps.extensions);
  const rules = deps.introspection ? specifiedRules : [...specifiedRules, NoSchemaIntrospectionCustomRule];

  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('application/json; charset=utf-8')
      .send(body);

  /** Errors leave with their code; anything unexpected is masked and logged. */
  const maskErrors = (request: FastifyRequest, errors: readonly GraphQLError[]) =>
    errors.map((error) => {
      const original = error.originalError;
      if (!original || original instanceof GraphQLError) return error;
      if (original instanceof AppError && original.statusCode < 500)
        return new GraphQLError(original.message, {
          nodes: error.nodes,
          path: error.path,
          extensions: { code: original.code },
        });
      request.log.error({ err: original, path: error.path }, 'graphql resolver failed');
      return new GraphQLError(`Internal error (request id ${request.id})`, {
        nodes: error.nodes,
        path: error.path,
        extensions: { code: 'INTERNAL_ERROR' },
      });
    });

  const run = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: GraphqlRequest,
    method: 'GET' | 'POST',
  ) => {
    const lang = LanguageSchema.safeParse(queryParam(request, 'lang') ?? 'en');
    if (!lang.success)
      return send(reply, 400, { errors: [errorOf('lang must be one of de, en, nl, es', 'BAD_REQUEST')] });

    let document: DocumentNode;
    try {
      document = parse(input.query, { maxTokens: MAX_QUERY_TOKENS });
    } catch (error) {
      if (error instanceof GraphQLError) return send(reply, 400, { errors: [error] });
      throw error;
    }
    // Control characters in a string literal or a variable (decision 0025), then depth: both are
    // cheap and come before validation and any token check.
    const forbidden = forbiddenTextErrors(document, input.variables);
    if (forbidden.length > 0) return send(reply, 400, { errors: forbidden });
    const tooDeep = depthErrors(document);
    if (tooDeep.length > 0) return send(reply, 400, { errors: tooDeep });
    const invalid = validate(schema, document, rules);
    if (invalid.length > 0) return send(reply, 400, { errors: invalid });
    const operation = operationOf(document, input.operationName);
    if (!operation)
      return send(reply, 400, {
        errors: [errorOf('Name the operation to run (operationName)', 'OPERATION_NOT_FOUND')],
      });
    if (method === 'GET' && operation.operation !== 'query') {
      reply.header('allow', 'POST');
      return send(reply, 405, {
        errors: [errorOf('Only queries may be sent with GET', 'METHOD_NOT_ALLOWED')],
      });
    }

    const tokenGiven = hasToken(request);
    const needsToken = [...rootFieldsOf(document, operation)].some((field) => tokenFields.has(field));
    if (needsToken && !tokenGiven)
      return send(reply, 200, { errors: [errorOf(MISSING_TOKEN_MESSAGE, 'MISSING_TOKEN')], data: null });

    let guestId: number | null = null;
    let sessionId: number | null = null;
    if (tokenGiven) {
      try {
        const caller = await deps.auth.authenticate(request);
        guestId = caller?.guestId ?? null;
        sessionId = caller?.sessionId ?? null;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401)
          return send(reply, 401, { errors: [errorOf(error.message, error.code)], data: null });
        throw error;
      }
    }
    const contextValue: GraphqlContext = {
      guestId,
      sessionId,
      lang: lang.data,
      ip: request.ip,
      country: deps.countryHeader ? countryOf(request.headers, deps.countryHeader) : null,
    };
    const result: ExecutionResult = await execute({
      schema,
      document,
      rootValue,
      contextValue,
      variableValues: input.variables,
      operationName: input.operationName,
    });
    return send(
      reply,
      200,
      result.errors ? { ...result, errors: maskErrors(request, result.errors) } : result,
    );
  };

  return async (app) => {
    // Transport errors (bad JSON, too large, wrong content type) in GraphQL's shape too.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const mapped = toErrorBody(error, request.id);
      if (mapped.internal) request.log.error({ err: error }, 'graphql request failed');
      return send(reply, mapped.statusCode, {
        errors: [errorOf(mapped.body.error.message, mapped.body.error.code)],
      });
    });

    app.post('/graphql', { bodyLimit: GRAPHQL_BODY_LIMIT }, async (request, reply) => {
      const body = PostBodySchema.safeParse(request.body);
      if (!body.success)
        return send(reply, 400, {
          errors: [errorOf('The body must be JSON { query, variables?, operationName? }', 'BAD_REQUEST')],
        });
      return run(
        request,
        reply,
        {
          query: body.data.query,
          variables: body.data.variables ?? undefined,
          operationName: body.data.operationName ?? undefined,
        },
        'POST',
      );
    });

    app.get('/graphql', async (request, reply) => {
      const params = GetQuerySchema.safeParse(request.query);
      if (!params.success)
        return send(reply, 400, {
          errors: [errorOf(`query is required (at most ${GRAPHQL_BODY_LIMIT} characters)`, 'BAD_REQUEST')],
        });
      let variables: Record<string, unknown> | undefined;
      if (params.data.variables !== undefined) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(params.data.variables);
        } catch {
          parsed = undefined;
        }
        const checked = Variables.safeParse(parsed);
        if (!checked.success || parsed === undefined)
          return send(reply, 400, { errors: [errorOf('variables must be a JSON object', 'BAD_REQUEST')] });
        variables = checked.data ?? undefined;
      }
      return run(
        request,
        reply,
        { query: params.data.query, variables, operationName: params.data.operationName ?? undefined },
        'GET',
      );
    });
  };
}

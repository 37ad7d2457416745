import { defineEndpoint } from '@vela/contracts/endpoint';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from './endpoint.ts';
import { AppError, toErrorBody } from './errors.ts';
import { createResponseCache } from './response-cache.ts';

const rename = defineEndpoint({
  method: 'POST',
  path: 'things/:id/rename',
  params: z.object({ id: z.coerce.number().int().positive() }),
  query: z.object({ dryRun: z.enum(['0', '1']).default('0') }),
  body: z.strictObject({ name: z.string().min(3) }),
  response: z.object({ id: z.number(), name: z.string(), renamed: z.literal(true) }),
  status: 201,
  errors: ['NOT_LOGGED_IN'],
});

function appWith(
  answer: (id: number, name: string) => unknown = (id, name) => ({ id, name, renamed: true }),
) {
  const app = Fastify();
  app.setErrorHandler((error, request, reply) => {
    const mapped = toErrorBody(error, request.id);
    return reply.code(mapped.statusCode).send(mapped.body);
  });
  route(app, rename).handle({
    authenticate: (request) => {
      if (request.headers.authorization !== 'Bearer ok')
        throw new AppError('NOT_LOGGED_IN', 'Log in first', 401);
      return { guestId: 7 };
    },
    handler: async ({ params, query, body, auth }) => {
      expect(auth.guestId).toBe(7);
      expect(query.dryRun).toBe('0');
      return answer(params.id, body.name) as never;
    },
  });
  return app;
}

const call = (app: ReturnType<typeof appWith>, init: { url?: string; body?: unknown; token?: boolean }) =>
  app.inject({
    method: 'POST',
    url: init.url ?? '/things/12/rename',
    headers: init.token === false ? {} : { authorization: 'Bearer ok' },
    ...(init.body === undefined ? {} : { payload: init.body as object }),
  });

describe('route(): an endpoint registered from its declaration (decision 0032)', () => {
  it('answers { success, data } with the declared status, the params coerced and the spec 7 query ignored', async () => {
    const answer = await call(appWith(), {
      url: '/things/12/rename?lang=de&accessToken=x',
      body: { name: 'anna' },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ success: true, data: { id: 12, name: 'anna', renamed: true } });
  });

  it('authenticates before it validates: a visitor with a bad body gets 401, not 400', async () => {
    const answer = await call(appWith(), { body: { name: 1 }, token: false });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.code).toBe('NOT_LOGGED_IN');
  });

  it('refuses bad params, query and body with 400 VALIDATION_ERROR naming the field, as parseInput did', async () => {
    const params = await call(appWith(), { url: '/things/x/rename', body: { name: 'anna' } });
    expect(params.statusCode).toBe(400);
    expect(params.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^id: /),
    });
    const query = await call(appWith(), { url: '/things/12/rename?dryRun=2', body: { name: 'anna' } });
    expect(query.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^dryRun: /),
    });
    const body = await call(appWith(), { body: { name: 'an', extra: 1 } });
    expect(body.json().error.code).toBe('VALIDATION_ERROR');
    expect(body.json().error.message).toMatch(/name: /);
    const none = await call(appWith(), {});
    expect(none.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^body: /),
    });
  });

  it('strips what the answer schema does not declare: nothing undeclared leaves the server', async () => {
    const app = appWith((id, name) => ({ id, name, renamed: true, passwordHash: 'secret' }));
    const answer = await call(app, { body: { name: 'anna' } });
    expect(answer.json().data).toEqual({ id: 12, name: 'anna', renamed: true });
  });

  it('an answer that breaks its own contract is a 500 with the generic message, never the data', async () => {
    const app = appWith((id) => ({ id, renamed: true }));
    const answer = await call(app, { body: { name: 'anna' } });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().error.code).toBe('INTERNAL_ERROR');
  });

  it('a declared 204 answers without a body, not even the envelope', async () => {
    const app = Fastify();
    route(
      app,
      defineEndpoint({ method: 'POST', path: 'ping', response: z.undefined(), status: 204, errors: [] }),
    ).handle({ handler: async () => undefined });
    const answer = await app.inject({ method: 'POST', url: '/ping' });
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
  });

  it('a cached endpoint loads once per key: the answer schema strips the first load, a hit runs no handler', async () => {
    const app = Fastify();
    let loads = 0;
    const endpoint = defineEndpoint({
      method: 'GET',
      path: 'echo/:word',
      params: z.object({ word: z.string() }),
      response: z.object({ word: z.string() }),
      errors: [],
    });
    route(app, endpoint).handle({
      cache: {
        answers: createResponseCache({ ttlMs: 60_000, max: 10, maxBytes: 10_000 }),
        key: ({ params }) => params.word,
      },
      handler: async ({ params }) => {
        loads += 1;
        return { word: params.word, secret: 'x' } as never;
      },
    });
    for (let i = 0; i < 3; i++) {
      const answer = await app.inject({ method: 'GET', url: '/echo/hi' });
      expect(answer.json()).toEqual({ success: true, data: { word: 'hi' } });
    }
    expect(loads).toBe(1);
  });
});

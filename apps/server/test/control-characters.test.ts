/**
 * Issue 14, defect 2: text with a control character (U+0000 first of all: PostgreSQL refuses it and
 * the error used to surface as a 500) is refused once, at the edge, with 400 `INVALID_CHARACTERS`
 * (decision 0025), never a 5xx, on every input the server has:
 *
 * - every route of both origins, enumerated from the apps themselves (an `onRoute` hook added to
 *   every Fastify instance this file builds): each path parameter, the query and JSON bodies whose
 *   keys are every field name of the zod schemas exported by `packages/contracts` and the server's
 *   `*.schema.ts` files (no hand-kept list of routes or fields);
 * - every GraphQL Query and Mutation field, enumerated by introspection of the running schema: each
 *   String/ID argument, as a literal and as a variable, by POST and (queries) by GET;
 * - every browser->server message type of the socket union (`ClientSocketMessageSchema`): each
 *   string field.
 *
 * The number of requests and messages is printed.
 */
import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClientSocketMessageSchema } from '@vela/contracts/socket';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPayApp } from '../src/pay-server.ts';
import { logIn, nextIp, operatorOf, PASSWORD, signUp } from './guest-helpers.ts';
import { tempDir } from './helpers.ts';
import { openSocket, type TestSocket } from './socket-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// --- every route, from the apps themselves ------------------------------------------------------

/** Every route of every Fastify instance built in this file, with the instance it belongs to. */
const registered = vi.hoisted(() => [] as { app: unknown; method: string; url: string }[]);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const withRouteLog = ((options?: object) => {
    const app = (actual.default as unknown as (options?: object) => FastifyInstance)(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ app, method, url: route.url });
    });
    return app;
  }) as unknown as typeof actual.default;
  return { ...actual, default: withRouteLog, fastify: withRouteLog };
});

const NET = '10.14';
const INTERNAL_TOKEN = 'control-characters-operator-token-0123';
const INVALID_CHARACTERS = 'INVALID_CHARACTERS';

/** The characters sent: NUL, two more C0 controls and DEL (lone surrogates only where JSON carries them). */
const CONTROLS = ['\u0000', '\u0001', '\u001b', '\u007f'] as const;
const LONE_SURROGATE = '\ud800';
const label = (character: string) => `U+${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
const poisoned = (character: string) => `ab${character}cd`;

// --- every field name of the exported zod schemas -------------------------------------------------

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}
const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' && value !== null && '_zod' in value;

const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'];

/** Does the schema accept a JSON string (string, string enum or literal), looking through wrappers? */
function acceptsString(schema: ZodLike, seen = new Set<ZodLike>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def;
  const inner = (value: unknown) => isZod(value) && acceptsString(value, seen);
  switch (def.type) {
    case 'string':
    case 'template_literal':
    case 'enum':
      return true;
    case 'literal':
      return (def.values as unknown[]).some((value) => typeof value === 'string');
    case 'union':
      return (def.options as unknown[]).some(inner);
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    default:
      return WRAPPERS.includes(def.type) && inner(def.innerType);
  }
}

/** Every object key of the schema (at any depth); `strings` gets the keys whose value may be a string. */
function collectFields(schema: ZodLike, all: Set<string>, strings: Set<string>, seen = new Set<ZodLike>()) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  const visit = (value: unknown) => {
    if (isZod(value)) collectFields(value, all, strings, seen);
  };
  if (def.type === 'object') {
    for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
      all.add(key);
      if (isZod(child) && acceptsString(child)) strings.add(key);
      visit(child);
    }
  }
  for (const key of ['innerType', 'in', 'out', 'element', 'valueType', 'keyType', 'left', 'right', 'rest'])
    visit(def[key]);
  for (const key of ['options', 'items']) for (const child of (def[key] as unknown[]) ?? []) visit(child);
  if (def.type === 'lazy') visit((def.getter as () => unknown)());
}

const here = path.dirname(fileURLToPath(import.meta.url));
const SCHEMA_FILES = [
  ...readdirSync(path.join(here, '../../../packages/contracts/src'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(here, '../../../packages/contracts/src', file)),
  ...readdirSync(path.join(here, '../src/modules'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.schema.ts'))
    .map((file) => path.join(here, '../src/modules', file)),
];

async function fieldNames(): Promise<{ all: string[]; strings: string[] }> {
  const all = new Set<string>();
  const strings = new Set<string>();
  for (const file of SCHEMA_FILES) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isZod(value)) collectFields(value, all, strings);
  }
  return { all: [...all].sort(), strings: [...strings].sort() };
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

// --- answers -----------------------------------------------------------------------------------

/** The error code of a REST (`error.code`) or GraphQL (`errors[0].extensions.code`) answer, if JSON. */
function codeOf(response: LightMyRequestResponse): string | null {
  if (!String(response.headers['content-type'] ?? '').includes('json')) return null;
  const body = response.json() as {
    error?: { code?: string };
    errors?: { extensions?: { code?: string } }[];
  };
  return body.error?.code ?? body.errors?.[0]?.extensions?.code ?? null;
}

/**
 * Refused at the edge: 400, and `INVALID_CHARACTERS` where the answer is JSON (the sandbox bank
 * page and the pages answer HTML or text, with the same status).
 */
function refusedAtEdge(response: LightMyRequestResponse): boolean {
  if (response.statusCode !== 400) return false;
  const code = codeOf(response);
  return code === INVALID_CHARACTERS || (code === null && !response.body.includes('INTERNAL_ERROR'));
}

describe('control characters are refused at the edge with 400 INVALID_CHARACTERS (issue 14, defect 2)', () => {
  let t: TestApp;
  let guest: Awaited<ReturnType<typeof signUp>>;
  /** The route sweep's own guest: on code without the guard its requests would log it out and more. */
  let sweeper: Awaited<ReturnType<typeof signUp>>;
  let socketUrl: string;
  let payApp: FastifyInstance;
  let payDist: Awaited<ReturnType<typeof tempDir>>;
  const sockets: TestSocket[] = [];
  const counts = {
    rest: 0,
    graphql: 0,
    socket: 0,
    routes: 0,
    restRoutes: 0,
    payRoutes: 0,
    operations: 0,
    operationsWithText: 0,
    messageTypes: 0,
    /** Answers that are the server's failure: HTTP 5xx, GraphQL INTERNAL_ERROR, socket FAILED. */
    serverErrors: 0,
  };
  const operator = operatorOf(INTERNAL_TOKEN);

  const authHeaders = () => ({
    authorization: `Bearer ${sweeper.accessToken}`,
    'x-internal-token': INTERNAL_TOKEN,
  });

  beforeAll(async () => {
    t = await createTestApp({
      env: { INTERNAL_API_TOKEN: INTERNAL_TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1' },
    });
    payDist = await tempDir('control-pay');
    await mkdir(path.join(payDist.dir, 'assets'));
    await writeFile(path.join(payDist.dir, 'index.html'), '<!doctype html><html><head></head></html>');
    payApp = await buildPayApp({ config: t.config, distDir: payDist.dir });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `${address.replace('http', 'ws')}/socket`;
    guest = await signUp(t.app, 'Ctl_Guest', { ip: nextIp(NET) });
    sweeper = await signUp(t.app, 'Ctl_Sweeper', { ip: nextIp(NET) });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await payApp?.close();
    await t?.close();
    await payDist?.remove();
    console.info(
      `control characters: ${counts.routes} routes (method and path) of the page origin, ${counts.restRoutes} of them ` +
        `under /rest/, and ${counts.payRoutes} of the pay origin (${counts.rest} HTTP requests); ` +
        `${counts.operations} GraphQL operations, ${counts.operationsWithText} with String/ID arguments ` +
        `(${counts.graphql} requests); ${counts.messageTypes} socket message types (${counts.socket} messages); ` +
        `${counts.serverErrors} answers were server failures`,
    );
  });

  it("the issue's call sites: a NUL in an otherwise valid request is 400 INVALID_CHARACTERS (was 500)", async () => {
    const bearer = { authorization: `Bearer ${guest.accessToken}` };
    const cases: { name: string; request: InjectOptions }[] = [
      {
        name: 'guest/login (no login needed)',
        request: {
          method: 'POST',
          url: '/rest/v1/guest/login',
          payload: { login: 'Ctl\u0000', password: 'x' },
        },
      },
      {
        name: 'guest/signup email',
        request: {
          method: 'POST',
          url: '/rest/v1/guest/signup',
          payload: { screenName: 'Ctl_Signup', email: 'ctl\u0000signup@example.com', password: PASSWORD },
        },
      },
      {
        name: 'guest/signup signupOrigin',
        request: {
          method: 'POST',
          url: '/rest/v1/guest/signup',
          payload: {
            screenName: 'Ctl_Signup2',
            email: 'ctl-signup2@example.com',
            password: PASSWORD,
            signupOrigin: 'x\u0000',
          },
        },
      },
      {
        name: 'guest/passwordLost',
        request: {
          method: 'POST',
          url: '/rest/v1/guest/passwordLost',
          payload: { login: 'Ctl\u0000', language: 'en' },
        },
      },
      {
        name: 'actor/getActorDataByIdOrName/%00',
        request: { method: 'GET', url: '/rest/v1/actor/getActorDataByIdOrName/%00' },
      },
      {
        name: 'gallery/getsedcards/%00',
        request: { method: 'GET', url: '/rest/v1/gallery/getsedcards/%00' },
      },
      {
        name: 'bonuscode/check/:code',
        request: { method: 'GET', url: '/rest/v1/bonuscode/check/AB%00CD', headers: bearer },
      },
      {
        name: 'payment/chargeOneClick idempotencyKey',
        request: {
          method: 'POST',
          url: '/rest/v1/payment/chargeOneClick',
          headers: bearer,
          payload: { idempotencyKey: 'abcdefgh\u0000', amountCents: 1000 },
        },
      },
      {
        name: 'payment/charges idempotencyKey',
        request: {
          method: 'POST',
          url: '/rest/v1/payment/charges',
          headers: bearer,
          payload: {
            idempotencyKey: 'ctl-charge\u0000-0001',
            flow: 'moneycharge',
            paytype: 'CC',
            amountCents: 1000,
            card: {
              number: '4242 4242 4242 4242',
              expMonth: 12,
              expYear: 2030,
              cvc: '123',
              holder: 'Ann Example',
            },
          },
        },
      },
      {
        name: 'internal guests/:guestId/notifications params',
        request: {
          method: 'POST',
          url: `/rest/v1/internal/guests/${guest.id}/notifications`,
          headers: { 'x-internal-token': INTERNAL_TOKEN },
          payload: { type: 1, params: { text: 'x\u0000' } },
        },
      },
      {
        name: 'the sandbox bank form (x-www-form-urlencoded)',
        request: {
          method: 'POST',
          url: '/rest/v1/payment/sandbox/3ds/ch_1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'token=%00&code=1234',
        },
      },
      {
        name: 'GraphQL bonusCodeCheck, literal',
        request: {
          method: 'POST',
          url: '/graphql',
          headers: bearer,
          payload: { query: '{ bonusCodeCheck(code: "AB\\u0000CD") { success } }' },
        },
      },
      {
        name: 'GraphQL bonusCodeCheck, variable',
        request: {
          method: 'POST',
          url: '/graphql',
          headers: bearer,
          payload: {
            query: 'query Check($code: String!) { bonusCodeCheck(code: $code) { success } }',
            variables: { code: 'AB\u0000CD' },
          },
        },
      },
      {
        name: 'GraphQL bonusCodeCheck, GET with a variable',
        request: {
          method: 'GET',
          url: `/graphql?query=${encodeURIComponent('query Check($code: String!) { bonusCodeCheck(code: $code) { success } }')}&variables=${encodeURIComponent(JSON.stringify({ code: 'AB\u0000CD' }))}`,
          headers: bearer,
        },
      },
    ];
    const answers = [];
    for (const { name, request } of cases) {
      // The operator API answers only its allowed addresses (127.0.0.1 here).
      const remoteAddress = name.startsWith('internal') ? '127.0.0.1' : nextIp(NET);
      const response = await t.app.inject({ remoteAddress, ...request });
      answers.push({
        name,
        status: response.statusCode,
        code: codeOf(response) ?? response.body.slice(0, 40),
      });
    }
    expect(answers).toEqual(
      cases.map(({ name }) => ({
        name,
        status: 400,
        code: name.startsWith('the sandbox bank') ? expect.any(String) : INVALID_CHARACTERS,
      })),
    );
  });

  it("the issue's socket call site: chargeOneClick with a NUL in its idempotency key is error INVALID_CHARACTERS (was FAILED, the socket's 500)", async () => {
    const socket = await openSocket(socketUrl);
    sockets.push(socket);
    const envelope = { accessToken: guest.accessToken, guestId: String(guest.id) };
    socket.send({ type: 'requestSession', language: 'en', ...envelope });
    await socket.next('ackSession');
    socket.send({ type: 'chargeOneClick', amount: 1000, idempotencyKey: 'abcdefgh\u0000', ...envelope });
    expect(await socket.next('error')).toMatchObject({
      code: INVALID_CHARACTERS,
      inReplyTo: 'chargeOneClick',
    });
  });

  it('a login with a control character is refused before the route: not a guess, so the login limiter does not count it, and the guest is untouched', async () => {
    const ip = nextIp(NET);
    const victim = await signUp(t.app, 'Ctl_Victim', { ip });
    const sessionsOf = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/rest/v1/guest/sessions',
        headers: { cookie: victim.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const before = await sessionsOf();
    // Far more than any login limit (per IP, per account or per pair), from one address.
    for (let attempt = 0; attempt < 30; attempt++) {
      for (const payload of [
        { login: 'Ctl_Victim\u0000', password: 'wrong-password' },
        { login: 'Ctl_Victim', password: `wrong${CONTROLS[attempt % CONTROLS.length]}` },
        { login: 'ctl_victim@example.com', password: `${PASSWORD}\u0000` },
      ]) {
        const response = await logIn(t.app, payload.login, payload.password, ip);
        expect(response.statusCode, response.body).toBe(400);
        expect(codeOf(response)).toBe(INVALID_CHARACTERS);
      }
    }
    expect(await sessionsOf()).toEqual(before);
    // TAB, LF and CR and any well-formed character are text as usual: a wrong password, not refused.
    const tabs = await logIn(t.app, 'Ctl_Victim', 'wrong\tpass\r\nword 😀', ip);
    expect(tabs.statusCode, tabs.body).toBe(401);
    const right = await logIn(t.app, 'Ctl_Victim', PASSWORD, ip);
    expect(right.statusCode, right.body).toBe(200);
  });

  it('every route of both origins (from onRoute) refuses C0 controls and DEL in each path parameter, the query and every string field name of the exported zod schemas (40 per JSON body): 400, never 5xx', async () => {
    const { all, strings } = await fieldNames();
    expect(strings.length).toBeGreaterThan(50);
    const routes = registered.filter((route) => route.method !== 'HEAD');
    const pageRoutes = routes.filter((route) => route.app === t.app);
    const payRoutes = routes.filter((route) => route.app === payApp);
    // This file builds these two apps only: no route is left out.
    expect(pageRoutes.length + payRoutes.length).toBe(routes.length);
    expect(pageRoutes.length).toBeGreaterThan(100);
    expect(payRoutes.length).toBeGreaterThan(1);
    counts.routes = new Set(pageRoutes.map((route) => `${route.method} ${route.url}`)).size;
    counts.restRoutes = new Set(
      pageRoutes
        .filter((route) => route.url.startsWith('/rest/'))
        .map((route) => `${route.method} ${route.url}`),
    ).size;
    counts.payRoutes = new Set(payRoutes.map((route) => `${route.method} ${route.url}`)).size;
    const failures: string[] = [];

    const check = async (app: FastifyInstance, name: string, request: InjectOptions) => {
      counts.rest++;
      const response = await app.inject({ remoteAddress: '127.0.0.1', ...request });
      if (response.statusCode >= 500) counts.serverErrors++;
      if (!refusedAtEdge(response))
        failures.push(`${name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    };

    for (const route of routes) {
      const app = route.app as FastifyInstance;
      const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
      if (route.url.includes('*')) params.push('*');
      const urlWith = (values: Record<string, string>) =>
        route.url
          .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'))
          .replace('*', encodeURIComponent(values['*'] ?? 'x'));
      const method = route.method as InjectOptions['method'];
      const where = `${route.method} ${route.url}`;
      // QUERY always has a body: without a content type Fastify refuses it before any hook.
      const headers =
        route.method === 'QUERY' ? { ...authHeaders(), 'content-type': 'application/json' } : authHeaders();
      const empty = route.method === 'QUERY' ? { payload: '{}' } : {};
      for (const character of CONTROLS) {
        const bad = poisoned(character);
        for (const param of params)
          await check(app, `${where} param ${param} ${label(character)}`, {
            method,
            url: urlWith({ [param]: bad }),
            headers,
            ...empty,
          });
        const query = all.map((name) => `${name}=${encodeURIComponent(bad)}`).join('&');
        await check(app, `${where} query ${label(character)}`, {
          method,
          url: `${urlWith({})}?${query}`,
          headers,
          ...empty,
        });
        await check(app, `${where} query key ${label(character)}`, {
          method,
          url: `${urlWith({})}?${encodeURIComponent(bad)}=1`,
          headers,
          ...empty,
        });
      }
      if (!['POST', 'PUT', 'PATCH', 'DELETE', 'QUERY'].includes(route.method)) continue;
      for (const character of [...CONTROLS, LONE_SURROGATE]) {
        const bad = poisoned(character);
        for (const group of chunks(strings, 40))
          await check(app, `${where} body ${group[0]}.. ${label(character)}`, {
            method,
            url: urlWith({}),
            headers,
            payload: Object.fromEntries(group.map((name) => [name, bad])),
          });
        await check(app, `${where} body nested ${label(character)}`, {
          method,
          url: urlWith({}),
          headers,
          payload: { items: [{ deep: { text: bad } }] },
        });
        await check(app, `${where} body key ${label(character)}`, {
          method,
          url: urlWith({}),
          headers,
          payload: { [bad]: 'x' },
        });
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('every GraphQL Query and Mutation field (introspected) refuses C0 controls and DEL in each String/ID argument, as a literal and as a variable, by POST and GET: 400, never an internal error', async () => {
    const introspect = async (query: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${guest.accessToken}` },
        payload: { query },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
    // Three small queries: one would be deeper than the service allows (8).
    const roots = await introspect('{ __schema { queryType { name } mutationType { name } } }');
    const { __schema: typeList } = await introspect(
      `{ __schema { types { kind name inputFields { name type { ${TYPE_REF} } } enumValues { name } } } }`,
    );
    const fieldsOf = async (name: string | undefined) =>
      name
        ? (
            await introspect(
              `{ __type(name: "${name}") { fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } } } }`,
            )
          ).__type.fields
        : [];
    interface TypeRef {
      kind: string;
      name: string | null;
      ofType: TypeRef | null;
    }
    interface Argument {
      name: string;
      type: TypeRef;
    }
    const types = new Map<
      string,
      { kind: string; inputFields: Argument[] | null; enumValues: { name: string }[] | null }
    >(typeList.types.map((type: { name: string }) => [type.name, type]));
    const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type);
    const typeText = (type: TypeRef): string =>
      type.kind === 'NON_NULL'
        ? `${typeText(type.ofType as TypeRef)}!`
        : type.kind === 'LIST'
          ? `[${typeText(type.ofType as TypeRef)}]`
          : (type.name as string);
    const isStringLike = (type: TypeRef) => ['String', 'ID'].includes(named(type).name ?? '');

    /** A valid literal of a type; `poison` replaces the String/ID value at `target` (a path of names). */
    const literal = (type: TypeRef, target: string[] | null, poison: string): string => {
      if (type.kind === 'NON_NULL') return literal(type.ofType as TypeRef, target, poison);
      if (type.kind === 'LIST') return `[${literal(type.ofType as TypeRef, target, poison)}]`;
      const name = type.name as string;
      if (target && target.length === 0) return poison;
      const info = types.get(name);
      if (info?.kind === 'INPUT_OBJECT') {
        const fields = (info.inputFields ?? []).filter(
          (field) => field.type.kind === 'NON_NULL' || field.name === target?.[0],
        );
        return `{ ${fields
          .map(
            (field) =>
              `${field.name}: ${literal(field.type, field.name === target?.[0] ? target.slice(1) : null, poison)}`,
          )
          .join(', ')} }`;
      }
      if (info?.kind === 'ENUM') return info.enumValues?.[0]?.name ?? 'X';
      return { Int: '1', Float: '1.5', Boolean: 'true', ID: '"1"' }[name] ?? '"abcd"';
    };
    /** The paths to every String/ID place inside an argument (through input objects). */
    const stringPlaces = (type: TypeRef, depth = 0): { path: string[]; type: TypeRef }[] => {
      if (isStringLike(type)) return [{ path: [], type }];
      const info = types.get(named(type).name ?? '');
      if (info?.kind !== 'INPUT_OBJECT' || depth > 3) return [];
      return (info.inputFields ?? []).flatMap((field) =>
        stringPlaces(field.type, depth + 1).map((place) => ({ ...place, path: [field.name, ...place.path] })),
      );
    };
    const selection = (type: TypeRef) =>
      ['OBJECT', 'INTERFACE', 'UNION'].includes(types.get(named(type).name ?? '')?.kind ?? '')
        ? ' { __typename }'
        : '';

    const operations = [
      ...(await fieldsOf(roots.__schema.queryType.name)).map((field: object) => ({
        ...field,
        kind: 'query',
      })),
      ...(await fieldsOf(roots.__schema.mutationType?.name)).map((field: object) => ({
        ...field,
        kind: 'mutation',
      })),
    ] as { name: string; kind: 'query' | 'mutation'; args: Argument[]; type: TypeRef }[];
    counts.operations = operations.length;
    expect(operations.map((operation) => operation.name)).toContain('bonusCodeCheck');
    const failures: string[] = [];
    const send = async (name: string, request: InjectOptions) => {
      counts.graphql++;
      const response = await t.app.inject({
        ...request,
        headers: { authorization: `Bearer ${guest.accessToken}` },
      });
      if (response.statusCode >= 500 || codeOf(response) === 'INTERNAL_ERROR') counts.serverErrors++;
      if (response.statusCode !== 400 || codeOf(response) !== INVALID_CHARACTERS)
        failures.push(`${name}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    };
    let withStrings = 0;
    for (const operation of operations) {
      const places = operation.args.flatMap((argument) =>
        stringPlaces(argument.type).map((place) => ({ argument, place })),
      );
      if (places.length > 0) withStrings++;
      for (const { argument, place } of places) {
        for (const character of CONTROLS) {
          const escaped = `"ab\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}cd"`;
          const argumentsWith = (value: (target: Argument) => string) =>
            operation.args
              .filter((other) => other === argument || other.type.kind === 'NON_NULL')
              .map((other) => `${other.name}: ${value(other)}`)
              .join(', ');
          const asLiteral = `${operation.kind} { ${operation.name}(${argumentsWith((other) =>
            literal(other.type, other === argument ? place.path : null, escaped),
          )})${selection(operation.type)} }`;
          // The variable has the type of the place it fills: the document itself is valid.
          const asVariable = `${operation.kind} Op($v: ${typeText(place.type)}) { ${operation.name}(${argumentsWith(
            (other) => literal(other.type, other === argument ? place.path : null, '$v'),
          )})${selection(operation.type)} }`;
          const variables = { v: poisoned(character) };
          const name = `${operation.name}(${[argument.name, ...place.path].join('.')}) ${label(character)}`;
          await send(`${name} literal`, { method: 'POST', url: '/graphql', payload: { query: asLiteral } });
          await send(`${name} variable`, {
            method: 'POST',
            url: '/graphql',
            payload: { query: asVariable, variables },
          });
          if (operation.kind === 'query') {
            await send(`${name} GET literal`, {
              method: 'GET',
              url: `/graphql?query=${encodeURIComponent(asLiteral)}`,
            });
            await send(`${name} GET variable`, {
              method: 'GET',
              url: `/graphql?query=${encodeURIComponent(asVariable)}&variables=${encodeURIComponent(JSON.stringify(variables))}`,
            });
          }
        }
      }
    }
    counts.operationsWithText = withStrings;
    expect(withStrings).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  });

  it('every browser->server socket message type refuses C0 controls, DEL and lone surrogates in each string field with error INVALID_CHARACTERS; the socket stays', async () => {
    const envelope = { accessToken: guest.accessToken, guestId: String(guest.id) };
    const failures: string[] = [];
    const options = ClientSocketMessageSchema.options;
    counts.messageTypes = options.length;
    for (const option of options) {
      const type = option.shape.type.value;
      const fields = Object.entries(option.shape as Record<string, unknown>)
        .filter(([, schema]) => isZod(schema) && acceptsString(schema))
        .map(([name]) => name);
      expect(fields).toContain('accessToken');
      const socket = await openSocket(socketUrl);
      sockets.push(socket);
      socket.send({ type: 'requestSession', language: 'en', ...envelope });
      await socket.next('ackSession');
      const reply = () =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no answer to ${type}`)), 5_000);
          socket.ws.once('message', (data) => {
            clearTimeout(timer);
            resolve(JSON.parse(String(data)));
          });
        });
      for (const field of fields) {
        for (const character of [...CONTROLS, LONE_SURROGATE]) {
          counts.socket++;
          const value = field === 'type' ? `${type}${character}` : poisoned(character);
          const answer = reply();
          socket.send({ type, ...envelope, [field]: value });
          const message = await answer.catch((error: Error) => ({ error: error.message }));
          const expected = {
            type: 'error',
            code: INVALID_CHARACTERS,
            inReplyTo: field === 'type' ? null : type,
          };
          if ((message as { code?: string }).code === 'FAILED') counts.serverErrors++;
          if (!expect.objectContaining(expected).asymmetricMatch(message))
            failures.push(`${type}.${field} ${label(character)}: ${JSON.stringify(message).slice(0, 160)}`);
        }
      }
      // Still open and answering.
      socket.send({ type: 'ping', ...envelope });
      await socket.next('pong');
      socket.close();
    }
    expect(failures).toEqual([]);
  });

  it('a first socket frame with a control character is a protocol error: error INVALID_CHARACTERS, then close 1002', async () => {
    for (const first of [
      {
        type: 'requestSession',
        language: 'en',
        accessToken: `${guest.accessToken}\u0000`,
        guestId: String(guest.id),
      },
      { type: 'requestSession', language: 'en\u0000', accessToken: null, guestId: null },
    ]) {
      counts.socket++;
      const socket = await openSocket(socketUrl);
      sockets.push(socket);
      socket.send(first);
      expect(await socket.next('error')).toMatchObject({
        code: INVALID_CHARACTERS,
        inReplyTo: 'requestSession',
      });
      expect((await socket.closed).code).toBe(1002);
    }
  });

  it('the operator API refuses them too, and a clean operator call still works', async () => {
    const refused = await operator(t.app, 'POST', `guests/${guest.id}/notifications`, {
      type: 1,
      params: { 'name\u0000': 'x' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(codeOf(refused)).toBe(INVALID_CHARACTERS);
    const reload = await operator(t.app, 'POST', `guests/${guest.id}/page-reload`);
    expect(reload.statusCode, reload.body).toBeLessThan(300);
  });
});

/**
 * `/graphql`, the query-language service of spec 7: the token comes as `Authorization: Bearer` or
 * `?accessToken=`; a field that needs one, called without, answers `Missing Vxql-Token` (spec 8);
 * a guest only ever reads themself; bad queries are 400; depth, size and introspection are limited.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp, signUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const MISSING_TOKEN = {
  errors: [{ message: 'Missing Vxql-Token', extensions: { code: 'MISSING_TOKEN' } }],
  data: null,
};

/** This file's client addresses (10.6.x.y), apart from the other test files. */
const NET = '10.6';

/** Signs a guest up and mints a fresh access token for the query service. */
async function signup(app: FastifyInstance, name: string) {
  const { cookie, guest } = await signUp(app, name, { ip: nextIp(NET) });
  const minted = await app.inject({ method: 'POST', url: '/rest/v1/guest/accessToken', headers: { cookie } });
  expect(minted.statusCode, minted.body).toBe(200);
  return {
    cookie,
    id: guest.id,
    token: minted.json().data.accessToken as string,
  };
}

const GUEST_QUERY = '{ guest { id name email hasAvs avsStatus avsRejectMessage isLoggedIn isLocked } }';

describe('GraphQL /graphql (spec 7, 8)', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signup>>;
  let bob: Awaited<ReturnType<typeof signup>>;

  const post = (body: unknown, options: { headers?: Record<string, string>; query?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/graphql${options.query ?? ''}`,
      headers: { 'content-type': 'application/json', ...options.headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signup(t.app, 'Gql_Alice');
    bob = await signup(t.app, 'Gql_Bob');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("spec 8: a field that needs a token, called without one, answers exactly 'Missing Vxql-Token' with data null", async () => {
    for (const query of [
      GUEST_QUERY,
      '{ avsStatus { avsStatus } }',
      '{ viewer guest { id } }',
      'query Q { ...Root } fragment Root on Query { guest { id } }',
      '{ ... on Query { avsStatus { avsStatus } } }',
    ]) {
      const response = await post({ query });
      expect(response.statusCode, query).toBe(200);
      expect(response.json(), query).toEqual(MISSING_TOKEN);
    }
    // The session cookie is not a token for the query service.
    const withCookie = await post({ query: GUEST_QUERY }, { headers: { cookie: alice.cookie } });
    expect(withCookie.json()).toEqual(MISSING_TOKEN);
    const viaGet = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(GUEST_QUERY)}`,
    });
    expect(viaGet.json()).toEqual(MISSING_TOKEN);
  });

  it("DESIGN: every module's field that needs a token (queries and mutations, outside the messenger) answers exactly 'Missing Vxql-Token' without one", async () => {
    // The schema (introspection is on outside production) gives each field's arguments and type: a
    // minimal valid operation per field, so the answer is the token check's and not validation's.
    const T = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
    const rootOf = async (name: string) => {
      const response = await post({
        query: `{ __type(name: "${name}") { fields { name args { name type { ${T} } } type { ${T} } } } }`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.__type.fields;
    };
    const enumTypes = await post({ query: '{ __schema { types { name kind enumValues { name } } } }' });
    type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
    type Field = { name: string; args: { name: string; type: TypeRef }[]; type: TypeRef };
    const enums = new Map<string, string>(
      enumTypes
        .json()
        .data.__schema.types.filter((type: { kind: string }) => type.kind === 'ENUM')
        .map((type: { name: string; enumValues: { name: string }[] }) => [
          type.name,
          type.enumValues[0]!.name,
        ]),
    );
    const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type);
    const literal = (type: TypeRef): string => {
      const base = named(type);
      if (base.kind === 'ENUM') return enums.get(base.name!)!;
      if (base.name === 'Int' || base.name === 'Float') return '1';
      if (base.name === 'Boolean') return 'true';
      return '"1"';
    };
    const operationOf = (kind: 'query' | 'mutation', field: Field) => {
      const args = field.args.filter((arg) => arg.type.kind === 'NON_NULL');
      const argList = args.length
        ? `(${args.map((arg) => `${arg.name}: ${literal(arg.type)}`).join(', ')})`
        : '';
      const leaf = ['SCALAR', 'ENUM'].includes(named(field.type).kind);
      return `${kind} { ${field.name}${argList}${leaf ? '' : ' { __typename }'} }`;
    };
    const TOKEN_FIELDS = {
      query: [
        'guest',
        'avsStatus',
        'conversionChat',
        'freeChatDuration',
        'pincallVerifications',
        'guestVouchers',
        'remainingBonusCodes',
        'benefits',
        'bonusCodeCheck',
        'lastSearches',
        'vip30ValueHistory',
        'chatTicketList',
        'voiceCall',
      ],
      mutation: [
        'likeGallery',
        'dislikeGallery',
        'viewAlbum',
        'freePreviewInit',
        'freePreviewDecline',
        'pincallStart',
        'pincallVerify',
        'redeemBonusCode',
        'storeSearchPattern',
        'buyChatTicket',
        'removeChatTicket',
        'likeVideo',
        'dislikeVideo',
        'anonymousVoiceCallChat',
      ],
    } as const;
    for (const kind of ['query', 'mutation'] as const) {
      const fields: Field[] = await rootOf(kind === 'query' ? 'Query' : 'Mutation');
      for (const name of TOKEN_FIELDS[kind]) {
        const field = fields.find((f) => f.name === name);
        expect(field, `${kind} ${name} is in the schema`).toBeDefined();
        const operation = operationOf(kind, field!);
        const response = await post({ query: operation });
        expect(response.statusCode, operation).toBe(200);
        expect(response.json(), operation).toEqual(MISSING_TOKEN);
      }
    }
  });

  it('public fields work without a token: viewer is false, legal texts by type and language (en fallback)', async () => {
    const response = await post({
      query:
        'query Legal($type: String!) { viewer legalTexts(type: $type, language: "de") { type language version html } }',
      variables: { type: 'PP' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.viewer).toBe(false);
    expect(data.legalTexts).toHaveLength(1);
    expect(data.legalTexts[0]).toMatchObject({ type: 'PP' });
    expect(['de', 'en']).toContain(data.legalTexts[0].language);
    expect(response.headers['cache-control']).toBe('no-store');

    const bad = await post({ query: '{ legalTexts(type: "XX", language: "de") { id } }' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('spec 7: the token works as Authorization: Bearer and as the accessToken query parameter, POST and GET', async () => {
    const viaHeader = await post(
      { query: GUEST_QUERY },
      { headers: { authorization: `Bearer ${alice.token}` } },
    );
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    expect(viaHeader.json()).toEqual({
      data: {
        guest: {
          id: alice.id,
          name: 'Gql_Alice',
          email: 'gql_alice@example.com',
          hasAvs: false,
          avsStatus: 'unknown',
          avsRejectMessage: null,
          isLoggedIn: true,
          isLocked: false,
        },
      },
    });
    const viaQuery = await post({ query: GUEST_QUERY }, { query: `?accessToken=${alice.token}&lang=de` });
    expect(viaQuery.json().data.guest.id).toBe(alice.id);
    const viaGet = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ viewer avsStatus { avsStatus avsRejectMessage } }')}&accessToken=${alice.token}`,
    });
    expect(viaGet.statusCode, viaGet.body).toBe(200);
    expect(viaGet.json()).toEqual({
      data: { viewer: true, avsStatus: { avsStatus: 'unknown', avsRejectMessage: null } },
    });
  });

  it("a guest only ever reads themself: A's token returns A, B's returns B, and no argument names another guest", async () => {
    const asAlice = await post(
      { query: '{ guest { id name } }' },
      { headers: { authorization: `Bearer ${alice.token}` } },
    );
    const asBob = await post(
      { query: '{ guest { id name } }' },
      { headers: { authorization: `Bearer ${bob.token}` } },
    );
    expect(asAlice.json().data.guest).toEqual({ id: alice.id, name: 'Gql_Alice' });
    expect(asBob.json().data.guest).toEqual({ id: bob.id, name: 'Gql_Bob' });
    expect(asAlice.body).not.toContain('Gql_Bob');

    const other = await post(
      { query: `{ guest(id: "${bob.id}") { id name } }` },
      { headers: { authorization: `Bearer ${alice.token}` } },
    );
    expect(other.statusCode).toBe(400);
    expect(other.body).not.toContain('Gql_Bob');
    // The header wins over a token in the query: a second token does not switch guests.
    const mixed = await post(
      { query: '{ guest { id } }' },
      { headers: { authorization: `Bearer ${alice.token}` }, query: `?accessToken=${bob.token}` },
    );
    expect(mixed.json().data.guest.id).toBe(alice.id);
  });

  it('a bad or forged token is a 401, never a guest', async () => {
    const forged = await post(
      { query: '{ guest { id } }' },
      { headers: { authorization: 'Bearer forged.token' } },
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().data).toBeNull();
    expect(forged.json().errors[0].extensions.code).toMatch(/TOKEN/);
  });

  it('bad queries are 400 with GraphQL errors: syntax, unknown field, missing query, bad variables, bad lang', async () => {
    const cases: [() => ReturnType<typeof post>, string][] = [
      [() => post({ query: '{ guest { id ' }), 'Syntax Error'],
      [() => post({ query: '{ nope }' }), 'Cannot query field'],
      [() => post({ variables: {} }), 'query'],
      [() => post('{not json'), ''],
      [() => post({ query: '{ viewer }' }, { query: '?lang=fr' }), 'lang'],
      [
        () =>
          t.app.inject({
            method: 'GET',
            url: `/graphql?query=${encodeURIComponent('{ viewer }')}&variables=%7Bx`,
          }),
        'variables',
      ],
    ];
    for (const [send, message] of cases) {
      const response = await send();
      expect(response.statusCode, response.body).toBe(400);
      const errors = response.json().errors;
      expect(Array.isArray(errors) && errors.length > 0, response.body).toBe(true);
      expect(errors[0].message).toContain(message);
    }
  });

  it('limits: queries deeper than 8 levels and bodies over 8 KiB are refused', async () => {
    let deep = 'id';
    for (let i = 0; i < 9; i++) deep = `guest { ${deep} }`;
    const tooDeep = await post({ query: `{ ${deep} }` });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().errors[0].extensions.code).toBe('QUERY_TOO_DEEP');

    const cyclic = await post({
      query: '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
    });
    expect(cyclic.statusCode).toBe(400);

    const huge = await post({ query: `{ viewer } # ${'x'.repeat(9000)}` });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors[0].message).toBeTruthy();
  });

  it('introspection is available outside production', async () => {
    const response = await post({ query: '{ __schema { queryType { name } } }' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.__schema.queryType.name).toBe('Query');
  });
});

describe('GraphQL in production', () => {
  it('introspection is disabled', async () => {
    const t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 'production-session-secret-0123456789abcdef',
        PAYMENT_WEBHOOK_SECRET: 'production-webhook-secret-0123456789abcdef',
      },
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toMatch(/introspection/i);
      const plain = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: '{ viewer }' }),
      });
      expect(plain.json()).toEqual({ data: { viewer: false } });
    } finally {
      await t.close();
    }
  }, 120_000);
});

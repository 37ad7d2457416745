/** Guest helpers shared by the server integration tests: client addresses, signup, login, session cookies, operator calls. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The password every test guest signs up with. */
export const PASSWORD = 'violet-harbour-7391';

const counters = new Map<string, number>();

/** A distinct remote address per use inside `net` (a file keeps its own net so per-IP limits stay apart). */
export function nextIp(net = '10.0'): string {
  const count = (counters.get(net) ?? 0) + 1;
  counters.set(net, count);
  return `${net}.${Math.floor(count / 250)}.${(count % 250) + 1}`;
}

/** The `vela_session=...` cookie a response sets; throws when there is none. */
export function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header.join('\n') : String(header ?? '');
  const match = /vela_session=([^;]*)/.exec(value);
  if (!match?.[1]) throw new Error(`no session cookie in ${value}`);
  return `vela_session=${match[1]}`;
}

/** A signed-up guest: the signup response, its session cookie, the guest (id as number and as answered) and access token. */
export interface SignedUp {
  response: LightMyRequestResponse;
  cookie: string;
  id: number;
  guest: { id: string; email: string };
  accessToken: string;
}

/** POST /rest/v1/guest/signup with `payload` from a client address; answers the raw response. */
export function postSignup(app: FastifyInstance, payload: object, ip = nextIp()) {
  return app.inject({ method: 'POST', url: '/rest/v1/guest/signup', remoteAddress: ip, payload });
}

/** Signs `name` up (email `<name>@example.com`) from a fresh client address and expects 201. */
export async function signUp(
  app: FastifyInstance,
  name: string,
  options: { ip?: string; password?: string } = {},
): Promise<SignedUp> {
  const response = await postSignup(
    app,
    { screenName: name, email: `${name}@example.com`, password: options.password ?? PASSWORD },
    options.ip,
  );
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data;
  return {
    response,
    cookie: sessionCookieOf(response),
    id: Number(data.guest.id),
    guest: data.guest,
    accessToken: data.accessToken,
  };
}

/** A call of /rest/v1/<url> as `g` (anonymous when null) from a fresh client address inside `net`. */
type RestCall = (
  app: FastifyInstance,
  net: string,
  g: SignedUp | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

function restCall(credentials: (g: SignedUp) => Record<string, string>): RestCall {
  return (app, net, g, method, url, payload) =>
    app.inject({
      method,
      url: `/rest/v1/${url}`,
      remoteAddress: nextIp(net),
      headers: g ? credentials(g) : {},
      ...(payload ? { payload } : {}),
    });
}

/** A REST call with `g`'s bearer access token. */
export const restAs = restCall((g) => ({ authorization: `Bearer ${g.accessToken}` }));

/** A REST call with `g`'s session cookie. */
export const restWithCookie = restCall((g) => ({ cookie: g.cookie }));

/**
 * POSTs a document with variables to /graphql as the pages do (JSON body, `g`'s bearer access token;
 * no token when null) from a fresh client address inside `net`.
 */
export function graphqlAs(
  app: FastifyInstance,
  net: string,
  g: SignedUp | null,
  query: string,
  variables: object = {},
) {
  return app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: nextIp(net),
    headers: {
      'content-type': 'application/json',
      ...(g ? { authorization: `Bearer ${g.accessToken}` } : {}),
    },
    payload: { query, variables },
  });
}

/** Idempotency keys unique within a file and across runs on one database: `<label>-<n>-<random>`. */
export function keyMaker(): (label?: string) => string {
  let counter = 0;
  return (label = 'k') => `${label}-${++counter}-${Math.random().toString(36).slice(2, 10)}`;
}

/** POST /rest/v1/guest/login from a client address; answers the raw response. */
export function logIn(app: FastifyInstance, login: string, password: string, ip = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/rest/v1/guest/login',
    remoteAddress: ip,
    payload: { login, password },
  });
}

/** An operator client: calls /rest/v1/internal/<path> with the X-Internal-Token `token`. */
export function operatorOf(token: string) {
  return (app: FastifyInstance, method: 'GET' | 'POST', path: string, payload?: object) =>
    app.inject({
      method,
      url: `/rest/v1/internal/${path}`,
      headers: { 'x-internal-token': token },
      ...(payload ? { payload } : {}),
    });
}

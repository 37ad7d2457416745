/**
 * The browser tests' `test`: every test's browser context comes from its own client address
 * (X-Forwarded-For, trusted by the e2e server's TRUST_PROXY), so the per-IP signup and login
 * limits of spec 5 hold for each test as they would for a person, and tests don't share a budget.
 *
 * The header is added by request interception on the page origin only (not as an extra header of
 * the page, which the browser would treat as a header of the payment dialog's cross-origin calls
 * and send through CORS preflight). `page.request` calls take `clientHeaders(clientIp)` explicitly.
 * Calls with the `request` fixture keep the loopback address (the operator API allows only
 * allow-listed addresses).
 */
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';
import { E2E_INTERNAL_TOKEN } from './playwright.config.ts';

let sequence = 0;

export const clientHeaders = (clientIp: string) => ({ 'x-forwarded-for': clientIp });

export const test = base.extend<{ clientIp: string }>({
  clientIp: [
    async ({ context, baseURL }, use, testInfo) => {
      sequence += 1;
      const ip = `10.${(testInfo.workerIndex % 200) + 1}.${Math.floor(sequence / 250) % 250}.${(sequence % 250) + 1}`;
      const origin = new URL(baseURL ?? 'http://localhost').origin;
      await context.route(
        (url) => url.origin === origin,
        (route) => route.continue({ headers: { ...route.request().headers(), ...clientHeaders(ip) } }),
      );
      trackSessionRequests(context);
      await use(ip);
    },
    { auto: true },
  ],
});

export type { Page } from '@playwright/test';
export { expect };

/** The shell's consent cookie (spec 6): `v1.f<functional>.a<analytics>`, 1 allowed, 0 refused. */
export const CONSENT_COOKIE = 'vela_consent';
/** Only the necessary cookies: the banner is answered and nothing optional runs. */
export const NECESSARY_ONLY = 'v1.f0.a0';

/**
 * Answers the cookie banner before the first page loads (the cookie the banner itself sets), so it
 * never covers what a test clicks; a test about the banner does not call this. `adult` also answers
 * the Spanish "are you 18?" question yes (spec 6 es-avs; its own test is in dialog-host.spec.ts).
 */
export async function decideConsent(
  context: BrowserContext,
  baseURL: string | undefined,
  options: { value?: string; adult?: boolean } = {},
): Promise<void> {
  const url = baseURL ?? '';
  await context.addCookies([
    { name: CONSENT_COOKIE, value: options.value ?? NECESSARY_ONLY, url },
    ...(options.adult ? [{ name: 'vela_forced_avs', value: '1', url }] : []),
  ]);
}

/** Opens `url` and waits until the app shell is hydrated (`data-shell-ready`); answers the navigation. */
export async function gotoReady(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
  return response;
}

let guests = 0;

/** Sign-up data no other test (or worker, or earlier run on the same database) uses; `prefix` marks the spec. */
export function newGuest(prefix: string): { screenName: string; email: string; password: string } {
  guests += 1;
  const tag = `${Date.now().toString(36)}${guests}${Math.floor(Math.random() * 1e5)}`;
  return {
    screenName: `${prefix}_${tag}`.slice(0, 32),
    email: `${prefix}.${tag}@example.com`,
    password: `Vela e2e ${prefix} ${tag}`,
  };
}

/**
 * Signs `guest` up through the REST API in the page's context, from the test's client address: the
 * session cookie lands in the browser, as after a sign-up in the dialog. For tests that are not about
 * signing up (auth.spec.ts and newcomer.spec.ts sign up through the dialog).
 */
export async function signUpByApi<G extends { screenName: string; email: string; password: string }>(
  page: Page,
  clientIp: string,
  guest: G,
): Promise<G & { id: string }> {
  await sessionRequestsSettled(page.context());
  const response = await page.request.post('/rest/v1/guest/signup', {
    data: { screenName: guest.screenName, email: guest.email, password: guest.password },
    headers: clientHeaders(clientIp),
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { guest: { id: string } } };
  // A page's token request sent before the sign-up (the socket's after idle, the dialog's on open)
  // answers with the visitor's new anonymous session cookie; arriving after the sign-up it would
  // replace the guest's cookie. Once none is in flight, the jar holds the guest or is set again.
  await sessionRequestsSettled(page.context());
  const me = await page.request.get('/rest/v1/guest/me', { headers: clientHeaders(clientIp) });
  const meId = me.ok() ? ((await me.json()) as { data: { guest: { id: string } } }).data.guest.id : null;
  if (meId !== body.data.guest.id) {
    const login = await page.request.post('/rest/v1/guest/login', {
      data: { login: guest.screenName, password: guest.password },
      headers: clientHeaders(clientIp),
    });
    expect(login.status(), await login.text()).toBe(200);
  }
  return { ...guest, id: body.data.guest.id };
}

/** The page requests of each context in flight that may set a session cookie (guest/accessToken). */
const sessionRequests = new WeakMap<BrowserContext, Set<Request>>();
const SETS_SESSION = /\/rest\/v1\/guest\/accessToken(?:\?|$)/;

function trackSessionRequests(context: BrowserContext): void {
  const inFlight = new Set<Request>();
  sessionRequests.set(context, inFlight);
  context.on('request', (request) => {
    if (SETS_SESSION.test(request.url())) inFlight.add(request);
  });
  const done = (request: Request) => inFlight.delete(request);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/** Waits (at most 10 s) until no page request of the context that may set a session cookie is in flight. */
async function sessionRequestsSettled(context: BrowserContext): Promise<void> {
  const inFlight = sessionRequests.get(context);
  if (!inFlight) return;
  await expect.poll(() => inFlight.size, { timeout: 10_000 }).toBe(0);
}

/** The wallet balance in cents as the page's own session (its cookies) reads it. */
export async function balanceCentsOf(page: Page, clientIp: string): Promise<number> {
  const response = await page.request.get('/rest/v1/guest/getGuestBalance', {
    headers: clientHeaders(clientIp),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { balanceCents: number } }).data.balanceCents;
}

/** Where an imported performer is (pro search by ZIP code and distance). */
export interface ImportedPlace {
  countryCode: string;
  zipCode: string;
  lat: number;
  lon: number;
  city?: string;
}

/**
 * Imports performers through the operator API (`internal/catalog/actors`), as the catalogue import
 * does: a test brings the performers it searches for. Each is a woman speaking de, en and es, born
 * `birthDate`, with the prices of the demo data and a seeded actor's avatar (the import accepts
 * existing image keys only).
 */
export async function importActors(
  request: APIRequestContext,
  actors: readonly ({ name: string } & ImportedPlace)[],
  birthDate = '1995-03-01',
): Promise<void> {
  const search = await request.post('/rest/v1/actorsearch/search', { data: { limit: 1 } });
  expect(search.status(), await search.text()).toBe(200);
  const avatarKey = (await search.json()).data.items[0].actor.avatar.key as string;
  const response = await request.post('/rest/v1/internal/catalog/actors', {
    headers: { 'x-internal-token': E2E_INTERNAL_TOKEN },
    data: {
      items: actors.map((actor) => ({
        gender: 'F',
        actorType: 'F',
        birthDate,
        spokenLanguages: ['de', 'en', 'es'],
        aboutMe: { de: 'Hallo', en: 'Hello', nl: 'Hoi', es: 'Hola' },
        prices: {
          videoCents: 199,
          singleCents: 199,
          singlec2cCents: 299,
          voyeurCents: 99,
          messageCents: 49,
          multiChatCents: 149,
        },
        avatarKey,
        ...actor,
      })),
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** Axe finds no serious or critical violation on the page (or inside `include`); `label` names the state checked. */
export async function expectNoSeriousAxeViolations(
  page: Page,
  label: string,
  include?: string,
): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label} ${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

/**
 * The dialog's REST client (spec 7): `${PUBLIC_ORIGIN}/rest/v1/...` with fetch, `mode: 'cors'`,
 * `credentials: 'omit'` (the dialog never sends or receives the page's cookies), the access token as
 * `Authorization: Bearer`, JSON bodies and `?lang=`. A `{ success: false, error: { code, message } }`
 * answer, a network failure or an answer of an unexpected shape all become an `ApiError` with a code
 * the views translate.
 */
import type { Language } from '@vela/contracts/common';
import {
  type EndpointData,
  type EndpointDefinition,
  type EndpointInput,
  endpointPath,
} from '@vela/contracts/endpoint';
import {
  type AuthResult,
  type AvsRequest,
  type AvsState,
  avsEndpoints,
  type GuestMe,
  guestEndpoints,
  type LoginRequest,
  NEWSLETTER_TYPES,
  type NewsletterType,
  type PasswordLostRequest,
  type PasswordResetRequest,
  type SignupRequest,
} from '@vela/contracts/guest-api';
import { z } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** From the Retry-After header of a RATE_LIMITED answer. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The service could not be reached (offline, CORS, DNS). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
/** The service answered something that is not the contract. */
export const BAD_RESPONSE = 'BAD_RESPONSE';

const ErrorBody = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string().min(1), message: z.string() }),
});

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiOptions {
  publicOrigin: string;
  language: () => Language;
  accessToken: () => string | null;
  fetch?: FetchLike;
}

const AnyData = z.unknown();
/**
 * Newsletter answers (GET guest/newsletter, subscribe, unsubscribe): spec 5, a change succeeded only
 * when the outer and the inner success are both true; an inner false is a NEWSLETTER_FAILED error.
 */
const NewsletterAnswer = z
  .object({ success: z.boolean(), newsletterBits: z.number().int().nonnegative() })
  .transform((data, ctx) => {
    if (!data.success) {
      ctx.addIssue({ code: 'custom', message: 'inner success is false' });
      return z.NEVER;
    }
    return data.newsletterBits;
  });

function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export function createApi(options: ApiOptions) {
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));

  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    token: string | null = options.accessToken(),
  ): Promise<T> {
    const url = new URL(`/rest/v1/${path}`, options.publicOrigin);
    url.searchParams.set('lang', options.language());
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(url.toString(), {
        method,
        mode: 'cors',
        credentials: 'omit',
        cache: 'no-store',
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      throw new ApiError(NETWORK_ERROR, error instanceof Error ? error.message : 'Network error', 0);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ApiError(BAD_RESPONSE, `Unreadable answer (HTTP ${response.status})`, response.status);
    }
    const failure = ErrorBody.safeParse(json);
    if (failure.success) {
      const { code, message } = failure.data.error;
      throw new ApiError(code, message, response.status, retryAfter(response));
    }
    if (!response.ok) {
      throw new ApiError(BAD_RESPONSE, `Unexpected answer (HTTP ${response.status})`, response.status);
    }
    const success = z.object({ success: z.literal(true), data: schema }).safeParse(json);
    if (!success.success) {
      throw new ApiError(BAD_RESPONSE, 'The answer does not match the contract', response.status);
    }
    return success.data.data as T;
  }

  /**
   * Calls a declared endpoint (decision 0032): method and path from the declaration, the answer read
   * with its declared schema unless the dialog reads it with a stricter one (spec 5 newsletter rule).
   * Spec 7: a non-GET call always sends a JSON body.
   */
  function callEndpoint<E extends EndpointDefinition, T = EndpointData<E>>(
    endpoint: E,
    input: EndpointInput<E>,
    schema: z.ZodType<T> = endpoint.response as z.ZodType<T>,
    token: string | null = options.accessToken(),
  ): Promise<T> {
    const body = endpoint.method === 'GET' ? undefined : (input.body ?? {});
    return call(endpoint.method, endpointPath(endpoint, input), schema, body, token);
  }
  const g = guestEndpoints;

  return {
    /** A token of a fresh anonymous session (the cookie the server sets is dropped: no credentials). */
    anonymousAccessToken: () => callEndpoint(g.accessToken, {}, undefined, null),
    me: async (): Promise<GuestMe> => (await callEndpoint(g.me, {})).guest,
    login: (body: LoginRequest): Promise<AuthResult> => callEndpoint(g.login, { body }),
    signup: (body: SignupRequest): Promise<AuthResult> => callEndpoint(g.signup, { body }),
    passwordLost: (body: PasswordLostRequest) => callEndpoint(g.passwordLost, { body }, AnyData),
    passwordReset: (body: PasswordResetRequest): Promise<AuthResult> =>
      callEndpoint(g.passwordReset, { body }),
    changePassword: (body: { currentPassword: string; newPassword: string }) =>
      callEndpoint(g.changePassword, { body }, AnyData),
    avsStatus: (): Promise<AvsState> => callEndpoint(avsEndpoints.status, {}),
    avsRequest: (body: AvsRequest) => callEndpoint(avsEndpoints.request, { body }, AnyData),
    /** The sandbox provider's decision page of the pending request (null with a real provider). */
    avsSandboxLink: (): Promise<string | null> =>
      callEndpoint(avsEndpoints.sandboxLink, {}).then((answer) => answer.url),
    /** The subscribed newsletter types as a bit mask (spec 3 bit values). */
    newsletters: (): Promise<number> => callEndpoint(g.newsletter, {}, NewsletterAnswer),
    setNewsletter: (
      type: NewsletterType,
      on: boolean,
      guest: { id: string; email: string },
    ): Promise<number> =>
      on
        ? callEndpoint(
            g.newsletterSubscribe,
            { body: { typeId: NEWSLETTER_TYPES[type], userId: guest.id, emailAddress: guest.email } },
            NewsletterAnswer,
          )
        : callEndpoint(
            g.newsletterUnsubscribe,
            { body: { typeId: NEWSLETTER_TYPES[type] } },
            NewsletterAnswer,
          ),
    logout: () => callEndpoint(g.logout, {}, AnyData),
    /** Any declared endpoint (the payment, subscription and promotion calls build on it). */
    endpoint: callEndpoint,
  };
}

export type Api = ReturnType<typeof createApi>;

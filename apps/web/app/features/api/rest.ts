/**
 * The pages' REST client: `/rest/v1/<path>` on the same origin with the session cookie. Every failure
 * is a `RestError` with the server's stable code (NETWORK when no answer came, NOT_LOGGED_IN for a
 * bare 401, INVALID_RESPONSE when the data does not fit the contract), so a feature can show a
 * translated message a person can act on. A call of a declared endpoint (@vela/contracts, decision
 * 0032) takes its method, path and answer schema from the declaration: `endpointData(endpoint, input)`.
 */
import {
  type EndpointData,
  type EndpointDefinition,
  type EndpointInput,
  endpointPath,
} from '@vela/contracts/endpoint';

export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'RestError';
  }
}

export type RestMethod = 'GET' | 'POST' | 'DELETE';

export interface RestResult {
  /** The whole answer body (the spec 5 newsletter rule reads both success flags). */
  body: Record<string, unknown>;
  data: unknown;
}

/** Calls the API; answers the body of a `{ success: true }` answer, throws a RestError otherwise. */
export async function restCall(method: RestMethod, path: string, payload?: unknown): Promise<RestResult> {
  let response: Response;
  try {
    response = await fetch(`/rest/v1/${path}`, {
      method,
      credentials: 'same-origin',
      headers:
        payload === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
  } catch {
    throw new RestError('NETWORK', 'No answer from the server', 0);
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // No JSON: an error of the response status below.
  }
  if (!response.ok || body.success !== true) {
    const error = (body.error ?? {}) as { code?: unknown; message?: unknown };
    throw new RestError(
      typeof error.code === 'string' ? error.code : response.status === 401 ? 'NOT_LOGGED_IN' : 'UNKNOWN',
      typeof error.message === 'string' ? error.message : response.statusText,
      response.status,
    );
  }
  return { body, data: body.data };
}

/** The input of a declared endpoint; optional when the endpoint declares no params and no body. */
type InputArgs<E> = object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

/**
 * Calls a declared endpoint: its method, its path with the params (and query) filled in, its body
 * (spec 7: a POST always sends a JSON body, `{}` when the endpoint declares none).
 */
export function endpointCall<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<RestResult> {
  const given = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  const body = given.body ?? (endpoint.method === 'POST' ? {} : undefined);
  return restCall(endpoint.method, endpointPath(endpoint, given), body);
}

/** Calls a declared endpoint and checks the answer's data against its declared answer schema. */
export async function endpointData<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<EndpointData<E>> {
  const { data } = await endpointCall(endpoint, ...([input] as InputArgs<E>));
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) throw new RestError('INVALID_RESPONSE', 'Unexpected answer', 200);
  return parsed.data as EndpointData<E>;
}

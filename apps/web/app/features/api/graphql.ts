/**
 * Calls of the query-language service (`/graphql`, spec 7) from the pages: the page's short-lived
 * access token goes as `Authorization: Bearer`, never the cookie; a fresh token for each call (after a
 * logout or another login in the same page a kept token would still act for the previous guest).
 * Every failure is a RestError with the server's code, so components show a message a person can act on.
 */
import { requestAccessToken } from '../payment-dialog/api.ts';
import { RestError } from './rest.ts';

/** The page session's access token; NOT_LOGGED_IN (401) without one. */
export async function pageAccessToken(): Promise<string> {
  const value = await requestAccessToken();
  if (!value) throw new RestError('NOT_LOGGED_IN', 'No access token', 401);
  return value.accessToken;
}

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

/**
 * Runs a document and answers the root `field`'s value (null or undefined as the server gave it).
 * A GraphQL error throws its code (UNAUTHORIZED as NOT_LOGGED_IN; the login codes with status 401), no answer
 * NETWORK (0), a non-JSON failure UNKNOWN with the HTTP status.
 */
export async function graphqlField(
  query: string,
  variables: object,
  field: string,
  bearer: string | null,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'omit',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new RestError('NETWORK', 'No answer from the server', 0);
  }
  let body: GraphqlAnswer = {};
  try {
    body = (await response.json()) as GraphqlAnswer;
  } catch {
    // No JSON: the status below says what happened.
  }
  const error = body.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? 'UNKNOWN';
    const login = code === 'UNAUTHORIZED' || code === 'MISSING_TOKEN' || code === 'NOT_LOGGED_IN';
    throw new RestError(
      code === 'UNAUTHORIZED' ? 'NOT_LOGGED_IN' : code,
      error.message ?? '',
      login ? 401 : response.status,
    );
  }
  if (!response.ok) throw new RestError('UNKNOWN', response.statusText, response.status);
  return body.data?.[field];
}

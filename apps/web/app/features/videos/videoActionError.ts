/** Which message a failed rating or share call shows (the server's stable codes, in words). */
import { RestError } from '../api/rest.ts';
import type { VideoActionsT } from './useVideoActionsT.ts';

type Key = Parameters<VideoActionsT>[0];

const BY_CODE: Partial<Record<string, Key>> = {
  NETWORK: 'error.network',
  NOT_LOGGED_IN: 'error.login',
  MISSING_TOKEN: 'error.login',
  INVALID_TOKEN: 'error.login',
  TOKEN_EXPIRED: 'error.login',
  INVALID_EMAIL: 'error.email',
  RATE_LIMITED: 'error.rateLimited',
  RESTRICTED: 'error.restricted',
  VIDEO_NOT_FOUND: 'error.notFound',
  ACTOR_BLOCKED_IN_COUNTRY: 'error.blocked',
};

export function videoActionErrorKey(error: unknown): Key {
  if (!(error instanceof RestError)) return 'error.generic';
  return BY_CODE[error.code] ?? 'error.generic';
}

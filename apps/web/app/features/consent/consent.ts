/**
 * Cookie consent state (spec 9). Stored in the `vela_consent` cookie so the server render knows it
 * and the banner never flashes for a returning visitor. The value carries a version: a stored
 * choice of another version counts as "not decided" and the banner asks again.
 */

export const CONSENT_COOKIE = 'vela_consent';
export const CONSENT_VERSION = 1;
/** One year, in seconds. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

export interface ConsentState {
  version: number;
  /** Always on: the site cannot work without it. */
  necessary: true;
  /** Spec 9: functional = recent global search requests only. */
  functional: boolean;
  analytics: boolean;
}

export type ConsentChoice = Pick<ConsentState, 'functional' | 'analytics'>;

export function consentOf(choice: ConsentChoice): ConsentState {
  return {
    version: CONSENT_VERSION,
    necessary: true,
    functional: choice.functional,
    analytics: choice.analytics,
  };
}

/** Cookie value, e.g. `v1.f1.a0` (only cookie-safe characters). */
export function serializeConsent(state: ConsentState): string {
  return `v${state.version}.f${state.functional ? 1 : 0}.a${state.analytics ? 1 : 0}`;
}

const VALUE = /^v(\d{1,4})\.f([01])\.a([01])$/;

export function parseConsentValue(value: string): ConsentState | null {
  const match = VALUE.exec(value.trim());
  if (!match) return null;
  const version = Number(match[1]);
  if (version !== CONSENT_VERSION) return null;
  return { version, necessary: true, functional: match[2] === '1', analytics: match[3] === '1' };
}

/** Reads the consent from a request's (or `document.cookie`'s) Cookie header; null when undecided. */
export function parseConsentCookie(cookieHeader: string | null): ConsentState | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== CONSENT_COOKIE) continue;
    let raw = part.slice(eq + 1).trim();
    try {
      raw = decodeURIComponent(raw);
    } catch {
      return null;
    }
    return parseConsentValue(raw);
  }
  return null;
}

/** The `Set-Cookie`/`document.cookie` string storing a consent for one year. */
export function consentCookieString(state: ConsentState, secure: boolean): string {
  const parts = [
    `${CONSENT_COOKIE}=${serializeConsent(state)}`,
    'Path=/',
    `Max-Age=${CONSENT_MAX_AGE}`,
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Local storage keys that need functional consent (spec 9: recent global search requests only). */
export const RECENT_SEARCHES_STORAGE_KEY = 'vela.lastGlobalSearchRequests';
export const FUNCTIONAL_STORAGE_KEYS = [RECENT_SEARCHES_STORAGE_KEY] as const;

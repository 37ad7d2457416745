import { describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE,
  CONSENT_VERSION,
  consentCookieString,
  consentOf,
  parseConsentCookie,
  serializeConsent,
} from './consent.ts';

describe('cookie consent cookie (spec 9 cookie categories)', () => {
  it('no cookie means the visitor has not decided (banner shown)', () => {
    expect(parseConsentCookie(null)).toBeNull();
    expect(parseConsentCookie('')).toBeNull();
    expect(parseConsentCookie('other=1; x=y')).toBeNull();
  });

  it('a stored choice round-trips through the cookie; necessary is always on', () => {
    const state = consentOf({ functional: true, analytics: false });
    const header = `a=b; ${CONSENT_COOKIE}=${serializeConsent(state)}; c=d`;
    expect(parseConsentCookie(header)).toEqual({
      version: CONSENT_VERSION,
      necessary: true,
      functional: true,
      analytics: false,
    });
  });

  it('a choice of another version counts as undecided (asked again)', () => {
    expect(parseConsentCookie(`${CONSENT_COOKIE}=v999.f1.a1`)).toBeNull();
  });

  it('a malformed value counts as undecided', () => {
    expect(parseConsentCookie(`${CONSENT_COOKIE}=yes`)).toBeNull();
    expect(parseConsentCookie(`${CONSENT_COOKIE}=%E0%A4%A`)).toBeNull();
    expect(parseConsentCookie(`${CONSENT_COOKIE}=v1.f2.a1`)).toBeNull();
  });

  it('is stored for one year, SameSite=Lax, Path=/', () => {
    const cookie = consentCookieString(consentOf({ functional: false, analytics: true }), false);
    expect(cookie).toBe(
      `${CONSENT_COOKIE}=v${CONSENT_VERSION}.f0.a1; Path=/; Max-Age=31536000; SameSite=Lax`,
    );
    expect(consentCookieString(consentOf({ functional: false, analytics: true }), true)).toMatch(/; Secure$/);
  });
});

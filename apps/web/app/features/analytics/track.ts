/**
 * Analytics tracking (spec 7: `POST /rest/v1/tracker/track` with eventContext, eventAction,
 * eventData). Off until the visitor consents to analytics: the consent cookie is read at the
 * moment of each event, so a withdrawn consent stops tracking at once.
 */
import { parseConsentCookie } from '../consent/consent.ts';

export const TRACKER_URL = '/rest/v1/tracker/track';

export type EventData = Record<string, string | number | boolean | null>;

export function hasAnalyticsConsent(): boolean {
  if (typeof document === 'undefined') return false;
  return parseConsentCookie(document.cookie)?.analytics === true;
}

/** Sends one event; resolves false when it was dropped (no analytics consent) or failed. */
export async function track(
  eventContext: string,
  eventAction: string,
  eventData: EventData = {},
): Promise<boolean> {
  if (!hasAnalyticsConsent()) return false;
  try {
    const response = await fetch(TRACKER_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventContext, eventAction, eventData }),
      keepalive: true,
      credentials: 'same-origin',
    });
    return response.ok;
  } catch {
    // Tracking never breaks the page.
    return false;
  }
}

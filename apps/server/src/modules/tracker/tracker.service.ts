/**
 * Analytics events of the pages. The web app sends them only after the guest consented to the
 * analytics cookie category (spec 9); the server stores what it receives. Socket errors of the
 * pages (spec 8) are not stored: they become one log line each.
 */

import type { TrackEventReq, WebsocketConnectionErrorReq } from '@vela/contracts/tracker-api';
import { scrubUrl } from '../../http/logging.ts';
import type { TrackerRepository } from './tracker.repository.ts';

/**
 * The log line of a page's socket error: the page without query or fragment (they may carry
 * tokens), e-mail addresses in its path scrubbed.
 */
export function websocketErrorLogLine(report: WebsocketConnectionErrorReq): {
  errorType: WebsocketConnectionErrorReq['errorType'];
  page: string | null;
  attempt: number | null;
} {
  return { errorType: report.errorType, page: pageOf(report.url), attempt: report.attempt ?? null };
}

function pageOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return scrubUrl(`${parsed.origin}${parsed.pathname}`);
  } catch {
    // A path without origin: keep the path only.
    const path = url.split(/[?#]/, 1)[0] ?? '';
    return path.startsWith('/') ? scrubUrl(path) : null;
  }
}

export interface TrackerService {
  track(event: TrackEventReq, sessionKey: string | null): Promise<void>;
}

export function createTrackerService(repository: TrackerRepository): TrackerService {
  return {
    async track(event, sessionKey) {
      await repository.insert({
        sessionKey,
        eventContext: event.eventContext,
        eventAction: event.eventAction,
        eventData: event.eventData ?? null,
      });
    },
  };
}

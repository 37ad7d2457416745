/**
 * A just-started subscription is reported to analytics (spec 4; events vip_abo_update /
 * vxtv_abo_update) once per tab: the /vipclub/ page sees it after its dialog success and the socket
 * announces it with `vipAboUpdate` / `vxtvAboUpdate` (isStarted); whichever comes first reports it.
 */
import { type EventData, track } from '../analytics/track.ts';

export type StartedAction = 'vip_abo_update' | 'vxtv_abo_update';

/** Two announcements of one start arrive within seconds; a later start is a new one. */
export const STARTED_DEDUPE_MS = 2 * 60_000;

export function createStartedReporter(
  send: (context: string, action: string, data: EventData) => unknown = track,
  now: () => number = Date.now,
) {
  const lastReported = new Map<StartedAction, number>();
  /** Reports the start; false when this tab already reported one of the product just now. */
  return (action: StartedAction, data: EventData): boolean => {
    const at = now();
    const previous = lastReported.get(action);
    if (previous !== undefined && at - previous < STARTED_DEDUPE_MS) return false;
    lastReported.set(action, at);
    void send('subscription', action, data);
    return true;
  };
}

/** The tab's reporter. */
export const reportSubscriptionStarted = createStartedReporter();

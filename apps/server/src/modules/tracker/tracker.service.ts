/**
 * Analytics events of the pages. The web app sends them only after the guest consented to the
 * analytics cookie category (spec 9); the server stores what it receives.
 */
import type { TrackerRepository } from './tracker.repository.ts';
import type { TrackEventReq } from './tracker.schema.ts';

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

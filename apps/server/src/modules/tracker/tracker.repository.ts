/** All SQL of the tracker: the `tracking_events` table. */
import type { Db } from '@vela/db/client';
import { trackingEvents } from '@vela/db/schema/tracker';

export interface NewTrackingEvent {
  sessionKey: string | null;
  eventContext: string;
  eventAction: string;
  eventData: Record<string, unknown> | null;
}

export interface TrackerRepository {
  insert(event: NewTrackingEvent): Promise<void>;
  count(): Promise<number>;
}

export function createTrackerRepository(db: Db): TrackerRepository {
  return {
    async insert(event) {
      await db.insert(trackingEvents).values(event);
    },
    count: () => db.$count(trackingEvents),
  };
}

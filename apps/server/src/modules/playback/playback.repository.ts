/** The playback module's table: the recorded starts of spec 7 `watch/start`. */
import type { Db } from '@vela/db/client';
import { watchStarts } from '@vela/db/schema/playback';

export function createPlaybackRepository(db: Db) {
  return {
    async recordStart(start: typeof watchStarts.$inferInsert): Promise<void> {
      await db.insert(watchStarts).values(start);
    },
  };
}

export type PlaybackRepository = ReturnType<typeof createPlaybackRepository>;

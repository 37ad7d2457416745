/**
 * Tables of the playback module (apps/server/src/modules/playback): spec 7 `watch/start` records
 * each start of a video — who (a logged-in guest, or a visitor's session when there is one), which
 * video, the access the start was given (the whole video or its preview) and when. Only that module
 * imports them; other modules ask it (docs/decisions/0031, apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guests } from './guests.ts';
import { videos } from './videos.ts';

export const WATCH_ACCESS = ['full', 'preview'] as const;

export const watchStarts = pgTable(
  'watch_starts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The logged-in guest; null for a visitor. */
    guestId: bigint('guest_id', { mode: 'number' }).references(() => guests.id, { onDelete: 'cascade' }),
    /** The caller's session (a visitor's anonymous one included); null when the caller had none. */
    sessionId: bigint('session_id', { mode: 'number' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    access: text('access', { enum: WATCH_ACCESS }).notNull(),
    startedAt: tstz('started_at').notNull().defaultNow(),
  },
  (t) => [
    check('watch_starts_access', sql`${t.access} in ('full', 'preview')`),
    index('watch_starts_guest_idx').on(t.guestId, t.startedAt),
    index('watch_starts_video_idx').on(t.videoId, t.startedAt),
  ],
);

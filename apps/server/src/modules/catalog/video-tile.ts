/**
 * The one shape of a video tile row: the video, its preview's age rating and its actor's name. Every
 * query that lists video tiles (the catalog's home blocks, an actor's profile, search) selects these
 * columns, so `presentVideoTile` takes any of their rows. The catalog offers it to the other
 * modules' repositories as a read part (decision 0030) instead of each copying the subquery.
 */
import { getTableColumns, sql } from '@vela/db/orm';
import { actors, mediaImages } from '@vela/db/schema/catalog';
import { videos } from '@vela/db/schema/videos';

export type VideoRow = typeof videos.$inferSelect & { actorName: string; previewAgeRating: number };

/** The columns of a video tile (select them with the video's actor joined). */
export const videoTileColumns = {
  ...getTableColumns(videos),
  /** The preview picture's own age rating (a FSK-18 video may have a FSK-16 preview); the media gate uses it. */
  previewAgeRating: sql<number>`coalesce((select ${mediaImages.ageRating} from ${mediaImages} where ${mediaImages.key} = ${videos.previewKey}), 18)`,
  actorName: actors.name,
};

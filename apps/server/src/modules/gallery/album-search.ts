/**
 * The gallery's part of the global search (decision 0037: the owner searches its tables with the
 * search's rules, search/search-sql.ts): albums by title.
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, type SQL, sql } from '@vela/db/orm';
import { albums } from '@vela/db/schema/gallery';
import type { Country } from '../../infra/country.ts';
import { actorIdOfferedIn, actorNameSql } from '../catalog/actor-sql.ts';
import { cappedCount, containsOperand, type Found, found } from '../search/search-sql.ts';

export type AlbumSearchRow = typeof albums.$inferSelect & { actorName: string };

/**
 * Albums whose title contains the pattern (`lower(title)`, its trigram index), newest first;
 * `imagesOnly`: photo albums. Every album has its actor (foreign key); its name is the catalog's part.
 */
export function searchAlbums(
  db: Db,
  pattern: string,
  imagesOnly: boolean,
  limit: number,
  offset: number,
  country: Country,
): Promise<Found<AlbumSearchRow>> {
  const where = and(
    sql`lower(${albums.title}) like ${containsOperand(pattern)} escape '\\'`,
    imagesOnly ? eq(albums.type, 'image') : undefined,
    actorIdOfferedIn(country, albums.actorId),
  ) as SQL;
  return found(
    db
      // Qualified by hand: drizzle leaves single-table select fields unqualified.
      .select({ album: albums, actorName: actorNameSql(sql`albums.actor_id`) })
      .from(albums)
      .where(where)
      .orderBy(desc(albums.createdAt), asc(albums.id))
      .limit(limit)
      .offset(offset)
      .then((rows) => rows.map((r) => ({ ...r.album, actorName: r.actorName }))),
    cappedCount(db, sql`${albums}`, where),
  );
}

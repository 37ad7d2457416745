/**
 * SQL parts over the catalog's tags that other modules' queries embed (decision 0030: the owner
 * offers the part, so a listing filtered by tag labels stays one statement and no other module
 * names the tags table), and the reads of a tag other modules need.
 */
import type { Db } from '@vela/db/client';
import { eq, type SQL, sql } from '@vela/db/orm';
import { tags } from '@vela/db/schema/catalog';

/** SQL: a query of one column `id`: the tags whose lower-cased label is one of `lowerLabels` (non-empty). */
export function tagIdsLabelledSql(lowerLabels: readonly string[]): SQL {
  return sql`select t.id from ${tags} t where lower(t.label) in (${sql.join(
    lowerLabels.map((label) => sql`${label}`),
    sql`, `,
  )})`;
}

/** SQL: a query of one column `label`: the first `limit` tag labels, alphabetical. */
export function tagLabelsSql(limit: number): SQL {
  return sql`select label from ${tags} order by label limit ${limit}`;
}

/** SQL: the catalog's tags as a derived table `(id, label)` to join by id (PostgreSQL pulls it up: the tags' primary key). */
export function tagRowsSql(): SQL {
  return sql`(select id, label from ${tags})`;
}

/** The tag with exactly this label (its unique label), or null. */
export async function tagByLabel(db: Db, label: string): Promise<{ id: number; label: string } | null> {
  const [row] = await db.select().from(tags).where(eq(tags.label, label)).limit(1);
  return row ?? null;
}

/**
 * SQL parts over the catalog's tags that other modules' queries embed (decision 0030: the owner
 * offers the part, so a listing filtered by tag labels stays one statement and no other module
 * names the tags table).
 */
import { type SQL, sql } from '@vela/db/orm';
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

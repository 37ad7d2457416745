/**
 * The global search's matching and counting, used by the owners' search reads (decision 0037: each
 * module searches its own tables — catalog/catalog-search.ts, videos/video-search.ts,
 * gallery/album-search.ts — with the search's rules): LIKE operands with %, _ and \ matched
 * literally, and counts that stop at SEARCH_COUNT_CAP + 1 rows.
 */
import { SEARCH_COUNT_CAP } from '@vela/contracts/search';
import { type Db, queryRows } from '@vela/db/client';
import { type SQL, sql } from '@vela/db/orm';

export interface Found<R> {
  rows: R[];
  /** Matches, at most SEARCH_COUNT_CAP + 1 (more than the cap means "cap+"). */
  total: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The pattern as a LIKE operand `%pattern%`, with %, _ and \ matched literally. */
export function containsOperand(pattern: string): string {
  return `%${escapeLike(pattern.toLowerCase())}%`;
}

/** The prefix as a LIKE operand `prefix%`, lower-cased, with %, _ and \ matched literally. */
export function startsWithOperand(prefix: string): string {
  return `${escapeLike(prefix.toLowerCase())}%`;
}

/** How many rows of `table` match, counted up to the cap + 1. */
export async function cappedCount(db: Db, table: SQL, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${table} where ${where} limit ${SEARCH_COUNT_CAP + 1}) as matches`,
  );
  return row?.n ?? 0;
}

/** The page and its capped count, read at once. */
export async function found<R>(rows: Promise<R[]>, count: Promise<number>): Promise<Found<R>> {
  const [r, total] = await Promise.all([rows, count]);
  return { rows: r, total };
}

/**
 * The Drizzle query operators, for repositories outside this package. npm keeps drizzle-orm
 * nested in packages/db/node_modules, so apps import it through here; this also guarantees one
 * drizzle-orm instance (the one the schema was built with). Not a barrel: only query-building API.
 */
export {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';

/**
 * PostgreSQL errors that a use case answers instead of failing: the same on PGlite and
 * node-postgres, which both carry the SQLSTATE as `code` (drizzle wraps the driver's error, so the
 * code may sit one or two `cause`s down).
 */

/** SQLSTATE 23505: a unique index or constraint refused the row. */
const UNIQUE_VIOLATION = '23505';

/**
 * The constraint a unique violation hit ('' when the driver did not name it), or null when `error`
 * is not a unique violation. Callers compare the name to tell a race they expect (a second insert of
 * the same key) from any other failure.
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === UNIQUE_VIOLATION) return typeof e.constraint === 'string' ? e.constraint : '';
    current = e.cause;
  }
  return null;
}

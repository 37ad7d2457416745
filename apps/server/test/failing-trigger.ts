/**
 * Failure injection for the all-or-nothing tests: a trigger that makes inserts into `table` raise
 * while `when` finds a match, so a test can make one step of a transaction fail after the charge.
 */
import type { Db } from '@vela/db/client';
import { sql } from '@vela/db/orm';

export async function failInsertsWhen(
  db: Db,
  { name, table, when, message }: { name: string; table: string; when: string; message: string },
): Promise<void> {
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin
        if exists (${when}) then
          raise exception '${message}';
        end if;
        return new;
      end $$`),
  );
  await db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
  await db.execute(
    sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`),
  );
}

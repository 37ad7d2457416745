/**
 * The gallery's read for the messenger's recommendations (issue 19, spec 7 `recommendations` fsk;
 * decision 0054): each performer's newest album cover rated FSK-18 in the media pool. Album covers
 * are public files behind the media gate (FSK-18 only past the age check, http/age-gate.ts); a cover
 * whose key an album picture also uses is left out, since the gate serves such a key only signed.
 * One index walk per performer (albums_actor_created_idx), stopped at the first match.
 */
import { type Db, queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { albums, pictures } from '@vela/db/schema/gallery';
import { mediaAgeRatingSql } from '../catalog/media-facts.ts';

/** The age rating these previews have. */
const FSK18 = 18;

/** Performer id → the pool key of her newest FSK-18 album cover (performers without one are absent). */
export type Fsk18Previews = (actorIds: readonly number[]) => Promise<Map<number, string>>;

export function createFsk18Previews(db: Db): Fsk18Previews {
  return async (actorIds) => {
    const ids = [...new Set(actorIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ actor_id: number | string; cover_key: string }>(
      db,
      sql`select x.actor_id, c.cover_key
          from unnest(${`{${ids.join(',')}}`}::int[]) as x(actor_id)
          cross join lateral (
            select al.cover_key from ${albums} al
            where al.actor_id = x.actor_id
              and ${mediaAgeRatingSql(sql`al.cover_key`)} = ${FSK18}
              and not exists (select 1 from ${pictures} p where p.image_key = al.cover_key)
            order by al.created_at desc, al.id desc
            limit 1
          ) c`,
    );
    return new Map(rows.map((row) => [Number(row.actor_id), String(row.cover_key)]));
  };
}

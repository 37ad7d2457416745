/**
 * What the media gate knows of a pool image key (http/age-gate.ts; spec 4, 6 and decision 0018):
 * its age rating (`media_images`) and the countries in which every use of the key is content of a
 * performer banned there. The catalog owns the pool and its own uses (category, blog post, contest,
 * TV images, actor avatars); the other owners offer theirs as a `MediaKeyUse` (decision 0030), so
 * the lookup stays ONE statement and no module names another's table.
 */
import { type SQL, sql } from '@vela/db/orm';
import {
  actors,
  blogPosts,
  categories,
  contests,
  mediaImages,
  tvEpisodes,
  tvSeries,
} from '@vela/db/schema/catalog';

/**
 * One kind of use of a media key by a performer's rows of another module (an interview image, an
 * album cover, a picture, a video poster), offered by the module that owns those rows.
 */
export interface MediaKeyUse {
  /** SQL: true when a row uses `key` and its performer bans no country (one EXISTS along the key index). */
  open(key: string): SQL;
  /** SQL: a query of one column `codes` (text[]): the banned countries of each using row's performer. */
  bannedCodes(key: string): SQL;
}

/**
 * One statement per key: its age rating and the countries in which every use of the key is content
 * of a performer banned there. A use is a performer's avatar or one of `uses` (it gives the
 * performer's banned codes), or a category, blog post, contest or TV image (it bans nothing). Most
 * keys have an "open" use (nothing banned), found by one EXISTS per kind of use along the key
 * indexes of migration 0010 (each planned to stop at its first row; one EXISTS over a UNION ALL was
 * planned as a hash join over all actors); only a key whose every use is a banning performer's reads
 * all its uses, and a code counts when every use lists it. Unknown key: no row. Measured:
 * docs/decisions/0018-banned-countries.md.
 */
export function mediaFactsSql(key: string, uses: readonly MediaKeyUse[]): SQL {
  const open = sql`a.banned_country_codes = '{}'`;
  const openUses = uses.map((use) => sql`\n      or ${use.open(key)}`);
  const bannedUses = uses.map((use) => sql`\n        union all ${use.bannedCodes(key)}`);
  return sql`select m.age_rating as "ageRating",
    case when exists (select 1 from ${categories} where image_key = ${key})
      or exists (select 1 from ${blogPosts} where image_key = ${key})
      or exists (select 1 from ${contests} where image_key = ${key})
      or exists (select 1 from ${tvSeries} where image_key = ${key})
      or exists (select 1 from ${tvEpisodes} where image_key = ${key})
      or exists (select 1 from ${actors} a where a.avatar_key = ${key} and ${open})${sql.join(openUses)}
      then '{}'::text[]
    else array(
      with uses as (
        select a.banned_country_codes as codes from ${actors} a where a.avatar_key = ${key}${sql.join(bannedUses)}
      ), numbered as (select row_number() over () as n, upper(codes::text)::text[] as codes from uses)
      select code from numbered, unnest(numbered.codes) as code
      group by code having count(distinct numbered.n) = (select count(*) from numbered)
      order by code)
    end as "blockedIn"
    from ${mediaImages} m where m.key = ${key}`;
}

/** A column or SQL expression (drizzle's SQLWrapper). */
type SqlOperand = { getSQL(): SQL };

/** SQL: the age rating of the media pool key `key` (a column such as v.preview_key); null for an unknown key. */
export function mediaAgeRatingSql(key: SqlOperand): SQL<number | null> {
  return sql<number | null>`(select m.age_rating from ${mediaImages} m where m.key = ${key})`;
}

/**
 * SQL: a query of (`key`, `ageRating`): up to `limit` pool images of the kind of `previewKey`, the
 * preview first, then the following keys in key order, wrapping around (the same list every time).
 */
export function mediaOfKindLikeSql(previewKey: string, limit: number): SQL {
  return sql`select key, age_rating as "ageRating" from ${mediaImages}
            where kind = (select kind from ${mediaImages} where key = ${previewKey})
            order by (key < ${previewKey}), key
            limit ${limit}`;
}

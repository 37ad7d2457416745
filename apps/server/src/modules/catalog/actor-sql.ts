/**
 * SQL parts over the catalog's actors that other modules' queries embed (decision 0030: the owner
 * offers the part, so a listing of videos, albums or pins stays one statement and no other module
 * names the actors table). Each is a scalar subquery by primary key, evaluated per row the query
 * reads, so a listing read along its own index with a LIMIT pays only for the rows it reads.
 */
import { type SQL, sql } from '@vela/db/orm';
import { countryCodeOf } from '@vela/domain/restrictions';
import { actorOfferedIn, type Country } from '../../infra/country.ts';

/** A column or SQL expression (drizzle's SQLWrapper). */
type SqlOperand = { getSQL(): SQL };

/**
 * SQL: true when a caller from `country` may be offered the content of the actor `actorId` (a
 * column such as videos.actor_id; spec 6, infra/country.ts). Unknown country: `true`.
 */
export function actorIdOfferedIn(country: Country, actorId: SqlOperand): SQL {
  const code = countryCodeOf(country);
  if (code === null) return sql`true`;
  // A scalar subquery, so the planner keeps it a per-row index lookup (a NOT EXISTS may become an
  // anti-join that reads every actor).
  return sql`coalesce((select ${actorOfferedIn(code, sql`blocked.banned_country_codes`)} from actors blocked where blocked.id = ${actorId}), true)`;
}

/** SQL: whether the actor `actorId` is online now (false for an unknown actor). */
export function actorIsOnline(actorId: SqlOperand): SQL<boolean> {
  return sql<boolean>`coalesce((select online.is_online from actors online where online.id = ${actorId}), false)`;
}

/** SQL: true when the actor `actorId` bans no country (an open use of a media key; the media gate). */
export function actorBansNoCountry(actorId: SqlOperand): SQL<boolean> {
  return sql<boolean>`exists (select 1 from actors a where a.id = ${actorId} and a.banned_country_codes = '{}')`;
}

/** SQL: the banned country codes (`text[]`) of the actor `actorId`. */
export function actorBannedCodes(actorId: SqlOperand): SQL<string[]> {
  return sql<string[]>`(select a.banned_country_codes from actors a where a.id = ${actorId})`;
}

/** SQL: the name of the actor `actorId` (a video tile's actor name). */
export function actorNameSql(actorId: SqlOperand): SQL<string> {
  return sql<string>`(select named.name from actors named where named.id = ${actorId})`;
}

/**
 * SQL: the catalog's actors as a derived table to join by id or name (`join ${actorRowsSql()} ac on
 * ac.id = x.actor_id`), with the columns other modules show: a listing's actor name, avatar and
 * online flag, its "offered in this country" condition, the video stars' and sedcards' facts. A
 * plain projection, so PostgreSQL pulls it up into the outer query: the plan is the join on the
 * actors' primary key (or unique name_lower) that naming the table gave.
 */
export function actorRowsSql(): SQL {
  return sql`(select id, name, name_lower, avatar_key, is_online, banned_country_codes, birth_date,
    spoken_languages, actor_type, sedcard_likes, sedcard_dislikes from actors)`;
}

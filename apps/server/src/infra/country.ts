/**
 * The banned-country rule of spec 6 on the server (docs/decisions/0018-banned-countries.md): who
 * the caller is (`countryOf`, from the header the edge sets, config COUNTRY_HEADER) and which
 * performers they may be offered. The rule itself is `isBlockedFromPerformer` of
 * @vela/domain/restrictions; the SQL condition below (and the catalog's `actorIdOfferedIn` built on
 * it, modules/catalog/actor-sql.ts) state the same rule for queries (a test runs them against the
 * same cases), so every listing, search, recommendation, favorite list and socket event leaves a
 * blocked performer out in the database, before paging and counting.
 *
 * A module that offers performers or their content takes the caller's `Country` and adds one of
 * these conditions to its query (or calls `isBlockedFromPerformer` on a row it already has); an
 * answer kept for more than one caller is kept per country.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type SQL, sql } from '@vela/db/orm';
import { countryCodeOf, isBlockedFromPerformer } from '@vela/domain/restrictions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';

/** A column or SQL expression (drizzle's SQLWrapper). */
type SqlOperand = { getSQL(): SQL };

/** The caller's ISO 3166-1 alpha-2 country (upper-case), or null when unknown (never blocked). */
export type Country = string | null;

/** The caller's country from the edge header `headerName`; missing, repeated or malformed: null. */
export function countryOf(headers: IncomingHttpHeaders, headerName: string): Country {
  return countryCodeOf(headers[headerName.toLowerCase()]);
}

/** Is a caller from `country` blocked from a performer with these banned country codes? */
export function isBlockedIn(bannedCountryCodes: readonly string[], country: Country): boolean {
  return isBlockedFromPerformer(country, bannedCountryCodes);
}

/**
 * SQL: true when a caller from `country` may be offered the actor whose banned country codes are
 * `bannedCodes` (a `text[]` column or expression of the actor's row). Unknown country: `true`.
 * Most actors ban nobody: their rows pass on the array's length alone.
 */
export function actorOfferedIn(country: Country, bannedCodes: SqlOperand): SQL {
  const code = countryCodeOf(country);
  if (code === null) return sql`true`;
  // Upper-casing the array's text form compares every code case-insensitively at about the cost of
  // a plain overlap (an unnest per row cost half as much again on a count over 100,000 actors).
  return sql`(cardinality(${bannedCodes}) = 0 or not (upper(${bannedCodes}::text)::text[] && array[${code}]::text[]))`;
}

/** The answer to a caller from a banned country (403, the code the actor calls have always used). */
export function actorBlockedInCountry(): AppError {
  return new AppError('ACTOR_BLOCKED_IN_COUNTRY', 'This performer is not available in your country', 403);
}

/** Throws 403 ACTOR_BLOCKED_IN_COUNTRY when a caller from `country` is blocked from the performer. */
export function assertOfferedIn(bannedCountryCodes: readonly string[], country: Country): void {
  if (isBlockedIn(bannedCountryCodes, country)) throw actorBlockedInCountry();
}

/**
 * An onSend hook: the answer varies on the country header (shared caches must key on it). Adds the
 * header's name to Vary, keeping what is there (accept-encoding of the compressed answers).
 */
export function varyOnCountry(countryHeader: string) {
  const name = countryHeader.toLowerCase();
  return async <T>(_request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> => {
    const current = reply.getHeader('vary');
    const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (!names.some((v) => v.toLowerCase() === name || v === '*')) names.push(name);
    reply.header('vary', names.join(', '));
    return payload;
  };
}

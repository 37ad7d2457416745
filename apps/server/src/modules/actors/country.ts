/**
 * The caller's country for the banned-country rule (spec 6), from the request header the edge sets
 * (config COUNTRY_HEADER, default `x-country-code`; docs/decisions/0018-banned-countries.md).
 * ISO 3166-1 alpha-2, case-insensitive; a missing, repeated or malformed value is unknown (null),
 * and an unknown country is never blocked.
 */
import type { IncomingHttpHeaders } from 'node:http';

const ALPHA2 = /^[A-Za-z]{2}$/;

export function countryOf(headers: IncomingHttpHeaders, headerName: string): string | null {
  const value = headers[headerName.toLowerCase()];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return ALPHA2.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** Is a caller from `country` blocked from an actor with these banned country codes? */
export function isBlockedIn(bannedCountryCodes: readonly string[], country: string | null): boolean {
  if (country === null) return false;
  return bannedCountryCodes.some((code) => code.trim().toUpperCase() === country);
}

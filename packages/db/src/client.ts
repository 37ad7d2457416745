/**
 * Database client factory. One Drizzle type (`Db`) for both drivers: PostgreSQL via node-postgres
 * when a URL is given, otherwise PGlite (Postgres in WASM) in a data directory or in memory.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/** The underlying driver client, for the few things Drizzle does not cover (template dbs, dumps). */
export type DatabaseClient = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool };

const clients = new WeakMap<Database, DatabaseClient>();

export function databaseClient(database: Database): DatabaseClient {
  const client = clients.get(database);
  if (!client) throw new Error('Not a database opened by openDatabase()');
  return client;
}

export interface OpenDatabaseOptions {
  /** postgres://… — uses node-postgres. */
  url?: string;
  /** PGlite data directory (created if missing); in-memory when undefined. Ignored with `url`. */
  dataDir?: string;
  /** node-postgres pool size (default 10). */
  poolSize?: number;
  /** Open PGlite from a `dumpDataDir()` tarball (tests). */
  loadDataDir?: Blob | File;
  /** Called with every statement Drizzle sends (the bench EXPLAINs the listing queries with it). */
  onQuery?: (query: string, params: unknown[]) => void;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle client error (e.g. the server restarted) must not crash the process.
    pool.on('error', () => {});
    const logger = opts.onQuery ? { logQuery: opts.onQuery } : undefined;
    const db = drizzleNodePg({ client: pool, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
    const database: Database = {
      db,
      kind: 'postgres',
      close: () => pool.end(),
    };
    clients.set(database, { kind: 'postgres', client: pool });
    return database;
  }
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    // Trigram indexes for the global search (migration 0005); PostgreSQL ships the same extension.
    extensions: { pg_trgm },
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const logger = opts.onQuery ? { logQuery: opts.onQuery } : undefined;
  const db = drizzlePglite({ client, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  let closed = false;
  const database: Database = {
    db,
    kind: 'pglite',
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
  clients.set(database, { kind: 'pglite', client });
  return database;
}

/**
 * Run raw SQL and return its rows. `db.execute` is typed by driver; both drivers answer with
 * `{ rows }`, which this helper unwraps with the row type the caller states.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

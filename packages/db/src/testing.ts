/**
 * Test databases: each call gives a fresh, migrated database seeded with the `test` size.
 * - DATABASE_URL set: a template database (named after a hash of the migrations and the seed code)
 *   is built once, guarded by a PostgreSQL advisory lock, and every call clones it with
 *   `CREATE DATABASE … TEMPLATE …`; close() drops the clone.
 * - otherwise: an in-memory PGlite loaded from a data-dir tarball. The tarball and the test media
 *   are built once per machine and fingerprint (in the temp dir, under a lock file) and shared by
 *   every test process: vitest runs each test file in its own process, and building them took
 *   about a minute per file.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, databaseClient, openDatabase } from './client.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.ts';
import { generateImages, imagePool, POOL_COUNTS } from './seed/images.ts';
import { seedDatabase } from './seed/seed.ts';

export type TestDatabase = Database & { mediaDir: string };

export const TEST_SEED = 42;

/**
 * The backend the tests run on: PostgreSQL when DATABASE_URL is set (each test file gets its own
 * database cloned from a migrated template), PGlite otherwise. The one place tests read it.
 */
export const testBackend: 'postgres' | 'pglite' = process.env.DATABASE_URL ? 'postgres' : 'pglite';

const srcDir = fileURLToPath(new URL('.', import.meta.url));

/** Hash of everything that shapes the test database: migrations, schema and seed code. */
function fingerprint(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => join(MIGRATIONS_FOLDER, f)),
    join(srcDir, 'schema.ts'),
    ...readdirSync(join(srcDir, 'schema'))
      .filter((f) => f.endsWith('.ts'))
      .sort()
      .map((f) => join(srcDir, 'schema', f)),
    ...readdirSync(join(srcDir, 'seed'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .sort()
      .map((f) => join(srcDir, 'seed', f)),
  ];
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

const CACHE_DIR = join(tmpdir(), 'vela-test-cache');
/** A lock older than this belongs to a process that died while building. */
const STALE_LOCK_MS = 10 * 60 * 1000;

/**
 * Runs `build` in one process at a time per `name` (an exclusive lock file), unless `ready()` finds
 * the result built by another process meanwhile.
 */
async function buildOnce<T>(
  name: string,
  ready: () => Promise<T | null>,
  build: () => Promise<T>,
): Promise<T> {
  await mkdir(CACHE_DIR, { recursive: true });
  const lock = join(CACHE_DIR, `${name}.lock`);
  for (;;) {
    const found = await ready();
    if (found !== null) return found;
    try {
      const handle = await open(lock, 'wx');
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await rm(lock, { force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return (await ready()) ?? (await build());
  } finally {
    await rm(lock, { force: true });
  }
}

let mediaReady: Promise<string> | undefined;
/** Test media: generated once per fingerprint into the shared cache dir. */
function testMedia(): Promise<string> {
  mediaReady ??= (async () => {
    const dir = join(CACHE_DIR, `media-${fingerprint()}`);
    const exists = () =>
      stat(dir).then(
        () => dir,
        () => null,
      );
    return buildOnce(`media-${fingerprint()}`, exists, async () => {
      const building = `${dir}.${process.pid}.tmp`;
      await rm(building, { recursive: true, force: true });
      await generateImages(building, Object.values(imagePool(POOL_COUNTS.test)).flat());
      await rename(building, dir);
      return dir;
    });
  })();
  return mediaReady;
}

let pgliteDump: Promise<Blob> | undefined;
async function buildPgliteDump(mediaDir: string): Promise<Blob> {
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    await seedDatabase(database, { size: 'test', seed: TEST_SEED, mediaDir });
    const client = databaseClient(database);
    if (client.kind !== 'pglite') throw new Error('expected PGlite');
    return await client.client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** The test-seeded PGlite tarball of this fingerprint, built by the first process that needs it. */
async function sharedPgliteDump(mediaDir: string): Promise<Blob> {
  const file = join(CACHE_DIR, `pglite-${fingerprint()}.tar`);
  const read = () =>
    readFile(file).then(
      (bytes) => new Blob([bytes]),
      () => null,
    );
  return buildOnce(`pglite-${fingerprint()}`, read, async () => {
    const dump = await buildPgliteDump(mediaDir);
    const building = `${file}.${process.pid}.tmp`;
    await writeFile(building, Buffer.from(await dump.arrayBuffer()));
    await rename(building, file);
    return dump;
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const templates = new Map<string, Promise<string>>();
async function ensureTemplate(adminUrl: string, mediaDir: string): Promise<string> {
  const name = `vela_test_template_${fingerprint()}`;
  let ready = templates.get(name);
  if (!ready) {
    ready = (async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        // One builder at a time across all test workers.
        await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
        const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount === 0) {
          const building = `${name}_building`;
          await admin.query(`drop database if exists "${building}"`);
          await admin.query(`create database "${building}"`);
          const database = await openDatabase({ url: withDatabase(adminUrl, building), poolSize: 2 });
          try {
            await migrateDatabase(database);
            await seedDatabase(database, { size: 'test', seed: TEST_SEED, mediaDir });
          } finally {
            await database.close();
          }
          // Renaming makes the template appear atomically, only when complete.
          await admin.query(`alter database "${building}" rename to "${name}"`);
        }
        await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
      } finally {
        await admin.end();
      }
      return name;
    })();
    templates.set(name, ready);
  }
  return ready;
}

async function clonePostgres(adminUrl: string, mediaDir: string): Promise<TestDatabase> {
  const template = await ensureTemplate(adminUrl, mediaDir);
  return { ...(await newPostgresDatabase(adminUrl, template)), mediaDir };
}

/** A new PostgreSQL database (optionally cloned from a template) that close() drops again. */
async function newPostgresDatabase(adminUrl: string, template?: string): Promise<Database & { url: string }> {
  const name = `vela_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
        break;
      } catch (error) {
        // Another clone of the same template may be starting at the same instant.
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + attempt * 50));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ url, poolSize: 4 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A fresh, migrated, test-seeded database for one test file. Call close() in afterAll. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const mediaDir = await testMedia();
  const url = process.env.DATABASE_URL;
  if (url) return clonePostgres(url, mediaDir);
  pgliteDump ??= sharedPgliteDump(mediaDir);
  const database = await openDatabase({ loadDataDir: await pgliteDump });
  return { ...database, mediaDir };
}

/**
 * An empty (not migrated, not seeded) database on the configured backend: a new PostgreSQL
 * database when DATABASE_URL is set, else in-memory PGlite. `url` is set for PostgreSQL.
 */
export async function createEmptyTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (url) return newPostgresDatabase(url);
  return openDatabase({});
}

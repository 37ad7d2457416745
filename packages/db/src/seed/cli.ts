/**
 * `npm run seed -- --size demo|bench|test [--seed 42] [--reset] [--now today|fixed|2026-11-01]`
 *
 * Env: DATABASE_URL (PostgreSQL; otherwise PGlite at <DATA_DIR>/pglite), DATA_DIR (default ./data;
 * media go to <DATA_DIR>/media). Migrates first; refuses a non-empty database unless --reset.
 * `--now` sets the reference date all seeded dates are spread around: `today` (default: the current UTC day, so
 * trending and new content are current), `fixed` (2026-11-01) or an ISO date. The same seed number and reference
 * date always give the same rows.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import {
  isDatabaseEmpty,
  SEED_REFERENCE_DATE,
  type SeedSize,
  seedDatabase,
  seedDayOf,
  truncateSeededTables,
} from './seed.ts';

export class CliError extends Error {}

export interface CliEnv {
  DATABASE_URL?: string;
  DATA_DIR?: string;
}

export async function runSeedCli(argv: string[], env: CliEnv, out: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      seed: { type: 'string', default: '42' },
      reset: { type: 'boolean', default: false },
      now: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const size = values.size as SeedSize | undefined;
  if (size !== 'demo' && size !== 'bench' && size !== 'test') {
    throw new CliError('--size must be demo, bench or test');
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new CliError('--seed must be a non-negative integer');
  let now = seedDayOf(new Date());
  if (values.now === 'fixed') now = SEED_REFERENCE_DATE;
  else if (values.now && values.now !== 'today') {
    now = new Date(values.now);
    if (Number.isNaN(now.getTime())) throw new CliError('--now must be an ISO date or "today"');
  }
  const dataDir = resolve(env.DATA_DIR || './data');
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(dataDir, 'pglite') },
  );
  try {
    await migrateDatabase(database);
    if (!(await isDatabaseEmpty(database))) {
      if (!values.reset) throw new CliError('database is not empty: pass --reset to replace its seeded data');
      await truncateSeededTables(database);
      out('reset: seeded tables truncated');
    }
    const report = await seedDatabase(database, {
      size,
      seed,
      now,
      mediaDir: join(dataDir, 'media'),
      ...(values.quiet ? {} : { log: out }),
    });
    const rows = Object.values(report.counts).reduce((a, b) => a + b, 0);
    out(
      `seeded ${size} (seed ${seed}, now ${report.now}) into ${database.kind}: ${report.counts.actors} actors, ` +
        `${report.counts.videos} videos, ${report.counts.albums} albums, ${rows} rows, ` +
        `${report.images.written} image files written in ${(report.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runSeedCli(process.argv.slice(2), process.env, (line) => console.log(line)).catch((error: unknown) => {
    console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof CliError ? 2 : 1);
  });
}

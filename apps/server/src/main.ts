/**
 * Process entry: `tsx apps/server/src/main.ts` (npm run serve).
 *
 * Reads the configuration (a bad value: one line on stderr, exit 1), opens and migrates the
 * database, seeds an empty one (AUTO_SEED), starts the page and pay origins, and shuts down
 * gracefully on SIGTERM/SIGINT: stop accepting, finish in-flight requests, close bus and database,
 * exit 0 — or exit 1 when that takes longer than SHUTDOWN_TIMEOUT_MS.
 */
import { type Config, ConfigError, describeConfig, loadConfig } from './config.ts';

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfigOrExit();

// Loaded after the configuration is known to be valid: a bad value fails fast and prints one line.
const [
  { openDatabase },
  { migrateDatabase },
  seed,
  { generateClips },
  { clipDirOf },
  { buildApp },
  { buildPayApp },
  { createBus },
  { createLogger },
] = await Promise.all([
  import('@vela/db/client'),
  import('@vela/db/migrate'),
  import('@vela/db/seed/seed'),
  import('@vela/db/seed/clips'),
  import('@vela/db/clip-pool'),
  import('./app.ts'),
  import('./pay-server.ts'),
  import('./infra/bus.ts'),
  import('./http/logging.ts'),
]);

const log = createLogger(config.logLevel);

process.on('unhandledRejection', (reason) => {
  log.fatal({ err: reason }, 'unhandled promise rejection');
  process.exit(1);
});
process.on('uncaughtException', (error) => {
  log.fatal({ err: error }, 'uncaught exception');
  process.exit(1);
});

/** Everything opened so far, closed in reverse order on shutdown or a failed start. */
const closers: { name: string; close: () => Promise<unknown> }[] = [];
async function closeAll(): Promise<boolean> {
  let clean = true;
  for (const { name, close } of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      clean = false;
      log.error({ err: error, resource: name }, 'close failed');
    }
  }
  return clean;
}

async function start(): Promise<void> {
  log.info({ config: describeConfig(config) }, 'starting');

  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: config.pgliteDir },
  );
  closers.push({ name: 'database', close: () => database.close() });
  log.info({ database: database.kind }, 'database open, migrating');
  await migrateDatabase(database);

  if (config.autoSeed && (await seed.isDatabaseEmpty(database))) {
    log.info({ size: config.seedSize, seed: config.seed }, 'database is empty: generating data');
    await seed.seedDatabase(database, {
      size: config.seedSize,
      seed: config.seed,
      mediaDir: config.mediaDir,
      now: seed.seedDayOf(new Date()),
      log: (message: string) => log.info(`seed: ${message}`),
    });
    log.info('data generated');
  } else if (config.autoSeed) {
    // Data seeded before the video clip pool existed (issue 17) gets the pool now; present clips are kept.
    await generateClips(clipDirOf(config.mediaDir), seed.SIZES[config.seedSize].pool, {
      log: (message: string) => log.info(`seed: ${message}`),
    });
  }

  const bus = await createBus(config, log);
  closers.push({ name: 'bus', close: () => bus.close() });
  const app = await buildApp({ config, database, bus, log });
  const payApp = await buildPayApp({ config, log });
  // close() stops accepting connections and resolves once in-flight requests are answered.
  closers.push({ name: 'http', close: () => Promise.all([app.close(), payApp.close()]) });

  await app.listen({ port: config.port, host: config.host });
  await payApp.listen({ port: config.payPort, host: config.host });
  log.info(
    `${config.brandName} ready at ${config.publicOrigin}/en/ (payment dialog at ${config.payOrigin}/)`,
  );
}

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out: forcing exit');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  const clean = await closeAll();
  log.info(clean ? 'shutdown complete' : 'shutdown finished with errors');
  process.exit(clean ? 0 : 1);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

try {
  await start();
} catch (error) {
  log.fatal({ err: error }, 'start failed');
  await closeAll();
  process.exit(1);
}

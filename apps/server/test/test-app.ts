/** The page-origin app on a real test database, built as `main.ts` builds it. */
import type { Database } from '@vela/db/client';
import { createTestDatabase } from '@vela/db/testing';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { createLogger } from '../src/http/logging.ts';
import type { WebBuildLocation } from '../src/http/ssr.ts';
import { InProcessBus } from '../src/infra/bus.ts';
import { testConfig } from './helpers.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database & { mediaDir: string };
  config: Config;
  /** The app's bus (in-process). */
  bus: InProcessBus;
  close(): Promise<void>;
}

/** What a production deployment must set besides NODE_ENV (tests of what production leaves out). */
export const PRODUCTION_TEST_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'production-test-secret-of-at-least-32-chars',
  PAYMENT_WEBHOOK_SECRET: 'production-webhook-secret-of-at-least-32-chars',
};

/** The page-origin app on a fresh test database (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webBuild?: WebBuildLocation;
    logTo?: DestinationStream;
    socketTiming?: AppDeps['socketTiming'];
    /** The subscription products sold (tests of the subscription mechanics sell both). */
    offeredSubscriptions?: AppDeps['offeredSubscriptions'];
    /** The live media path (a recording double in the live tests). */
    liveMedia?: AppDeps['liveMedia'];
    /** The show clock of ticket shows (issue 18; the ticket show tests move it). */
    showClock?: AppDeps['showClock'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(options.env, { mediaDir: database.mediaDir });
  const bus = new InProcessBus();
  const app = await buildApp({
    config,
    database,
    bus,
    ...(options.webBuild ? { webBuild: options.webBuild } : {}),
    ...(options.logTo ? { log: createLogger('info', options.logTo) } : {}),
    ...(options.socketTiming ? { socketTiming: options.socketTiming } : {}),
    ...(options.offeredSubscriptions ? { offeredSubscriptions: options.offeredSubscriptions } : {}),
    ...(options.liveMedia ? { liveMedia: options.liveMedia } : {}),
    ...(options.showClock ? { showClock: options.showClock } : {}),
  });
  return {
    app,
    database,
    config,
    bus,
    close: async () => {
      await app.close();
      await bus.close();
      await database.close();
    },
  };
}

/**
 * One app for the enclosing describe block (or file): made before its first test (PGlite migrations
 * and seed take a while, hence the long timeout) and closed after its last. Its fields are there from
 * beforeAll on.
 */
export function testAppPerSuite(options?: Parameters<typeof createTestApp>[0]): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  }, 120_000);
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

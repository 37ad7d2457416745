import { configDefaults, defineConfig } from 'vitest/config';

/** Server and database integration tests: a real app on a real database per file. */
const DB_TESTS = 'packages/db/src/**/*.test.ts';
const INTEGRATION = ['apps/*/test/**/*.test.ts', DB_TESTS];
/** Integration tests that mock a module (vi.mock): they need a module graph of their own. */
const NEEDS_ISOLATION = ['apps/server/test/control-characters.test.ts'];
const UNIT = ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'];
// Tests against a Janus server (`*-janus.test.ts`) run only where JANUS_URL names one (.ci/run's Janus pass), as
// the database tests follow DATABASE_URL; elsewhere they are not collected at all.
const EXCLUDE = [
  ...configDefaults.exclude,
  ...(process.env.JANUS_URL ? [] : ['apps/*/test/**/*-janus.test.ts']),
];

export default defineConfig({
  test: {
    // The integration tests of the server and the database package run with `isolate: false` (decision 0040):
    // each worker imports the server (Fastify, drizzle, PGlite, GraphQL…) once instead of once per test file,
    // which was half of their CPU time. Every one of these files builds its own app and database in its own
    // hooks, sets no environment variable and no fake timer at module level, and helpers register no hook at
    // module level; a file that mocks a module (vi.mock) needs a fresh module graph and stays isolated.
    projects: [
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          exclude: [...EXCLUDE, ...NEEDS_ISOLATION],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: [...UNIT, ...NEEDS_ISOLATION],
          exclude: [...EXCLUDE, DB_TESTS],
        },
      },
    ],
    testTimeout: 60_000,
    // Interaction tests of components run in happy-dom (`// @vitest-environment happy-dom`): no page
    // they render loads anything from the network (the payment dialog's iframe stays empty).
    environmentOptions: {
      happyDOM: {
        settings: {
          disableIframePageLoading: true,
          disableJavaScriptFileLoading: true,
          disableCSSFileLoading: true,
          handleDisabledFileLoadingAsSuccess: true,
        },
      },
    },
    reporters: [
      'default',
      ['json', { outputFile: `${process.env.REPORT_DIR ?? 'reports/local'}/vitest.json` }],
    ],
    hookTimeout: 120_000,
  },
});

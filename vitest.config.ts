import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
    ],
    // Tests against a Janus server (`*-janus.test.ts`) run only where JANUS_URL names one (.ci/run's
    // Janus pass), as the database tests follow DATABASE_URL; elsewhere they are not collected at all.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.JANUS_URL ? [] : ['apps/*/test/**/*-janus.test.ts']),
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

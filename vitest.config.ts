import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
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

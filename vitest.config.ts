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
    reporters: [
      'default',
      ['json', { outputFile: `${process.env.REPORT_DIR ?? 'reports/local'}/vitest.json` }],
    ],
    hookTimeout: 120_000,
  },
});

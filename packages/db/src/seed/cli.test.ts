import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, testBackend } from '../testing.ts';
import { CliError, runSeedCli } from './cli.ts';

describe(`seed CLI (${testBackend})`, () => {
  it('seeds an empty database, refuses a non-empty one without --reset and replaces it with --reset', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vela-cli-test-'));
    // PostgreSQL: a database of our own; PGlite: <DATA_DIR>/pglite.
    const empty = testBackend === 'postgres' ? await createEmptyTestDatabase() : undefined;
    const env = { DATA_DIR: dataDir, ...(empty?.url ? { DATABASE_URL: empty.url } : {}) };
    try {
      const lines: string[] = [];
      await runSeedCli(['--size', 'test', '--now', 'fixed', '--quiet'], env, (l) => lines.push(l));
      expect(lines.at(-1)).toMatch(
        /^seeded test \(seed 42, now 2026-11-01T00:00:00.000Z\) into \w+: 40 actors, 200 videos/,
      );

      await expect(runSeedCli(['--size', 'test', '--quiet'], env, () => {})).rejects.toThrow(CliError);
      await expect(runSeedCli(['--size', 'test', '--quiet'], env, () => {})).rejects.toThrow(/--reset/);

      const again: string[] = [];
      await runSeedCli(['--size', 'test', '--seed', '7', '--reset', '--quiet'], env, (l) => again.push(l));
      expect(again[0]).toBe('reset: seeded tables truncated');
      // Without --now the reference date is the current UTC day.
      const today = new Date().toISOString().slice(0, 10);
      expect(again.at(-1)).toMatch(
        new RegExp(`^seeded test \\(seed 7, now ${today}T00:00:00.000Z\\).*40 actors`),
      );
    } finally {
      await empty?.close();
    }
  }, 120_000);

  it('refuses an unknown size', async () => {
    await expect(runSeedCli(['--size', 'huge'], {}, () => {})).rejects.toThrow(
      '--size must be demo, bench or test',
    );
  });
});

/**
 * The access token key: SESSION_SECRET, or (outside production) a key generated once and kept in
 * `<DATA_DIR>/session-secret` so tokens survive restarts of a local run. Tests get a fresh key.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';

export async function sessionSecretOf(config: Config): Promise<string> {
  if (config.sessionSecret !== undefined) return config.sessionSecret;
  if (config.nodeEnv === 'test') return randomBytes(32).toString('base64url');
  const file = path.join(config.dataDir, 'session-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

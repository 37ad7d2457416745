/** The server's version, reported by `/rest/v1/alive` (the version of apps/server/package.json). */
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export const SERVER_VERSION: string = manifest.version;

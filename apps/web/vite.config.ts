import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { languageCatalogues } from './catalogues.ts';
import { firstLoadChunks } from './chunks.ts';
import { precompress } from './precompress.ts';

const require = createRequire(import.meta.url);

/**
 * Browser build only: a zod schema that nothing uses is dropped. The contracts define schemas at the top of
 * modules whose constants the pages import (`LANGUAGES`, `ON_LOGIN_ACTION_STORAGE_KEY`...); a schema
 * construction has no side effect (no registry or global config is used: `z.config`, `.register`,
 * `.meta` appear nowhere), so without this zod would load with every page for schemas nobody calls
 * (issue 15: first load on a phone). The server build keeps everything.
 */
function unusedSchemasDropped(): Plugin {
  return {
    name: 'vela:unused-schemas-dropped',
    config: (_config, env) =>
      env.isSsrBuild
        ? undefined
        : { build: { rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } } } },
  };
}

/**
 * Browser build only: React Router's production build. Its package exports name only
 * `dist/development` (https://github.com/remix-run/react-router/issues/14102), which differs from
 * `dist/production` in one constant, `ENABLE_DEV_WARNINGS`: the development one ships and runs the
 * developer warnings and hints to every phone. The server build keeps the package as Node resolves it
 * (one copy with @react-router/node).
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return {
    name: 'vela:react-router-production-build',
    config: (_config, env) =>
      env.command !== 'build' || env.isSsrBuild
        ? undefined
        : {
            resolve: {
              alias: [
                { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
                { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
              ],
            },
          },
  };
}

export default defineConfig({
  // Brotli/gzip copies of the browser files, sent as they are by the server (precompress.ts).
  // The browser gets the page language's messages only, precompiled (catalogues.ts, decision 0039).
  plugins: [
    reactRouter(),
    precompress(),
    unusedSchemasDropped(),
    languageCatalogues(),
    firstLoadChunks(),
    reactRouterProductionBuild(),
  ],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  // Workspace packages ship TypeScript sources: bundle them into the server build.
  ssr: { noExternal: [/^@vela\//] },
});

import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

export default defineConfig({
  // Brotli/gzip copies of the browser files, sent as they are by the server (precompress.ts).
  plugins: [reactRouter(), precompress()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  // Workspace packages ship TypeScript sources: bundle them into the server build.
  ssr: { noExternal: [/^@vela\//] },
});

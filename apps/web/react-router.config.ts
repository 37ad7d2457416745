import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every module script of the pages is integrity-checked (an import map with SHA-384 hashes): the page
  // that hosts the payment dialog runs only the bytes we built (issue 3, strict CSP + SRI).
  subResourceIntegrity: true,
  future: {
    // Data requests for `/en/cams/` go to `/en/cams/_.data`, so loaders see the slashed URL and the
    // trailing-slash redirect in the root loader never fires for client navigations. This flag does
    // not change the load context (no middleware): see docs/decisions/0004-web-routing-i18n.md.
    v8_trailingSlashAwareDataRequests: true,
    // Explicitly off: middleware would turn `context` into a RouterContextProvider (the server passes
    // a plain WebLoadContext); the others are not needed yet.
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
  },
} satisfies Config;

import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
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

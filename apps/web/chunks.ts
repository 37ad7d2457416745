/**
 * The browser's chunks for a first load on a phone (issue 15, decision 0035). Browser build only.
 *
 * Left to itself, Rolldown makes a chunk of every set of entries that share modules. In React Router
 * every route module is an entry, so the shell that the root route imports came out as ~40 files of
 * 0.2–3 KB, each compressed on its own (brotli starts every file with an empty window) and each
 * naming its neighbours' hashed file names in its imports. Two groups instead:
 *
 * - `react`: React, React DOM and React Router, which every page loads and which change only with
 *   an upgrade (one long-cached file).
 * - `shell`: every module that the root route and the client entry import statically, i.e. what every
 *   page runs before it is interactive anyway. Modules imported dynamically (the catalogues' language
 *   modules, the socket, dialogs and menus on first open) stay out and load as before.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type ModuleInfo = { isEntry: boolean; importedIds: readonly string[] } | null;
type ChunkingContext = { getModuleInfo(id: string): ModuleInfo };

const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0?rolldown[\\/]runtime/;

/** The modules reachable from `roots` through static imports, entries left out. */
export function staticClosure(roots: readonly string[], info: (id: string) => ModuleInfo): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    const module = info(id);
    if (!module) continue;
    seen.add(id);
    queue.push(...module.importedIds);
  }
  for (const id of seen) if (info(id)?.isEntry) seen.delete(id);
  return seen;
}

/**
 * The app's modules that at least `minRoutes` of the route modules reach through static imports, and
 * whose own static imports bring no library besides what `shell` (the root's closure) has: the tiles,
 * pictures and formatters most pages render. Apart they were 0.1–1 KB files fetched one by one by every
 * listing and profile (each compressed on its own, each naming its neighbours' hashed names). A module
 * that reaches another library (a contract's zod schemas, used by a lazy call only) stays where it was:
 * a group takes its dependencies along. Their style sheets come along into the shell's CSS (a page's
 * first paint has them, as it had with the route's CSS).
 */
export function sharedByRoutes(
  routes: readonly string[],
  info: (id: string) => ModuleInfo,
  minRoutes: number,
  app: string,
  shell: ReadonlySet<string>,
): Set<string> {
  const count = new Map<string, number>();
  for (const route of routes) {
    for (const id of staticClosure([route], info)) count.set(id, (count.get(id) ?? 0) + 1);
  }
  const foreign = (id: string) => !id.startsWith(app) && !shell.has(id) && !VENDOR.test(id);
  return new Set(
    [...count]
      .filter(([id, n]) => n >= minRoutes && id.startsWith(app) && !shell.has(id))
      .map(([id]) => id)
      .filter((id) => ![...staticClosure([id], info)].some(foreign)),
  );
}

/** A module that this share of the route modules imports statically goes with the shell. */
const SHARED_ROUTE_SHARE = 0.2;

export function firstLoadChunks(): Plugin {
  let roots: string[] = [];
  let routes: string[] = [];
  let app = '';
  let shell: Set<string> | undefined;
  return {
    name: 'vela:first-load-chunks',
    config(_config, env) {
      if (env.command !== 'build' || env.isSsrBuild) return undefined;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'react', test: VENDOR, priority: 2 },
                  {
                    name: (id: string, ctx: ChunkingContext) => {
                      if (!shell) {
                        const info = (m: string) => ctx.getModuleInfo(m);
                        const root = staticClosure(roots, info);
                        const minRoutes = Math.max(2, Math.ceil(routes.length * SHARED_ROUTE_SHARE));
                        shell = new Set([...root, ...sharedByRoutes(routes, info, minRoutes, app, root)]);
                      }
                      return shell.has(id) ? 'shell' : null;
                    },
                    debugName: 'shell',
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      };
    },
    configResolved(config) {
      app = path.resolve(config.root, 'app') + path.sep;
      roots = [`${app}root.tsx`, `${app}entry.client.tsx`];
      routes = readdirSync(`${app}routes`)
        .filter((name) => name.endsWith('.tsx'))
        .map((name) => `${app}routes${path.sep}${name}`);
    },
  };
}

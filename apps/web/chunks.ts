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

export function firstLoadChunks(): Plugin {
  let roots: string[] = [];
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
                      shell ??= staticClosure(roots, (m) => ctx.getModuleInfo(m));
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
      const app = path.resolve(config.root, 'app');
      roots = [path.join(app, 'root.tsx'), path.join(app, 'entry.client.tsx')];
    },
  };
}

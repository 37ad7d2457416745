import catalogueChunks from 'virtual:vela/catalogue-chunks';
import type { Language } from '@vela/contracts/common';
import type { EntryContext } from 'react-router';

/**
 * The catalogue modules a page's browser code waits for (catalogue-loader.ts): the page language's module
 * of every catalogue that the entry and the matched routes' chunks import, with their SRI hashes. The
 * server preloads them with the page so the browser asks for them with its other modules (decision 0039).
 * Server only (entry.server.tsx). Empty on the dev server, which serves the catalogue sources.
 */
export function catalogueModulesOf(
  context: EntryContext,
  lang: Language,
): { href: string; integrity?: string }[] {
  const { manifest } = context;
  const chunks = [manifest.entry.module, ...manifest.entry.imports];
  for (const match of context.staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (route) chunks.push(route.module, ...(route.imports ?? []));
  }
  const names = new Set(chunks.flatMap((chunk) => catalogueChunks.chunks[chunk] ?? []));
  const sri = typeof manifest.sri === 'object' ? manifest.sri : {};
  return [...names].flatMap((name) => {
    const href = catalogueChunks.files[name]?.[lang];
    return href ? [{ href, ...(sri[href] ? { integrity: sri[href] } : {}) }] : [];
  });
}

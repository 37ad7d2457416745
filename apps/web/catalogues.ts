/**
 * The browser gets the page language's messages only, precompiled (issue 15 "first load on a phone",
 * decision 0039). Browser build only; the server build and the dev server keep the catalogue sources
 * with every language.
 *
 * - Each catalogue module of packages/i18n/src/messages/ (one `defineMessages({ en, de, nl, es })` of
 *   string literals) keeps its other exports; its `defineMessages(…)` call becomes
 *   `await catalogueOfPage({ en: () => import('virtual:vela-messages/<name>.en.js'), … })`
 *   (@vela/i18n/catalogue-loader): one module per catalogue and language, `<name>.<lang>-<hash>.js`,
 *   holding that language's messages as ICU ASTs (@vela/i18n/precompile).
 * - With every message precompiled, the ICU parser is left out: `@formatjs/icu-messageformat-parser`
 *   resolves to its `no-parser` entry, as formatjs documents for precompiled messages
 *   (https://formatjs.github.io/docs/guides/performance). Since issue 18 intl-messageformat is left out
 *   too: the translator formats ASTs itself (format-message.ts) and its parser of source texts,
 *   `parse-message.ts`, resolves to `parse-message.browser.ts`, which refuses (decision 0035 addendum).
 * - For the server's preloads: which catalogues each browser chunk needs with its static imports and
 *   each catalogue language's file, written beside the client build (`catalogue-chunks.json`) and read
 *   by the server build as `virtual:vela/catalogue-chunks` (entry.server.tsx).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@vela/contracts/common';
import type { Plugin } from 'vite';
// By path: the Vite config loader leaves workspace packages to Node, which cannot load TypeScript.
import { precompileMessages } from '../../packages/i18n/src/precompile.ts';

const LANGS: readonly Language[] = ['en', 'de', 'nl', 'es'];
const CATALOGUE_FILE = /[\\/]packages[\\/]i18n[\\/]src[\\/]messages[\\/]([\w-]+)\.ts$/;
const LANGUAGE_MODULE = 'virtual:vela-messages/';
const I18N_SOURCE = /[\\/]packages[\\/]i18n[\\/]src[\\/][\w-]+\.ts$/;
const CHUNKS_MODULE = 'virtual:vela/catalogue-chunks';
const CHUNKS_FILE = 'catalogue-chunks.json';

/** What the server needs to preload a page's catalogue modules (public paths, e.g. `/assets/pages.de-x.js`). */
export interface CatalogueChunks {
  /** Catalogue name -> language -> its module. */
  files: Record<string, Partial<Record<Language, string>>>;
  /** A browser chunk -> the catalogues it and its static imports hold. */
  chunks: Record<string, string[]>;
}

type Node = { type: string; start: number; end: number; [field: string]: unknown };

/** The value of a catalogue's object literal (string literals only, else the build fails and says where). */
function literalOf(node: Node, where: string): unknown {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as Node[]).length === 0) {
    return (node.quasis as { value: { cooked: string } }[])[0]?.value.cooked;
  }
  if (node.type === 'ObjectExpression') {
    const value: Record<string, unknown> = {};
    for (const property of node.properties as Node[]) {
      const key = property.key as Node;
      const name = key.type === 'Identifier' ? key.name : key.value;
      if (property.type !== 'Property' || property.computed || typeof name !== 'string') {
        throw new Error(`${where}: a catalogue holds plain keys and string literals only`);
      }
      value[name] = literalOf(property.value as Node, `${where}.${name}`);
    }
    return value;
  }
  throw new Error(`${where}: a catalogue holds plain keys and string literals only (found ${node.type})`);
}

/** The `defineMessages(…)` calls of a module's AST. */
function defineMessagesCalls(node: unknown, into: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) defineMessagesCalls(child, into);
  } else if (node && typeof node === 'object') {
    const n = node as Node;
    const callee = n.callee as Node | undefined;
    if (n.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineMessages') {
      into.push(n);
    }
    for (const [field, child] of Object.entries(n)) {
      if (field !== 'type' && child && typeof child === 'object') defineMessagesCalls(child, into);
    }
  }
  return into;
}

export function languageCatalogues(): Plugin[] {
  let clientBuild = false;
  let ssrBuild = false;
  let outDir = '';
  let base = '/';
  /** Catalogue name -> language -> source messages, from the transformed catalogue modules. */
  const sources = new Map<string, Record<Language, Record<string, string>>>();

  const modules: Plugin = {
    name: 'vela:language-catalogues',
    enforce: 'pre',
    config(_config, env) {
      clientBuild = env.command === 'build' && !env.isSsrBuild;
      ssrBuild = env.command === 'build' && env.isSsrBuild === true;
      if (!clientBuild) return undefined;
      return {
        resolve: {
          alias: [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ],
        },
      };
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    resolveId(id, importer) {
      if (id === CHUNKS_MODULE || id.startsWith(LANGUAGE_MODULE)) return `\0${id}`;
      // The translator's parser of source texts: the browser's messages arrive precompiled.
      if (clientBuild && id === './parse-message.ts' && importer && I18N_SOURCE.test(importer)) {
        return path.join(path.dirname(importer), 'parse-message.browser.ts');
      }
      return undefined;
    },
    load(id) {
      if (id === `\0${CHUNKS_MODULE}`) {
        // The client build runs first and writes it; the dev server preloads nothing.
        const chunks: CatalogueChunks = ssrBuild
          ? JSON.parse(readFileSync(path.join(outDir, '..', CHUNKS_FILE), 'utf8'))
          : { files: {}, chunks: {} };
        return `export default ${JSON.stringify(chunks)};`;
      }
      if (!id.startsWith(`\0${LANGUAGE_MODULE}`)) return undefined;
      const [name, lang] = id.slice(LANGUAGE_MODULE.length + 1).split('.') as [string, Language];
      const messages = sources.get(name)?.[lang];
      if (!messages) throw new Error(`No catalogue ${name} in ${lang}`);
      return `export default ${JSON.stringify(precompileMessages(messages, lang))};`;
    },
  };
  // After the TypeScript transform: the catalogue module is JavaScript, its `defineMessages` call at the same place.
  const split: Plugin = {
    name: 'vela:language-catalogues-split',
    enforce: 'post',
    transform(code, id) {
      const match = clientBuild ? CATALOGUE_FILE.exec(id) : null;
      if (!match) return undefined;
      const name = match[1] as string;
      const calls = defineMessagesCalls(this.parse(code));
      if (calls.length === 0) return undefined;
      if (calls.length > 1) throw new Error(`${id}: one defineMessages per catalogue module`);
      const call = calls[0] as Node;
      const catalogue = literalOf((call.arguments as Node[])[0] as Node, name) as Record<
        Language,
        Record<string, string>
      >;
      sources.set(name, catalogue);
      const loaders = LANGS.map(
        (lang) => `${lang}: () => import(${JSON.stringify(`${LANGUAGE_MODULE}${name}.${lang}.js`)})`,
      );
      return {
        code: `import { catalogueOfPage as __catalogueOfPage } from '@vela/i18n/catalogue-loader';\n${code.slice(0, call.start)}(await __catalogueOfPage({ ${loaders.join(', ')} }))${code.slice(call.end)}`,
        map: null,
      };
    },
    generateBundle(_options, bundle) {
      if (!clientBuild) return;
      const files: CatalogueChunks['files'] = {};
      const own = new Map<string, Set<string>>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const names = new Set<string>();
        for (const moduleId of chunk.moduleIds) {
          const catalogue = CATALOGUE_FILE.exec(moduleId)?.[1];
          if (catalogue && sources.has(catalogue)) names.add(catalogue);
          if (moduleId.startsWith(`\0${LANGUAGE_MODULE}`)) {
            const [name, lang] = moduleId.slice(LANGUAGE_MODULE.length + 1).split('.') as [string, Language];
            files[name] = { ...files[name], [lang]: `${base}${chunk.fileName}` };
          }
        }
        own.set(chunk.fileName, names);
      }
      const chunks: CatalogueChunks['chunks'] = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const names = new Set<string>();
        const seen = new Set<string>();
        const walk = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const name of own.get(fileName) ?? []) names.add(name);
          const imported = bundle[fileName];
          if (imported?.type === 'chunk') for (const next of imported.imports) walk(next);
        };
        walk(chunk.fileName);
        if (names.size > 0) chunks[`${base}${chunk.fileName}`] = [...names].sort();
      }
      writeFileSync(path.join(outDir, '..', CHUNKS_FILE), JSON.stringify({ files, chunks }, null, 1));
    },
  };
  return [modules, split];
}

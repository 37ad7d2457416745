/**
 * The browser side of the language split (decision 0039). In the browser build each catalogue module of
 * messages/ is replaced by `await catalogueOfPage({ en: () => import(…), de: …, nl: …, es: … })`
 * (apps/web/catalogues.ts): one module per catalogue and language, holding that language's messages
 * precompiled (precompile.ts). A catalogue's module waits (top-level await) for the page language's
 * messages, so whatever imports it renders in that language at once; the server preloads those modules
 * with the page (entry.server.tsx), so the wait costs no round trip. A client navigation to another
 * language first loads that language into every catalogue imported so far (`loadLanguage`, the root's
 * clientLoader); a catalogue imported later loads the language of the moment.
 *
 * On the server and in tests the catalogue modules are the sources (every language): nothing registers
 * here and `loadLanguage` has nothing to do.
 */
import type { LANGUAGES, Language } from '@vela/contracts/common';
import type { Catalogue, CompiledMessage } from './translate.ts';

type LanguageModule = { default: Record<string, CompiledMessage> };
export type LanguageLoaders = Record<Language, () => Promise<LanguageModule>>;

interface Entry {
  catalogue: Partial<Record<Language, Record<string, CompiledMessage>>>;
  loaders: LanguageLoaders;
  pending: Partial<Record<Language, Promise<void>>>;
}

const entries: Entry[] = [];

/** `LANGUAGES` of @vela/contracts/common as a plain constant: that module builds zod schemas at import. */
const PAGE_LANGUAGES: readonly string[] = ['de', 'en', 'nl', 'es'] satisfies typeof LANGUAGES;

/** The language the page was rendered in (`<html lang>`, root.tsx); en outside a page. */
function renderedLanguage(): Language {
  const { document } = globalThis as { document?: { documentElement: { lang: string } } };
  const lang = document?.documentElement.lang;
  return PAGE_LANGUAGES.includes(lang ?? '') ? (lang as Language) : 'en';
}

let current: Language | undefined;

function load(entry: Entry, lang: Language): Promise<void> {
  entry.pending[lang] ??= entry.loaders[lang]().then(
    (module) => {
      entry.catalogue[lang] = module.default;
    },
    (error: unknown) => {
      delete entry.pending[lang]; // a later navigation tries again
      throw error;
    },
  );
  return entry.pending[lang];
}

/** A catalogue holding the current page language's messages (more languages join on `loadLanguage`). */
export async function catalogueOfPage<K extends string>(loaders: LanguageLoaders): Promise<Catalogue<K>> {
  current ??= renderedLanguage();
  const entry: Entry = { catalogue: {}, loaders, pending: {} };
  entries.push(entry);
  await load(entry, current);
  // The languages not loaded yet are missing: the translator reads a language when it translates.
  return entry.catalogue as Catalogue<K>;
}

/** Loads `lang` into every catalogue imported so far, and into those imported from now on. */
export async function loadLanguage(lang: Language): Promise<void> {
  current = lang;
  await Promise.all(entries.map((entry) => load(entry, lang)));
}

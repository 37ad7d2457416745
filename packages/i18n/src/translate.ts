/**
 * ICU message catalogues. Each feature defines its own catalogue with `defineMessages`; English
 * is the source and the other languages must have exactly the same keys (checked by the type
 * system and by messages.test.ts).
 *
 * The server (SSR, mails, the pay app) keeps the source strings of every language. The browser build
 * replaces each catalogue by the page language's messages precompiled to ICU ASTs, loaded on demand
 * (apps/web/catalogues.ts, catalogue-loader.ts, decision 0039): a catalogue then holds only the
 * languages loaded so far, and its messages are ASTs or plain strings, which the translator takes alike.
 */
import type { Language } from '@vela/contracts/common';
import { type Formatters, IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { localeOf } from './locales.ts';
import { specNumberFormatter } from './numbers.ts';

export type Catalogue<K extends string = string> = Record<Language, Record<K, string>>;

/** A message as the translator takes it: ICU source text, or its AST precompiled at build time (precompile.ts). */
export type CompiledMessage = ConstructorParameters<typeof IntlMessageFormat>[0];

export function defineMessages<const E extends Record<string, string>>(catalogue: {
  en: E;
  de: Record<keyof E, string>;
  nl: Record<keyof E, string>;
  es: Record<keyof E, string>;
}): Catalogue<Extract<keyof E, string>> {
  return catalogue as Catalogue<Extract<keyof E, string>>;
}

export { localeOf };

const cache = new Map<string, IntlMessageFormat>();
/** Formats of precompiled messages, by AST: an AST belongs to one language's catalogue module. */
const compiled = new WeakMap<object, IntlMessageFormat>();

/**
 * The formatters of every message: numbers (`#` of a plural branch, `{x, number}`, currency
 * skeletons) are written the spec 9 way in every language (numbers.ts); plural rules and dates
 * stay the language's own.
 */
const formattersOf = (() => {
  const byLanguage = new Map<Language, Formatters>();
  return (lang: Language): Formatters => {
    let formatters = byLanguage.get(lang);
    if (!formatters) {
      const plural = new Map<string, Intl.PluralRules>();
      formatters = {
        getNumberFormat: ((_locales: unknown, options?: Intl.NumberFormatOptions) =>
          specNumberFormatter(lang, options)) as unknown as Formatters['getNumberFormat'],
        getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) =>
          new Intl.DateTimeFormat(...args),
        getPluralRules: ((locales: string, options?: Intl.PluralRulesOptions) => {
          const id = `${locales}\u0000${options?.type ?? ''}`;
          let rules = plural.get(id);
          if (!rules) {
            rules = new Intl.PluralRules(locales, options);
            plural.set(id, rules);
          }
          return rules;
        }) as unknown as Formatters['getPluralRules'],
      };
      byLanguage.set(lang, formatters);
    }
    return formatters;
  };
})();

export type Translate<K extends string> = (key: K, values?: Record<string, PrimitiveType>) => string;

export function translator<K extends string>(catalogue: Catalogue<K>, lang: Language): Translate<K> {
  // Read at each call: in the browser a language's messages arrive after its first import (catalogue-loader.ts).
  const loaded = catalogue as Partial<Record<Language, Record<K, CompiledMessage>>>;
  return (key, values) => {
    const messages = loaded[lang];
    // Never another language's text for a language not loaded (the browser's catalogue-loader.ts).
    if (!messages) throw new Error(`Messages of ${lang} not loaded (${key})`);
    const source = messages[key] ?? loaded.en?.[key];
    if (source === undefined) throw new Error(`Missing message ${key}`);
    // A message without an argument is its own text (messages.test.ts: no ICU escape or tag outside arguments).
    if (typeof source === 'string' && !source.includes('{')) return source;
    let format = typeof source === 'string' ? cache.get(`${lang}\u0000${source}`) : compiled.get(source);
    if (!format) {
      format = new IntlMessageFormat(source, localeOf(lang), undefined, { formatters: formattersOf(lang) });
      if (typeof source === 'string') cache.set(`${lang}\u0000${source}`, format);
      else compiled.set(source, format);
    }
    return String(format.format(values));
  };
}

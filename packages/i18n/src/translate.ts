/**
 * ICU message catalogues. Each feature defines its own catalogue with `defineMessages`; English
 * is the source and the other languages must have exactly the same keys (checked by the type
 * system and by messages.test.ts).
 */
import type { Language } from '@vela/contracts/common';
import { type Formatters, IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { specNumberFormatter } from './numbers.ts';

export type Catalogue<K extends string = string> = Record<Language, Record<K, string>>;

export function defineMessages<const E extends Record<string, string>>(catalogue: {
  en: E;
  de: Record<keyof E, string>;
  nl: Record<keyof E, string>;
  es: Record<keyof E, string>;
}): Catalogue<Extract<keyof E, string>> {
  return catalogue as Catalogue<Extract<keyof E, string>>;
}

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', nl: 'nl-NL', es: 'es-ES' };
export function localeOf(lang: Language): string {
  return LOCALES[lang];
}

const cache = new Map<string, IntlMessageFormat>();

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
  const messages = catalogue[lang];
  return (key, values) => {
    const source = messages[key] ?? catalogue.en[key];
    if (source === undefined) throw new Error(`Missing message ${key}`);
    if (!values && !source.includes('{')) return source;
    const id = `${lang}\u0000${source}`;
    let format = cache.get(id);
    if (!format) {
      format = new IntlMessageFormat(source, LOCALES[lang], undefined, { formatters: formattersOf(lang) });
      cache.set(id, format);
    }
    return String(format.format(values));
  };
}

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
import type { PrimitiveType } from 'intl-messageformat';
import { formatMessage, type MessageElement } from './format-message.ts';
import { localeOf } from './locales.ts';
import { parseMessage } from './parse-message.ts';

export type Catalogue<K extends string = string> = Record<Language, Record<K, string>>;

/** A message as the translator takes it: ICU source text, or its AST precompiled at build time (precompile.ts). */
export type CompiledMessage = string | MessageElement[];

export function defineMessages<const E extends Record<string, string>>(catalogue: {
  en: E;
  de: Record<keyof E, string>;
  nl: Record<keyof E, string>;
  es: Record<keyof E, string>;
}): Catalogue<Extract<keyof E, string>> {
  return catalogue as Catalogue<Extract<keyof E, string>>;
}

export { localeOf };

/** Source texts parsed so far (the server; the browser's messages arrive as ASTs), by language and text. */
const parsed = new Map<string, MessageElement[]>();

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
    // Numbers (`#`, `{x, number}`, currency skeletons) are written the spec 9 way in every language
    // (numbers.ts); plural rules stay the language's own (format-message.ts).
    if (typeof source !== 'string') return formatMessage(source, lang, values);
    const id = `${lang}\u0000${source}`;
    let ast = parsed.get(id);
    if (!ast) {
      ast = parseMessage(source, lang);
      parsed.set(id, ast);
    }
    return formatMessage(ast, lang, values, source);
  };
}

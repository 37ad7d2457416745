/**
 * Build-time compilation of a catalogue language for the browser (apps/web/catalogues.ts, decision 0039):
 * each message becomes the ICU AST that intl-messageformat would parse at run time, with the same parser
 * options (skeletons parsed, the language's locale), so the browser needs no ICU parser. A message without
 * an argument stays its text: the translator returns it as it is (translate.ts).
 *
 * Loaded into the Vite config by a relative path, so its run-time imports are intl-messageformat and
 * relative modules without further workspace imports (parse-message.ts, locales.ts).
 */
import type { Language } from '@vela/contracts/common';
import { parseMessage } from './parse-message.ts';
import type { CompiledMessage } from './translate.ts';

export function precompileMessages(
  messages: Record<string, string>,
  lang: Language,
): Record<string, CompiledMessage> {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [key, text] of Object.entries(messages)) {
    compiled[key] = text.includes('{') ? parseMessage(text, lang) : text;
  }
  return compiled;
}

/**
 * The locale of each page language (plural rules, dates). No run-time import: the browser build's
 * catalogue plugin loads this with precompile.ts into the Vite config (apps/web/catalogues.ts).
 */
import type { Language } from '@vela/contracts/common';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', nl: 'nl-NL', es: 'es-ES' };

export function localeOf(lang: Language): string {
  return LOCALES[lang];
}

/**
 * A message's source text as its ICU AST, the way intl-messageformat parses it (skeletons parsed, the
 * language's locale): at build time for the browser's catalogues (precompile.ts) and on the server
 * (translate.ts). The browser build replaces this module by parse-message.browser.ts (apps/web/catalogues.ts):
 * its messages arrive precompiled, so neither the parser nor intl-messageformat ships to a phone.
 */
import type { Language } from '@vela/contracts/common';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageElement } from './format-message.ts';
import { localeOf } from './locales.ts';

export function parseMessage(text: string, lang: Language): MessageElement[] {
  return new IntlMessageFormat(text, localeOf(lang)).getAst() as MessageElement[];
}

/**
 * The browser build's parse-message.ts (apps/web/catalogues.ts): every catalogue message reaches the
 * browser precompiled (decision 0039), so a source text with an argument here is a build error that
 * shows, not a parser shipped to every phone.
 */
import type { Language } from '@vela/contracts/common';
import type { MessageElement } from './format-message.ts';

export function parseMessage(text: string, lang: Language): MessageElement[] {
  throw new Error(`Message not precompiled for the browser (${lang}): ${text}`);
}

/**
 * Which characters text may carry anywhere in the API (decision 0025): no C0 control character
 * other than TAB, LF and CR, no DEL, and no lone UTF-16 surrogate (JSON may encode one as
 * `"\ud800"`; it is not a character and PostgreSQL cannot store it). U+0000 in particular is
 * refused by PostgreSQL's text type, so it must never get that far.
 *
 * The server applies this once at its edges (HTTP input guard, GraphQL documents, socket
 * messages) with the code `INVALID_CHARACTERS`; a client may apply it to a form field first.
 */

/** The stable error code of text with a forbidden character (REST, GraphQL and socket). */
export const INVALID_CHARACTERS = 'INVALID_CHARACTERS';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DEL = 0x7f;

const asCodePoint = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first forbidden character of `text` as `U+XXXX`, or null when the text is clean. */
export function forbiddenCharacterOf(text: string): string | null {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (code !== TAB && code !== LF && code !== CR) return asCodePoint(code);
    } else if (code === DEL) {
      return asCodePoint(code);
    } else if (code >= 0xd800 && code <= 0xdfff) {
      // A high surrogate followed by a low one is one character; anything else is a lone surrogate.
      const next = text.charCodeAt(index + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return asCodePoint(code);
      index++;
    }
  }
  return null;
}

export interface ForbiddenText {
  /** Where it is: `body.card.holder`, `query.q`, `params.id`, a key as `body[key]`. */
  path: string;
  /** The character, as `U+0000`. */
  character: string;
}

/**
 * The first string (value or object key, at any depth) of a parsed JSON-like value that carries a
 * forbidden character, or null. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findForbiddenText(value: unknown, root: string): ForbiddenText | null {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      const character = forbiddenCharacterOf(current);
      if (character) return { path, character };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        pending.push([current[index], `${path}[${index}]`]);
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        const character = forbiddenCharacterOf(key);
        if (character) return { path: `${path}[key]`, character };
        pending.push([child, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/** The message that goes with `INVALID_CHARACTERS` (names the place, never echoes the text). */
export function forbiddenTextMessage(found: ForbiddenText): string {
  return `${found.path} contains a control character (${found.character}); text may not carry control characters other than tab and line breaks`;
}

import { describe, expect, it } from 'vitest';
import { findForbiddenText, forbiddenCharacterOf, forbiddenTextMessage } from './strings.ts';

describe('forbidden characters in text (decision 0025)', () => {
  it('every C0 control except TAB, LF and CR, and DEL, is forbidden', () => {
    for (let code = 0; code < 0x20; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      const expected = [0x09, 0x0a, 0x0d].includes(code)
        ? null
        : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(forbiddenCharacterOf(text), `code ${code}`).toBe(expected);
    }
    expect(forbiddenCharacterOf('a\u007fb')).toBe('U+007F');
  });

  it('lone surrogates are forbidden; a surrogate pair (an emoji) and other text are fine', () => {
    expect(forbiddenCharacterOf('a\ud800')).toBe('U+D800');
    expect(forbiddenCharacterOf('\ud800x')).toBe('U+D800');
    expect(forbiddenCharacterOf('x\udc00')).toBe('U+DC00');
    expect(forbiddenCharacterOf('\udc00\ud800')).toBe('U+DC00');
    for (const text of [
      '',
      'Grüße, Señora 😀 €',
      'tab\tline\r\nbreak',
      '\u0080\u00a0\u2028',
      'ab'.repeat(1000),
    ])
      expect(forbiddenCharacterOf(text), text).toBeNull();
  });

  it('a parsed body is searched in every string value and object key, at any depth, and named by its path', () => {
    expect(findForbiddenText({ a: 'x', list: [1, true, null, { text: 'ok' }] }, 'body')).toBeNull();
    expect(findForbiddenText({ a: 'x', card: { holder: 'A\u0000' } }, 'body')).toEqual({
      path: 'body.card.holder',
      character: 'U+0000',
    });
    expect(findForbiddenText({ items: ['ok', 'no\u001b'] }, 'body')).toEqual({
      path: 'body.items[1]',
      character: 'U+001B',
    });
    expect(findForbiddenText({ nested: { 'bad\u0001key': 1 } }, 'query')).toEqual({
      path: 'query.nested[key]',
      character: 'U+0001',
    });
    expect(findForbiddenText('raw\u0000', 'body')).toEqual({ path: 'body', character: 'U+0000' });
    expect(findForbiddenText(undefined, 'body')).toBeNull();
  });

  it('a body nested 100 000 levels deep is searched without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findForbiddenText(deep, 'body')?.character).toBe('U+0000');
  });

  it('the message names the place and the character, never the text', () => {
    const message = forbiddenTextMessage({ path: 'body.password', character: 'U+0000' });
    expect(message).toContain('body.password');
    expect(message).toContain('U+0000');
  });
});

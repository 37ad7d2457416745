import { LANGUAGES } from '@vela/contracts/common';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { type AstNode, loadCatalogues, valuesFor } from './catalogue-fixtures.ts';
import { precompileMessages } from './precompile.ts';
import { type Catalogue, translator } from './translate.ts';

const catalogues = await loadCatalogues();

/** The catalogue of one language as the browser build ships it: precompiled, through its module's JSON. */
function browserCatalogue(catalogue: Catalogue, lang: (typeof LANGUAGES)[number]): Catalogue {
  return {
    [lang]: JSON.parse(JSON.stringify(precompileMessages(catalogue[lang], lang))),
  } as unknown as Catalogue;
}

describe('precompiled messages (the browser formats ASTs built at build time, decision 0039)', () => {
  it.each(LANGUAGES)('%s: every message reads the same from its AST, without the ICU parser', (lang) => {
    const differences: string[] = [];
    let checked = 0;
    for (const [name, catalogue] of catalogues) {
      const server = translator(catalogue, lang);
      const browser = translator(browserCatalogue(catalogue, lang), lang);
      for (const [key, source] of Object.entries(catalogue[lang])) {
        const ast = new IntlMessageFormat(source, 'en').getAst() as AstNode[];
        for (const big of [1, 2663]) {
          const values = valuesFor(ast, big) as Record<string, string | number>;
          const expected = server(key, values);
          const parse = IntlMessageFormat.__parse;
          IntlMessageFormat.__parse = undefined; // as `no-parser` in the browser build
          try {
            const text = browser(key, values);
            if (text !== expected) differences.push(`${name} ${lang}.${key}: ${text} != ${expected}`);
          } finally {
            IntlMessageFormat.__parse = parse;
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(differences).toEqual([]);
  });

  it('a message without an argument stays its text; one with arguments becomes its AST', () => {
    const compiled = precompileMessages(
      { plain: "Foto's", count: '{n, plural, one {# foto} other {# foto’s}}' },
      'nl',
    );
    expect(compiled.plain).toBe("Foto's");
    expect(compiled.count).toEqual(
      new IntlMessageFormat('{n, plural, one {# foto} other {# foto’s}}', 'nl-NL').getAst(),
    );
  });

  it('a catalogue without the page language says which language is missing', () => {
    const onlyGerman = { de: { hello: 'Hallo' } } as unknown as Catalogue<'hello'>;
    expect(translator(onlyGerman, 'de')('hello')).toBe('Hallo');
    expect(() => translator(onlyGerman, 'nl')('hello')).toThrow('Messages of nl not loaded');
  });
});

import { LANGUAGES, type Language } from '@vela/contracts/common';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { type AstNode, loadCatalogues, valuesFor } from './catalogue-fixtures.ts';
import { formatNumberText } from './numbers.ts';
import { precompileMessages } from './precompile.ts';
import { type Catalogue, translator } from './translate.ts';

describe('formatNumberText (spec 9: dot thousands, comma decimals in every language)', () => {
  it.each([
    [0, {}, '0'],
    [2663, {}, '2.663'],
    [1234567, {}, '1.234.567'],
    [-2663, {}, '-2.663'],
    [12.5, {}, '12,5'],
    [1234.56, { maximumFractionDigits: 1 }, '1.234,6'],
    [3, { maximumFractionDigits: 1 }, '3'],
    [3, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, '3,00'],
    [0.0004, {}, '0'],
    [-0.0004, {}, '0'],
    [999.96, { maximumFractionDigits: 1 }, '1.000'],
  ])('%d %o -> %s', (value, options, text) => {
    expect(formatNumberText(value, options)).toBe(text);
  });
});

const catalogues = await loadCatalogues();

/** A catalogue as the browser build has it: the one language, precompiled, through its module's JSON. */
function browserCatalogue(catalogue: Catalogue, lang: Language): Catalogue {
  const messages = JSON.parse(JSON.stringify(precompileMessages(catalogue[lang], lang)));
  return { [lang]: messages } as unknown as Catalogue;
}

/** Runs `format` without the ICU parser when `browser` (the browser build resolves it to `no-parser`). */
function withoutParserIf<T>(browser: boolean, format: () => T): T {
  const parse = IntlMessageFormat.__parse;
  if (browser) IntlMessageFormat.__parse = undefined;
  try {
    return format();
  } finally {
    IntlMessageFormat.__parse = parse;
  }
}

describe('every count of every message is written the spec 9 way (issue 14: "2,663 fans")', () => {
  it('the catalogues use numbers (the test below has something to check)', () => {
    const numeric = catalogues.flatMap(([, c]) => Object.values(c.en)).filter((m) => /#|, number/.test(m));
    expect(numeric.length).toBeGreaterThan(20);
  });

  // The server formats the sources; the browser the page language's precompiled messages, without the ICU parser.
  const builds = LANGUAGES.flatMap((lang) => [[lang, 'source'] as const, [lang, 'browser'] as const]);

  it.each(builds)(
    '%s (%s): no message writes a comma-grouped number; 2663 is "2.663", 1234567 "1.234.567"',
    (lang, build) => {
      const problems: string[] = [];
      let checked = 0;
      for (const [name, catalogue] of catalogues) {
        const t = translator(build === 'source' ? catalogue : browserCatalogue(catalogue, lang), lang);
        for (const [key, source] of Object.entries(catalogue[lang])) {
          const ast = new IntlMessageFormat(source, 'en').getAst() as AstNode[];
          for (const big of [2663, 1234567]) {
            const values = valuesFor(ast, big);
            if (!Object.values(values).includes(big)) continue;
            const text = withoutParserIf(build === 'browser', () =>
              String(t(key, values as Record<string, string | number>)),
            );
            checked++;
            if (/\d,\d{3}(?!\d)/.test(text) || /\d{4}/.test(text.replace(/\d{1,3}(\.\d{3})+/g, ''))) {
              problems.push(`${name} ${lang}.${key}: ${text}`);
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(40);
      expect(problems).toEqual([]);
    },
  );

  it('a plural picks its form by the number while # shows it grouped', () => {
    const catalogue = { en: { fans: '{count, plural, one {# fan} other {# fans}}' } } as unknown as Catalogue;
    for (const lang of LANGUAGES) (catalogue as Record<string, unknown>)[lang] = catalogue.en;
    expect(translator(catalogue, 'en')('fans', { count: 1 })).toBe('1 fan');
    expect(translator(catalogue, 'en')('fans', { count: 2663 })).toBe('2.663 fans');
    expect(translator(catalogue, 'es')('fans', { count: 2663 })).toBe('2.663 fans');
  });

  it('a currency skeleton writes money as money-format.ts does (symbol per language)', () => {
    const source = '{euros, number, ::currency/EUR}';
    const catalogue = {
      en: { m: source },
      de: { m: source },
      nl: { m: source },
      es: { m: source },
    } as Catalogue;
    expect(translator(catalogue, 'en')('m', { euros: 1234.5 })).toBe('€1.234,50');
    expect(translator(catalogue, 'de')('m', { euros: 1234.5 })).toBe('1.234,50\u00a0€');
    expect(translator(catalogue, 'nl')('m', { euros: 1234.5 })).toBe('€\u00a01.234,50');
  });
});

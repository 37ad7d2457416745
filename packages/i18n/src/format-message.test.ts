import { LANGUAGES, type Language } from '@vela/contracts/common';
import { type Formatters, IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { type AstNode, loadCatalogues, valuesFor } from './catalogue-fixtures.ts';
import { ELEMENT, formatMessage, type MessageElement } from './format-message.ts';
import { localeOf } from './locales.ts';
import { specNumberFormatter } from './numbers.ts';

const catalogues = await loadCatalogues();

/** What the translator did before format-message.ts: intl-messageformat 12 with the spec 9 number formatter. */
function reference(ast: MessageElement[], lang: Language, values: Record<string, unknown>): string {
  const formatters = {
    getNumberFormat: (_locales: unknown, options?: Intl.NumberFormatOptions) =>
      specNumberFormatter(lang, options),
    getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) =>
      new Intl.DateTimeFormat(...args),
    getPluralRules: (locales: string, options?: Intl.PluralRulesOptions) =>
      new Intl.PluralRules(locales, options),
  } as unknown as Formatters;
  const format = new IntlMessageFormat(ast as never, localeOf(lang), undefined, { formatters });
  return String(format.format(values as never));
}

/** Each select argument of a message with each of its keys (and one no branch names). */
function selectKeys(nodes: AstNode[], into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const node of nodes) {
    if (node.type === ELEMENT.select && typeof node.value === 'string') {
      const keys = into.get(node.value) ?? new Set(['none of them']);
      for (const key of Object.keys(node.options ?? {})) keys.add(key);
      into.set(node.value, keys);
    }
    for (const option of Object.values(node.options ?? {})) selectKeys(option.value, into);
  }
  return into;
}

const outcome = (run: () => string) => {
  try {
    return run();
  } catch (error) {
    return `throws ${(error as Error).message.split(' ')[0]}`;
  }
};

describe('formatMessage: what intl-messageformat wrote, without it in the browser (decision 0035, 0039)', () => {
  it.each(LANGUAGES)(
    '%s: every message of every catalogue, with plural counts, numbers and each select key',
    (lang) => {
      const differences: string[] = [];
      let checked = 0;
      for (const [name, catalogue] of catalogues) {
        for (const [key, source] of Object.entries(catalogue[lang])) {
          if (!source.includes('{')) continue;
          const ast = new IntlMessageFormat(source, localeOf(lang)).getAst() as MessageElement[];
          const selects = selectKeys(ast as AstNode[]);
          for (const big of [0, 1, 2, 3, 5, 11, 21, 1.5, 2663, 1234567.891, -4]) {
            const base = valuesFor(ast as AstNode[], big);
            const variants = [
              base,
              ...[...selects].flatMap(([arg, keys]) => [...keys].map((k) => ({ ...base, [arg]: k }))),
            ];
            for (const values of variants) {
              const expected = outcome(() => reference(ast, lang, values));
              const text = outcome(() => formatMessage(ast, lang, values as never));
              if (text !== expected)
                differences.push(`${name} ${lang}.${key} ${JSON.stringify(values)}: ${text} != ${expected}`);
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(1000);
      expect(differences.slice(0, 20)).toEqual([]);
    },
  );

  it('argument values as intl-messageformat writes them: missing throws, empty ones are blank, objects print', () => {
    const ast = new IntlMessageFormat('a {x} b', 'en').getAst() as MessageElement[];
    for (const x of ['', 0, 7, null, undefined, false, true, 12n]) {
      expect(formatMessage(ast, 'en', { x } as never)).toBe(reference(ast, 'en', { x }));
    }
    expect(() => formatMessage(ast, 'en', {})).toThrow('"x" was not provided');
    expect(() => reference(ast, 'en', {})).toThrow('"x" was not provided');
    const alone = new IntlMessageFormat('{x}', 'en').getAst() as MessageElement[];
    expect(formatMessage(alone, 'en', { x: true })).toBe(reference(alone, 'en', { x: true }));
  });

  it('plural with =N, offset, ordinal and a missing other branch; number styles; a date is refused', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['{n, plural, =0 {none} one {# one} other {# many}}', { n: 0 }],
      ['{n, plural, offset:1 =1 {just you} one {you and # other} other {you and # others}}', { n: 2 }],
      ['{n, plural, offset:1 =1 {just you} one {you and # other} other {you and # others}}', { n: 5 }],
      ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 }],
      ['{n, number, percent} {n, number, integer} {n, number, ::currency/EUR}', { n: 0.256 }],
      ['{n, number, ::percent scale/100}', { n: 0.5 }],
      ['{s, select, a {A # x} other {O}}', { s: 'a' }],
      ['{n, plural, one {{s, select, a {in # a} other {in # other}}} other {#}}', { n: 1, s: 'a' }],
    ];
    for (const [source, values] of cases) {
      const ast = new IntlMessageFormat(source, 'en-GB').getAst() as MessageElement[];
      expect(formatMessage(ast, 'en', values as never), source).toBe(reference(ast, 'en', values));
    }
    const noOther = [{ type: 5, value: 's', options: { a: { value: [{ type: 0, value: 'A' }] } } }];
    expect(() => formatMessage(noOther, 'en', { s: 'b' })).toThrow('Invalid values for "s"');
    const date = new IntlMessageFormat('{d, date, short}', 'en').getAst() as MessageElement[];
    expect(() => formatMessage(date, 'en', { d: new Date(0) })).toThrow('not supported');
  });
});

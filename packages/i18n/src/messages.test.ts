import { readdirSync } from 'node:fs';
import { LANGUAGES } from '@vela/contracts/common';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from './translate.ts';

type AstNode = {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
  children?: AstNode[];
};

/** Names of the ICU arguments a message uses ({name}, plural/select/number/date args, tags). */
function argumentNames(nodes: AstNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.type >= 1 && node.type <= 6 && typeof node.value === 'string') into.add(node.value);
    for (const option of Object.values(node.options ?? {})) argumentNames(option.value, into);
    if (node.children) argumentNames(node.children, into);
  }
  return into;
}

function isCatalogue(value: unknown): value is Catalogue {
  return (
    typeof value === 'object' &&
    value !== null &&
    LANGUAGES.every((l) => typeof (value as Record<string, unknown>)[l] === 'object')
  );
}

const dir = new URL('./messages/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const catalogues: [string, Catalogue][] = [];
for (const file of files) {
  const mod = (await import(new URL(file, dir).href)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) {
    if (isCatalogue(value)) catalogues.push([`${file}:${name}`, value]);
  }
}

describe('message catalogues (spec 9: supported languages de, en, nl, es)', () => {
  it('finds at least one catalogue under messages/', () => {
    expect(catalogues.length).toBeGreaterThan(0);
  });

  describe.each(catalogues)('%s', (_name, catalogue) => {
    const sourceKeys = Object.keys(catalogue.en).sort();

    it.each(LANGUAGES)('%s has exactly the keys of the English source', (lang) => {
      expect(Object.keys(catalogue[lang]).sort()).toEqual(sourceKeys);
    });

    it.each(LANGUAGES)('%s has no empty message', (lang) => {
      const empty = Object.entries(catalogue[lang]).filter(([, text]) => text.trim() === '');
      expect(empty).toEqual([]);
    });

    // The translator returns such a message as it is, in the browser without parsing it (translate.ts).
    it.each(LANGUAGES)(
      'every %s message without an argument reads as its own text (no ICU escape)',
      (lang) => {
        for (const key of sourceKeys) {
          const text = catalogue[lang][key]!;
          if (!text.includes('{'))
            expect(new IntlMessageFormat(text, lang).format(), `${lang}.${key}`).toBe(text);
        }
      },
    );

    it.each(LANGUAGES)('every %s message parses as ICU and uses the arguments of the source', (lang) => {
      for (const key of sourceKeys) {
        const text = catalogue[lang][key]!;
        const source = new IntlMessageFormat(catalogue.en[key]!, 'en').getAst() as AstNode[];
        let ast: AstNode[] = [];
        expect(() => {
          ast = new IntlMessageFormat(text, lang).getAst() as AstNode[];
        }, `${lang}.${key}`).not.toThrow();
        expect([...argumentNames(ast)].sort(), `${lang}.${key}`).toEqual([...argumentNames(source)].sort());
      }
    });
  });
});

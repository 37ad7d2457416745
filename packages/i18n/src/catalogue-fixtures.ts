/**
 * Test helpers over every catalogue of messages/ (numbers.test.ts, precompile.test.ts): the catalogues
 * and arguments that make a message print its numbers.
 */
import { readdirSync } from 'node:fs';
import { LANGUAGES } from '@vela/contracts/common';
import { ELEMENT } from './format-message.ts';
import type { Catalogue } from './translate.ts';

export type AstNode = {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
  children?: AstNode[];
};

const { argument: ARGUMENT, number: NUMBER, select: SELECT, plural: PLURAL, tag: TAG } = ELEMENT;

/** Values that make every number of a message large: plural and number arguments get `big`. */
export function valuesFor(
  nodes: AstNode[],
  big: number,
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const node of nodes) {
    const name = typeof node.value === 'string' ? node.value : null;
    if (name && (node.type === NUMBER || node.type === PLURAL)) into[name] = big;
    else if (name && node.type === SELECT) into[name] ??= 'other';
    else if (name && node.type === TAG) into[name] = (chunks: string[]) => chunks.join('');
    else if (name && node.type === ARGUMENT) into[name] ??= 'x';
    else if (name && node.type > ARGUMENT && node.type < TAG) into[name] ??= new Date(0);
    for (const option of Object.values(node.options ?? {})) valuesFor(option.value, big, into);
    if (node.children) valuesFor(node.children, big, into);
  }
  return into;
}

/** Every catalogue of messages/, named `file:export`. */
export async function loadCatalogues(): Promise<[string, Catalogue][]> {
  const dir = new URL('./messages/', import.meta.url);
  const catalogues: [string, Catalogue][] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value === 'object' && value !== null && LANGUAGES.every((l) => l in value)) {
        catalogues.push([`${file}:${name}`, value as Catalogue]);
      }
    }
  }
  return catalogues;
}

/**
 * Formats a message's ICU AST (decision 0039: the browser gets every message precompiled) without
 * intl-messageformat's run time, which was the largest part of every page's shell chunk after React
 * (~2 KB compressed with its memoizer, decision 0035). The server formats with it too (translate.ts parses
 * a source text once with parse-message.ts), so a page's server markup and its hydration write the same
 * text.
 *
 * It does what intl-messageformat 12's `format` does for the element kinds our catalogues use — text,
 * `{x}`, `{x, number}` (skeleton or style), `{x, select, …}`, `{x, plural, …}` with `=N`, offset and `#`
 * — with the same results and the same errors for a missing value or a missing `other` branch
 * (format-message.test.ts compares the two over every message of every catalogue). Numbers are written
 * the spec 9 way (numbers.ts), plural rules are the language's own. Dates, times and tags are not in any
 * catalogue (messages.test.ts keeps it so): such a message throws instead of guessing.
 */
import type { Language } from '@vela/contracts/common';
import type { PrimitiveType } from 'intl-messageformat';
import { localeOf } from './locales.ts';
import { specNumberFormatter } from './numbers.ts';

/** An element of a message's AST, as @formatjs/icu-messageformat-parser writes it (the fields used here). */
type NumberStyle = Intl.NumberFormatOptions & { scale?: number };

export interface MessageElement {
  type: number;
  value?: string;
  style?: string | { parsedOptions?: NumberStyle } | null;
  options?: Record<string, { value: MessageElement[] }>;
  offset?: number;
  pluralType?: Intl.PluralRulesOptions['type'];
}

export type MessageValues = Record<string, PrimitiveType>;

/** The element kinds of @formatjs/icu-messageformat-parser's AST (its `TYPE` enum). */
export const ELEMENT = {
  literal: 0,
  argument: 1,
  number: 2,
  date: 3,
  time: 4,
  select: 5,
  plural: 6,
  pound: 7,
  tag: 8,
} as const;

/** intl-messageformat's default `number` formats, for `{x, number, integer}` and the like. */
const NUMBER_STYLES: Record<string, NumberStyle> = {
  integer: { maximumFractionDigits: 0 },
  currency: { style: 'currency' },
  percent: { style: 'percent' },
};

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralRule(lang: Language, type: Intl.PluralRulesOptions['type'], value: number): string {
  const id = `${lang}\u0000${type ?? ''}`;
  let rules = pluralRules.get(id);
  if (!rules) {
    rules = new Intl.PluralRules(localeOf(lang), { type });
    pluralRules.set(id, rules);
  }
  return rules.select(value);
}

type Part = { text: true; value: string } | { text: false; value: unknown };

function branch(el: MessageElement, key: string): MessageElement[] {
  const options = el.options ?? {};
  const option = (Object.hasOwn(options, key) ? options[key] : undefined) ?? options.other;
  if (!option) {
    throw new Error(
      `Invalid values for "${el.value}": "${key}". Options are "${Object.keys(options).join('", "')}"`,
    );
  }
  return option.value;
}

function parts(
  elements: readonly MessageElement[],
  lang: Language,
  values: MessageValues | undefined,
  message: string,
  pluralValue?: number,
): Part[] {
  const out: Part[] = [];
  const push = (part: Part) => {
    const last = out[out.length - 1];
    if (part.text && last?.text) last.value += part.value;
    else out.push(part);
  };
  for (const el of elements) {
    if (el.type === ELEMENT.literal) {
      push({ text: true, value: el.value ?? '' });
      continue;
    }
    if (el.type === ELEMENT.pound) {
      if (typeof pluralValue === 'number')
        push({ text: true, value: specNumberFormatter(lang).format(pluralValue) });
      continue;
    }
    const name = el.value ?? '';
    if (!(values && name in values)) {
      throw new Error(
        `The intl string context variable "${name}" was not provided to the string "${message}"`,
      );
    }
    const value = values[name];
    if (el.type === ELEMENT.argument) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
        push({ text: true, value: String(value) });
      } else if (!value) push({ text: true, value: '' });
      else push({ text: false, value });
    } else if (el.type === ELEMENT.number) {
      const style =
        typeof el.style === 'string' ? NUMBER_STYLES[el.style] : (el.style?.parsedOptions ?? undefined);
      const number = style?.scale ? (value as number) * style.scale : (value as number);
      push({ text: true, value: specNumberFormatter(lang, style).format(number) });
    } else if (el.type === ELEMENT.select) {
      for (const part of parts(branch(el, String(value)), lang, values, message)) push(part);
    } else if (el.type === ELEMENT.plural) {
      const exact = `=${value}`;
      const offset = el.offset ?? 0;
      const key =
        el.options && Object.hasOwn(el.options, exact)
          ? exact
          : pluralRule(lang, el.pluralType, (value as number) - offset);
      for (const part of parts(branch(el, key), lang, values, message, (value as number) - offset))
        push(part);
    } else {
      throw new Error(`Message element of type ${el.type} is not supported (${message})`);
    }
  }
  return out;
}

/** The message's text, as `String(new IntlMessageFormat(ast, locale, …).format(values))` gives it. */
export function formatMessage(
  ast: readonly MessageElement[],
  lang: Language,
  values: MessageValues | undefined,
  message = '',
): string {
  const result = parts(ast, lang, values, message);
  if (result.length === 1) return String(result[0]?.value);
  if (result.length === 0) return '';
  return String(result.map((part) => part.value));
}

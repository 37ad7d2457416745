import type { LANGUAGES as CONTRACT_LANGUAGES, IMAGE_SIZES, Language } from '@vela/contracts/common';

/**
 * The supported languages (spec 9) and image sizes, as plain constants. They equal `LANGUAGES` and
 * `IMAGE_SIZES` of @vela/contracts/common (language.test.ts asserts it); that module also builds zod
 * schemas at import time, so importing its values would put zod into the browser bundle.
 */
export const LANGUAGES = ['de', 'en', 'nl', 'es'] as const satisfies typeof CONTRACT_LANGUAGES;
export const MEDIA_SIZES = ['w320', 'w640', 'w1280'] as const satisfies typeof IMAGE_SIZES;

/** German is the first language of the product (spec 1): the default when nothing matches. */
export const DEFAULT_LANGUAGE: Language = 'de';
/** en is the fallback language of content and of pages outside any language prefix (spec 2). */
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a path: its first segment when that is a supported language, else null. */
export function languageOfPath(pathname: string): Language | null {
  const first = pathname.split('/').find(Boolean);
  return isLanguage(first) ? first : null;
}

/**
 * Best supported language for an Accept-Language header (RFC 9110 quality values). Ties keep the
 * header's order; `*` means any language and picks the default; q=0 excludes a language.
 */
export function negotiateLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.tag !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === '*') return DEFAULT_LANGUAGE;
    const primary = tag.split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

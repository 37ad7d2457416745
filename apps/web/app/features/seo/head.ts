/**
 * Everything a page puts in <head> for search engines and link previews: title, description,
 * canonical URL, hreflang alternates (de, en, nl, es and x-default = en) and Open Graph basics.
 * Loaders build a `PageHead` (they know the public origin from the load context); each route's
 * `meta` export turns it into React Router meta descriptors with `headMeta`.
 */
import type { ImageRef, Language } from '@vela/contracts/common';
import type { Alternates } from '../i18n/alternates.ts';
import { LANGUAGES } from '../i18n/language.ts';

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  /** Absolute URL per hreflang value (`de`, `en`, `nl`, `es`, `x-default`). */
  hreflang: { hrefLang: Language | 'x-default'; href: string }[];
  ogLocale: string;
  ogType: 'website' | 'profile';
  siteName: string;
  image: string | null;
  noindex: boolean;
}

const OG_LOCALES: Record<Language, string> = { de: 'de_DE', en: 'en_GB', nl: 'nl_NL', es: 'es_ES' };
/** hreflang x-default points to the English page (en is the fallback language, spec 2). */
const X_DEFAULT: Language = 'en';

export interface HeadInput {
  lang: Language;
  title: string;
  description: string;
  /** Path (and query) of this page in `lang`; usually `alternates[lang]`. */
  path: string;
  alternates: Alternates;
  publicOrigin: string;
  siteName: string;
  ogType?: PageHead['ogType'];
  image?: ImageRef | null;
  noindex?: boolean;
}

export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).href;
}

/** Document title: the SEO title when the content has one, else the localized fallback. */
export function documentTitle(seoTitle: string | null | undefined, fallback: string): string {
  const trimmed = seoTitle?.trim();
  return trimmed ? trimmed : fallback;
}

export function buildHead(input: HeadInput): PageHead {
  const abs = (p: string) => absoluteUrl(p, input.publicOrigin);
  return {
    title: input.title,
    description: input.description,
    canonical: abs(input.path),
    hreflang: [
      ...LANGUAGES.map((l) => ({ hrefLang: l, href: abs(input.alternates[l]) })),
      { hrefLang: 'x-default' as const, href: abs(input.alternates[X_DEFAULT]) },
    ],
    ogLocale: OG_LOCALES[input.lang],
    ogType: input.ogType ?? 'website',
    siteName: input.siteName,
    image: input.image ? abs(`/media/w1280/${encodeURIComponent(input.image.key)}.webp`) : null,
    noindex: input.noindex ?? false,
  };
}

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string; hrefLang?: string };

export function headMeta(head: PageHead): MetaTag[] {
  const tags: MetaTag[] = [
    { title: head.title },
    { name: 'description', content: head.description },
    { tagName: 'link', rel: 'canonical', href: head.canonical },
    ...head.hreflang.map((h) => ({
      tagName: 'link' as const,
      rel: 'alternate',
      hrefLang: h.hrefLang,
      href: h.href,
    })),
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:url', content: head.canonical },
    { property: 'og:type', content: head.ogType },
    { property: 'og:site_name', content: head.siteName },
    { property: 'og:locale', content: head.ogLocale },
  ];
  if (head.image) tags.push({ property: 'og:image', content: head.image });
  if (head.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

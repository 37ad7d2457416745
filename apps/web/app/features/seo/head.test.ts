import { describe, expect, it } from 'vitest';
import { alternatesFor } from '../i18n/alternates.ts';
import { buildHead, documentTitle, headMeta } from './head.ts';

const alternates = alternatesFor('Categories/Category', (l) => ({
  categorySlug: l === 'de' ? 'paare' : 'couples',
}));
const head = buildHead({
  lang: 'de',
  title: 'Paare | Vela',
  description: 'Paare live',
  path: alternates.de,
  alternates,
  publicOrigin: 'https://vela.example',
  siteName: 'Vela',
  image: { key: 'cat-1', ageRating: 16, aspect: 1.5 },
});

describe('SEO head of a page', () => {
  it('has an absolute canonical URL of the page itself', () => {
    expect(head.canonical).toBe('https://vela.example/de/kategorien/paare/');
  });

  it('lists hreflang alternates for de, en, nl, es and x-default (= en) as absolute URLs', () => {
    expect(head.hreflang).toEqual([
      { hrefLang: 'de', href: 'https://vela.example/de/kategorien/paare/' },
      { hrefLang: 'en', href: 'https://vela.example/en/categories/couples/' },
      { hrefLang: 'nl', href: 'https://vela.example/nl/categories/couples/' },
      { hrefLang: 'es', href: 'https://vela.example/es/categorias/couples/' },
      { hrefLang: 'x-default', href: 'https://vela.example/en/categories/couples/' },
    ]);
  });

  it('renders title, description, link tags and Open Graph basics', () => {
    const tags = headMeta(head);
    expect(tags).toContainEqual({ title: 'Paare | Vela' });
    expect(tags).toContainEqual({ name: 'description', content: 'Paare live' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: head.canonical });
    expect(tags.filter((t) => 'rel' in t && t.rel === 'alternate')).toHaveLength(5);
    expect(tags).toContainEqual({ property: 'og:locale', content: 'de_DE' });
    expect(tags).toContainEqual({
      property: 'og:image',
      content: 'https://vela.example/media/w1280/cat-1.webp',
    });
    expect(tags).not.toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('uses the SEO title when present and the localized fallback otherwise', () => {
    expect(documentTitle('  Blond live  ', 'Fallback')).toBe('Blond live');
    expect(documentTitle('', 'Fallback')).toBe('Fallback');
    expect(documentTitle(undefined, 'Fallback')).toBe('Fallback');
  });
});

import { describe, expect, it } from 'vitest';
import { alternatesFor, alternatesOf, homeAlternates } from './alternates.ts';
import { linkIfBuilt } from './implemented.ts';

describe('language alternates (spec 2: every route exists in every language)', () => {
  it('home alternates point to each language home; nl uses the en paths', () => {
    expect(homeAlternates()).toEqual({ de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' });
  });

  it('translate the category slug per language and keep the pagination query', () => {
    const slugs = { de: 'blondinen', en: 'blondes', nl: 'blondes', es: 'rubias' } as const;
    expect(alternatesFor('Categories/Category', (l) => ({ categorySlug: slugs[l] }), '?page=2')).toEqual({
      de: '/de/kategorien/blondinen/?page=2',
      en: '/en/categories/blondes/?page=2',
      nl: '/nl/categories/blondes/?page=2',
      es: '/es/categorias/rubias/?page=2',
    });
  });

  it('keep the actor name and localize the about-me path', () => {
    expect(alternatesFor('Actor/AboutMe', () => ({ actorName: 'lea' }))).toEqual({
      de: '/de/amateur/lea/ueber-mich/',
      en: '/en/amateur/lea/about-me/',
      nl: '/nl/amateur/lea/about-me/',
      es: '/es/amateur/lea/sobre-mi/',
    });
  });

  it('are read back from loader data only when complete', () => {
    const alternates = homeAlternates();
    expect(alternatesOf({ alternates })).toEqual(alternates);
    expect(alternatesOf({ alternates: { de: '/de/' } })).toBeNull();
    expect(alternatesOf(undefined)).toBeNull();
  });
});

describe('links only to built pages (an unbuilt route answers 404)', () => {
  it('links implemented routes and returns null for the others', () => {
    expect(linkIfBuilt('Categories/Category', 'de', { categorySlug: 'x' })).toBe('/de/kategorien/x/');
    expect(linkIfBuilt('TermsOfService', 'es')).toBe('/es/terminos-y-condiciones/');
    expect(linkIfBuilt('Cams', 'en')).toBe('/en/cams/');
    expect(linkIfBuilt('Messenger', 'en')).toBe('/en/messenger/');
    expect(linkIfBuilt('DailyDeals', 'en')).toBeNull();
    expect(linkIfBuilt('Videos/NewVideos', 'en')).toBe('/en/videos/new-videos/');
    expect(linkIfBuilt('Feed', 'en')).toBeNull();
  });
});

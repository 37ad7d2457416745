import { describe, expect, it } from 'vitest';
import { matchPath, pathFor, ROUTE_TABLE } from './routes.ts';

describe('localized route table (spec 2)', () => {
  it('every route has a unique stable name and de/en/es paths ending in a slash', () => {
    const names = new Set(ROUTE_TABLE.map((d) => d.name));
    expect(names.size).toBe(ROUTE_TABLE.length);
    for (const def of ROUTE_TABLE) {
      for (const lang of ['de', 'en', 'es'] as const) {
        const p = def.paths[lang];
        expect(p === '' || p.endsWith('/')).toBe(true);
      }
    }
  });

  it('paths are unambiguous within each language', () => {
    for (const lang of ['de', 'en', 'es'] as const) {
      const shapes = ROUTE_TABLE.map((d) => d.paths[lang].replace(/:[A-Za-z]+/g, ':'));
      expect(new Set(shapes).size).toBe(shapes.length);
    }
  });

  it('nl uses the en paths', () => {
    expect(pathFor('NewGirls', 'nl')).toBe('/nl/new-girls/');
    expect(pathFor('NewGirls', 'de')).toBe('/de/neue-girls/');
    expect(pathFor('NewGirls', 'es')).toBe('/es/chicas-nuevas/');
  });

  it('fills and encodes params; a missing param throws', () => {
    expect(pathFor('Actor/Videos/Tag', 'en', { actorName: 'lea', tagGroup: 'a b/c' })).toBe(
      '/en/amateur/lea/videos/tag/a%20b%2Fc/',
    );
    expect(() => pathFor('Categories/Category', 'en')).toThrow(/categorySlug/);
  });

  it('matchPath resolves a path back to its name and params, with or without trailing slash', () => {
    expect(matchPath('/de/kategorien/blond/')).toEqual({
      name: 'Categories/Category',
      lang: 'de',
      params: { categorySlug: 'blond' },
    });
    expect(matchPath('/nl/amateur/lea/about-me')).toMatchObject({ name: 'Actor/AboutMe', lang: 'nl' });
    expect(matchPath('/en/')).toMatchObject({ name: 'Home' });
    expect(matchPath('/fr/')).toBeNull();
    expect(matchPath('/en/no-such-page/')).toBeNull();
  });

  it('round-trips every route in every language', () => {
    for (const def of ROUTE_TABLE) {
      for (const lang of ['de', 'en', 'nl', 'es'] as const) {
        const params = Object.fromEntries(
          [...def.paths.en.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, 'x1']),
        );
        const path = pathFor(def.name, lang, params);
        expect(matchPath(path)).toEqual({ name: def.name, lang, params });
      }
    }
  });
});

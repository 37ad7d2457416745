/**
 * Page loaders against an in-test PageServices built from factories: routing rules (redirects, 404s),
 * alternates for the language switcher and the SEO head. The real services are tested by the server.
 */

import type { ActorAboutData, ActorPageResult } from '@vela/contracts/actors';
import { buildPublicConfig } from '@vela/contracts/build-public-config';
import type { ImageRef, Language } from '@vela/contracts/common';
import type {
  ActorProfileData,
  ActorTile,
  CategoryPageData,
  HomeData,
  LegalText,
  PageServices,
  SeoText,
  WebLoadContext,
} from '@vela/contracts/pages';
import { describe, expect, it } from 'vitest';
import { loader as actorLoader } from './actor.tsx';
import { loader as categoryLoader } from './category.tsx';
import { loader as homeLoader } from './home.tsx';
import { loader as redirectLoader } from './language-redirect.ts';
import { loader as notFoundLoader } from './not-found.tsx';
import { loader as termsLoader } from './terms-of-service.tsx';

/** The actors whose recommended models a loader asked for. */
const recommendedFor: number[] = [];

const image: ImageRef = { key: 'img-1', ageRating: 16, aspect: 0.75 };
const seo = (over: Partial<SeoText> = {}): SeoText => ({
  h1: '',
  h2: '',
  seoTitle: '',
  seoDescription: '',
  freeText: '',
  breadcrumb: '',
  slug: '',
  ...over,
});
const buildActor = (name: string): ActorTile => ({
  id: 1,
  name,
  slug: name.toLowerCase(),
  age: 30,
  gender: 'F',
  actorType: 'F',
  isOnline: true,
  spokenLanguages: ['de'],
  avatar: image,
  chatPrice: { value: 199, currency: 'EUR' },
});
const slugs: Record<Language, string> = { de: 'paare', en: 'couples', nl: 'couples', es: 'parejas' };

/**
 * The loaders these tests run get these services; any other page service a loader asks for fails
 * the test by name (the catalog slices have their own loader tests).
 */
function buildServices(): PageServices {
  const services: Partial<PageServices> = {
    async home(): Promise<HomeData> {
      return {
        topCams: [buildActor('Lea')],
        newGirls: [],
        videoTrends: [],
        newVideos: [],
        categories: [],
        contests: [],
        blog: [],
        tv: [],
        onlineCount: 1,
        seo: seo(),
      };
    },
    async topCams(_lang, category, _viewer, offset, limit) {
      return { category, items: [], total: 0, offset, limit, loginRequired: false };
    },
    async categoryPage(lang, slug, page): Promise<CategoryPageData | null> {
      if (slug.toLowerCase() !== slugs[lang]) return null;
      const actors = Array.from({ length: 45 }, (_, i) => ({ ...buildActor(`A${i}`), id: i + 1 }));
      return {
        category: { id: 1, name: 'Couples', description: '', slugs },
        actors: actors.slice((page - 1) * 30, page * 30),
        total: actors.length,
        page,
        pageSize: 30,
        seo: seo({ seoTitle: 'Couples live', h1: 'Couples' }),
      };
    },
    async actorProfile(_lang, name): Promise<ActorProfileData | null> {
      if (name !== 'lea') return null;
      const prices = { value: 100, currency: 'EUR' } as const;
      return {
        actor: {
          ...buildActor('Lea'),
          freeChat: false,
          isVoyeurChatAvailable: false,
          isLivePreviewEnabled: false,
          multiChatPrice: prices,
          prices: {
            video: prices,
            singlec2c: prices,
            single: prices,
            voyeur: prices,
            message: prices,
            voucherChatMinutes: 0,
            freeMessages: 0,
          },
          aboutMe: 'Hi',
          height: null,
          zodiac: null,
          city: null,
          categories: [],
          tags: [],
          videoCount: 0,
          albumCount: 0,
          registeredAt: '2025-01-01T00:00:00Z',
        },
        bannedCountryCodes: [],
        seo: seo(),
      };
    },
    async recommendedModels(actorId) {
      recommendedFor.push(actorId);
      return [];
    },
    async actorAboutPage(lang, name, country): Promise<ActorPageResult<ActorAboutData>> {
      const profile = await services.actorProfile!(lang, name);
      if (!profile) return null;
      // Spec 6: a guest from a banned country is blocked (the page answers 451).
      if (country === 'XX') return { status: 'blocked' };
      const { actor } = profile;
      const header = {
        ...actor,
        freeChat: false,
        isOnlineMobileVideocall: false,
        isCurrentlyTicketShow: false,
        tagGroups: [],
      };
      return {
        status: 'ok',
        header,
        seo: seo(),
        data: {
          profile: actor,
          state: {
            ...actor,
            actorId: actor.id,
            isOnlineMobileVideocall: false,
            isCurrentlyTicketShow: false,
            bannedCountryCodes: ['XX'],
            singleC2CChatPrice: actor.prices.singlec2c,
          },
          chatRatings: { actorId: actor.id, lastNinetyDays: { countRatings: 0, satisfactionRate: null } },
          heatMap: null,
          interviews: [],
          promotedVideo: null,
          topVideos: [],
          albums: [],
          recommendations: { fromSameActor: [], fromDifferentActor: [] },
        },
      };
    },
    async legalText(lang, type): Promise<LegalText | null> {
      if (lang === 'es') return null;
      return {
        id: 1,
        type,
        product: 'vela',
        version: '2.0',
        language: lang === 'nl' ? 'en' : lang,
        html: '<p>x</p>',
      };
    },
    async navigation() {
      return { categories: [], onlineCount: 1 };
    },
  };
  return new Proxy(services, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (value !== undefined || typeof name !== 'string') return value;
      return () => Promise.reject(new Error(`page service ${name} is not part of this test`));
    },
  }) as PageServices;
}

const context: WebLoadContext = {
  services: buildServices(),
  config: buildPublicConfig({ payOrigin: 'http://pay.test', publicOrigin: 'https://vela.test' }),
  viewer: null,
  requestId: 'req-1',
  cspNonce: 'nonce',
};

const args = (path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  // biome-ignore lint/suspicious/noExplicitAny: loader args carry typegen-specific params/context types
  ({ request: new Request(`https://vela.test${path}`, { headers }), params, context }) as any;

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the loader to throw');
}

function expectStatus(value: unknown, status: number) {
  if (value instanceof Response) expect(value.status).toBe(status);
  else expect(value).toMatchObject({ init: { status } });
}

describe('/ picks the language (spec 1: German is the first language)', () => {
  it('302-redirects to the Accept-Language match and varies on it', () => {
    const response = redirectLoader(args('/?scrollTo=x', {}, { 'Accept-Language': 'es-ES,en;q=0.5' }));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/es/?scrollTo=x');
    expect(response.headers.get('Vary')).toBe('Accept-Language');
  });
});

describe('home', () => {
  it('has alternates to every language home and an absolute canonical URL', async () => {
    const data = await homeLoader(args('/nl/'));
    expect(data.lang).toBe('nl');
    expect(data.alternates).toEqual({ de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' });
    expect(data.head.canonical).toBe('https://vela.test/nl/');
    expect(data.head.title).toBe("Livecams, video's en amateurs | Vela");
  });
});

describe('category page (spec 2 /categories/:categorySlug/ with pagination)', () => {
  it('translates the slug per language and keeps the page query in the alternates', async () => {
    const data = await categoryLoader(args('/de/kategorien/paare/?page=2', { categorySlug: 'paare' }));
    expect(data.alternates).toEqual({
      de: '/de/kategorien/paare/?page=2',
      en: '/en/categories/couples/?page=2',
      nl: '/nl/categories/couples/?page=2',
      es: '/es/categorias/parejas/?page=2',
    });
    expect(data.pageCount).toBe(2);
    expect(data.actors).toHaveLength(15);
    expect(data.head.title).toBe('Couples live');
  });

  it('answers 404 for an unknown slug, a page beyond the last and a malformed page', async () => {
    expectStatus(
      await thrown(() => categoryLoader(args('/en/categories/nope/', { categorySlug: 'nope' }))),
      404,
    );
    expectStatus(
      await thrown(() => categoryLoader(args('/en/categories/couples/?page=3', { categorySlug: 'couples' }))),
      404,
    );
    expectStatus(
      await thrown(() => categoryLoader(args('/en/categories/couples/?page=x', { categorySlug: 'couples' }))),
      404,
    );
  });

  it('301-redirects another spelling of the slug to the canonical one', async () => {
    const response = await thrown(() =>
      categoryLoader(args('/en/categories/Couples/', { categorySlug: 'Couples' })),
    );
    expectStatus(response, 301);
    expect((response as Response).headers.get('Location')).toBe('/en/categories/couples/');
  });
});

describe('actor profile (spec 5: actor name lower-cased in URLs)', () => {
  it('301-redirects an upper-case name to the lower-cased path of the same tab', async () => {
    const response = await thrown(() =>
      actorLoader(args('/de/amateur/Lea/ueber-mich/?x=1', { actorName: 'Lea' })),
    );
    expectStatus(response, 301);
    expect((response as Response).headers.get('Location')).toBe('/de/amateur/lea/ueber-mich/?x=1');
  });

  it('answers 404 for an unknown actor', async () => {
    expectStatus(await thrown(() => actorLoader(args('/en/amateur/nobody/', { actorName: 'nobody' }))), 404);
  });

  it('answers 451 for a guest from one of the actor’s banned countries (spec 6)', async () => {
    const blocked = { ...args('/en/amateur/lea/', { actorName: 'lea' }) };
    blocked.context = { ...blocked.context, country: 'XX' };
    expectStatus(await thrown(() => actorLoader(blocked)), 451);
  });

  it('gives the about-me alternates in every language and a profile head with the avatar', async () => {
    const data = await actorLoader(args('/es/amateur/lea/sobre-mi/', { actorName: 'lea' }));
    expect(data.alternates.de).toBe('/de/amateur/lea/ueber-mich/');
    expect(data.alternates.nl).toBe('/nl/amateur/lea/about-me/');
    expect(data.head.ogType).toBe('profile');
    expect(data.data.recommendedModels).toEqual([]);
    expect(recommendedFor).toContain(data.header.id);
    expect(data.head.image).toBe('https://vela.test/media/w1280/img-1.webp');
  });
});

describe('legal texts (spec 3 legal text)', () => {
  it('loads the terms of service with a localized title', async () => {
    const data = await termsLoader(args('/nl/terms-of-service/'));
    expect(data.title).toBe('Algemene voorwaarden');
    expect(data.text.language).toBe('en');
  });

  it('answers 404 when no text exists', async () => {
    expectStatus(await thrown(() => termsLoader(args('/es/terminos-y-condiciones/'))), 404);
  });
});

describe('catch-all', () => {
  it('answers 404 for every unknown path', async () => {
    expectStatus(await thrown(() => notFoundLoader()), 404);
  });
});

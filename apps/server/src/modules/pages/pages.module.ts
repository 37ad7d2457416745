/**
 * The pages module: apps/web's build served from the origin's root. Its `routes` are the web push
 * service worker (/sw.js), the hashed build files (/assets/) and the catch-all GET that renders every
 * other page through React Router (http/ssr.ts) with the page cache in front (http/page-cache.ts) and
 * the pages shared by every guest rendered without the viewer (http/shared-pages.ts, decision 0033).
 *
 * The page loaders read through `PageServices`: each catalog module's slice for the request's country,
 * the legal texts, and the catalog's home, navigation, category and profile reads with the spec's
 * caches in front. The viewer of a personal page comes from the session cookie only (pages never take
 * a token in the URL) and the guests module's `me` read port.
 *
 * `reply.sendFile` (the service worker and the build's top-level files) is the decoration of the media
 * files' @fastify/static, which app.ts registers at the root.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Language } from '@vela/contracts/common';
import type { PageServices, PublicConfig } from '@vela/contracts/pages';
import type { Db } from '@vela/db/client';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PageCache } from '../../http/page-cache.ts';
import { cspNonceOf } from '../../http/security.ts';
import { isSharedPage } from '../../http/shared-pages.ts';
import {
  createSsrHandler,
  defaultWebBuildLocation,
  WebBuild,
  type WebBuildLocation,
} from '../../http/ssr.ts';
import { cachedLoader } from '../../infra/cache.ts';
import { type Country, countryOf } from '../../infra/country.ts';
import type { ActorsModule } from '../actors/actors.module.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { GalleryModule } from '../gallery/gallery.module.ts';
import { readCookie, SESSION_COOKIE } from '../guests/auth.ts';
import type { GuestMeRead } from '../guests/guest-me.ts';
import type { LegalModule } from '../legal/legal.module.ts';
import type { PerformersModule } from '../performers/performers.module.ts';
import type { ProSearchModule } from '../prosearch/prosearch.module.ts';
import type { SearchModule } from '../search/search.module.ts';
import type { VideosModule } from '../videos/videos.module.ts';

const ONE_DAY_SECONDS = 24 * 60 * 60;

/** Spec 7: the homepage data is cacheable for 60 s. */
export const HOME_CACHE_TTL_MS = 60_000;
/** The shell's navigation (categories, online count) on every page: a short cache. */
export const NAVIGATION_CACHE_TTL_MS = 10_000;

/** The modules that serve a slice of the page loaders (their `pages` or `pagesIn`). */
export interface PageSlices {
  legal: Pick<LegalModule, 'pages'>;
  performers: Pick<PerformersModule, 'pagesIn'>;
  actors: Pick<ActorsModule, 'pages'>;
  videos: Pick<VideosModule, 'pagesIn'>;
  gallery: Pick<GalleryModule, 'pages'>;
  search: Pick<SearchModule, 'pagesIn'>;
  prosearch: Pick<ProSearchModule, 'pagesIn'>;
}

/**
 * The services behind the page loaders for a caller from a country, with the spec's caches in front
 * of the hot reads. Every page is served by the services of its request's country, so no loader can
 * offer a performer blocked there (spec 6); what is kept is kept per country.
 */
export function pageServices(db: Db, slices: PageSlices): (country: Country) => PageServices {
  const catalog = createCatalogService(db);
  const home = cachedLoader(
    (key: `${Language}:${string}`) => {
      const [lang, country] = key.split(':') as [Language, string];
      return catalog.home(lang, country || null);
    },
    { ttlMs: HOME_CACHE_TTL_MS, max: 1000 },
  );
  const navigation = cachedLoader((lang: Language) => catalog.navigation(lang), {
    ttlMs: NAVIGATION_CACHE_TTL_MS,
  });
  return (country) => ({
    ...slices.legal.pages,
    ...slices.performers.pagesIn(country),
    ...slices.actors.pages,
    ...slices.videos.pagesIn(country),
    ...slices.gallery.pages,
    ...slices.search.pagesIn(country),
    ...slices.prosearch.pagesIn(country),
    categoryPage: (lang, slug, page) => catalog.categoryPage(lang, slug, page, country),
    actorProfile: (lang, actorName) => catalog.actorProfile(lang, actorName, country),
    home: (lang) => home(`${lang}:${country ?? ''}`),
    navigation,
  });
}

/** What the pages' scripts may know of the configuration (the root loader hands it to the shell). */
function publicConfigOf(config: FeatureModuleDeps['config']): PublicConfig {
  return {
    brandName: config.brandName,
    payOrigin: config.payOrigin,
    publicOrigin: config.publicOrigin,
    loginEnabled: config.loginEnabled,
    esAvsModalEnabled: config.esAvsModalEnabled,
    forceAvs: config.forceAvs,
    adultMarketVariant: config.adultMarketVariant,
    mapTileUrl: config.mapTileUrl ?? null,
    mapTileAttribution: config.mapTileAttribution,
  };
}

export function createPagesModule(
  deps: Pick<FeatureModuleDeps, 'db' | 'auth' | 'config' | 'log'> & {
    slices: PageSlices;
    /** The guests module's read port: the viewer of a personal page. */
    viewer: GuestMeRead;
    /** Where the web build is; defaults to apps/web/build. */
    webBuild?: WebBuildLocation;
  },
): FeatureModule {
  const { config } = deps;
  const location = deps.webBuild ?? defaultWebBuildLocation();
  const build = new WebBuild(location, config.nodeEnv === 'production' ? 'production' : 'development');
  const servicesIn = pageServices(deps.db, deps.slices);
  const publicConfig = publicConfigOf(config);

  const viewerOf = async (request: FastifyRequest) => {
    if (!request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return null;
    const context = await deps.auth.authenticateCookie(request);
    if (!context || context.guestId === null) return null;
    return deps.viewer(context.guestId);
  };

  const routes: FastifyPluginAsync = async (app) => {
    // The web push service worker (apps/web/public/sw.js) controls the whole origin; always revalidated.
    app.get('/sw.js', (_request, reply) =>
      reply
        .header('service-worker-allowed', '/')
        .header('cache-control', 'no-cache')
        .sendFile('sw.js', location.clientDir, { cacheControl: false }),
    );
    await app.register(fastifyStatic, {
      root: path.join(location.clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      // File names carry a content hash: a file never changes under its name.
      maxAge: 365 * ONE_DAY_SECONDS * 1000,
      immutable: true,
      index: false,
      // The build's brotli (quality 11) and gzip copies (apps/web/precompress.ts), sent as they are;
      // which one depends on the request's Accept-Encoding, so caches must keep them apart.
      preCompressed: true,
      setHeaders: (res) => res.setHeader('vary', 'Accept-Encoding'),
    });
    app.get(
      '/*',
      createSsrHandler({
        build,
        ...(config.pageCacheTtlMs > 0
          ? { cache: new PageCache(config.pageCacheTtlMs, config.countryHeader, isSharedPage) }
          : {}),
        sharedPage: isSharedPage,
        // A shared render (decision 0033) never reads the viewer; it only knows whether a session
        // cookie came, so the account area renders as a placeholder that guest/me fills.
        contextFor: async (request, kind) => {
          const country = countryOf(request.headers, config.countryHeader);
          return {
            services: servicesIn(country),
            config: publicConfig,
            viewer: kind === 'shared' ? null : await viewerOf(request),
            viewerPending:
              kind === 'shared' && readCookie(request.headers.cookie, SESSION_COOKIE) !== undefined,
            requestId: request.id,
            cspNonce: cspNonceOf(request),
            country,
          };
        },
      }),
    );
  };

  return {
    routes,
    start() {
      if (!build.exists)
        deps.log.warn(`${location.serverBuildFile} is missing: pages answer 503 until npm run build`);
    },
  };
}

/**
 * The page origin's Fastify app: REST under /rest/v1, media and web build files, and SSR of
 * apps/web for every other GET. Built from its dependencies so tests drive it with `app.inject`:
 * the request pipeline (http/pipeline.ts), the shared dependencies, the list of feature modules
 * whose contributions are registered alike (decision 0034), the static files, then the pages.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import type { Language } from '@vela/contracts/common';
import type { PageServices, PublicConfig } from '@vela/contracts/pages';
import type { Database } from '@vela/db/client';
import type { SubscriptionProduct } from '@vela/domain/subscriptions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createAgeGate, registerMediaAgeGate } from './http/age-gate.ts';
import { benchRoutes } from './http/bench.ts';
import { AppError } from './http/errors.ts';
import { PageCache } from './http/page-cache.ts';
import { createPageOriginApp } from './http/pipeline.ts';
import { cspNonceOf } from './http/security.ts';
import { isSharedPage } from './http/shared-pages.ts';
import { createSsrHandler, defaultWebBuildLocation, WebBuild, type WebBuildLocation } from './http/ssr.ts';
import type { EventBus } from './infra/bus.ts';
import { cachedLoader } from './infra/cache.ts';
import { type Country, countryOf } from './infra/country.ts';
import { type ActorsModule, createActorsModule } from './modules/actors/actors.module.ts';
import { createAvsModule } from './modules/avs/avs.module.ts';
import { createActorPresenceRepository } from './modules/catalog/catalog.repository.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createFavoritesModule } from './modules/favorites/favorites.module.ts';
import { fansOfActorSql } from './modules/favorites/favorites.repository.ts';
import type { FeatureModule, FeatureModuleDeps, GuestNotifier } from './modules/feature-module.ts';
import { createGalleryModule, type GalleryModule } from './modules/gallery/gallery.module.ts';
import { albumForSale, performerOfItem } from './modules/gallery/gallery.repository.ts';
import { graphqlRoutes } from './modules/graphql/graphql.routes.ts';
import { createGuestAuth, readCookie, SESSION_COOKIE } from './modules/guests/auth.ts';
import { createGuestsModule } from './modules/guests/guests.module.ts';
import { presentGuest } from './modules/guests/guests.presenter.ts';
import { createGuestsRepository } from './modules/guests/guests.repository.ts';
import { sessionSecretOf } from './modules/guests/secret.ts';
import { createInternalApi } from './modules/internal/internal.module.ts';
import { createLegalModule } from './modules/legal/legal.module.ts';
import { createLegalService } from './modules/legal/legal.service.ts';
import { createMailModule } from './modules/mail/mail.module.ts';
import { createNotificationsModule } from './modules/notifications/notifications.module.ts';
import { createPaymentsModule } from './modules/payments/payments.module.ts';
import { createPaymentsRepository, payingCustomerSql } from './modules/payments/payments.repository.ts';
import { createPerformersModule, type PerformersModule } from './modules/performers/performers.module.ts';
import { createPresenceModule } from './modules/presence/presence.module.ts';
import { createPromotionsModule } from './modules/promotions/promotions.module.ts';
import { createProSearchModule, type ProSearchModule } from './modules/prosearch/prosearch.module.ts';
import { createRealtime } from './modules/realtime/realtime.module.ts';
import type { ConnectionTiming } from './modules/realtime/socket.connection.ts';
import { createSearchModule, type SearchModule } from './modules/search/search.module.ts';
import { createSubscriptionsModule } from './modules/subscriptions/subscriptions.module.ts';
import { subscribedSql } from './modules/subscriptions/subscriptions.repository.ts';
import { createTrackerModule } from './modules/tracker/tracker.module.ts';
import { createVideosModule, type VideosModule } from './modules/videos/videos.module.ts';
import { videoForSale, vipReleasesValueCents } from './modules/videos/videos.repository.ts';
import { createWalletModule } from './modules/wallet/wallet.module.ts';
import { guestBalanceSql } from './modules/wallet/wallet.repository.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';
import { createWebPushModule } from './modules/webpush/webpush.module.ts';
import { SERVER_VERSION } from './version.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  bus: EventBus;
  /** The socket's ping and idle timings (tests shorten them). */
  socketTiming?: Partial<ConnectionTiming>;
  /** Where the web build is; defaults to apps/web/build. */
  webBuild?: WebBuildLocation;
  log?: Logger;
  /** The subscription products sold; default: the domain's offer (tests of the mechanics sell both). */
  offeredSubscriptions?: readonly SubscriptionProduct[];
}

const ONE_DAY_SECONDS = 24 * 60 * 60;

/** Spec 7: the homepage data is cacheable for 60 s. */
export const HOME_CACHE_TTL_MS = 60_000;
/** The shell's navigation (categories, online count) on every page: a short cache. */
export const NAVIGATION_CACHE_TTL_MS = 10_000;

interface CatalogModules {
  performers: PerformersModule;
  actors: ActorsModule;
  videos: VideosModule;
  gallery: GalleryModule;
  search: SearchModule;
  prosearch: ProSearchModule;
}

/**
 * The services behind the page loaders for a caller from a country, with the spec's caches in front
 * of the hot reads. Every page is served by the services of its request's country, so no loader can
 * offer a performer blocked there (spec 6); what is kept is kept per country.
 */
function pageServices(database: Database, slices: CatalogModules): (country: Country) => PageServices {
  const catalog = createCatalogService(database.db);
  const legal = createLegalService(database.db);
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
    ...legal,
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

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // The request pipeline (input guard, security headers, same-origin guard, compression, errors).
  const app = await createPageOriginApp({
    config,
    ...(deps.log ? { log: deps.log } : {}),
    sessionCookie: SESSION_COOKIE,
  });

  // Who is calling: one auth for the REST routes and the pages.
  // The money state reads each owner's part in one statement (decision 0030).
  const guestsRepository = createGuestsRepository(database.db, {
    balanceCents: guestBalanceSql,
    isPayingCustomer: payingCustomerSql,
    subscribed: subscribedSql,
  });
  const sessionSecret = await sessionSecretOf(config);
  const auth = createGuestAuth({
    repository: guestsRepository,
    secret: sessionSecret,
    secureCookies: config.publicOrigin.startsWith('https:'),
  });
  // The FSK-18 rules of spec 4 (age verification is the avs module's).
  const ageGate = createAgeGate({ db: database.db, auth, guests: guestsRepository });
  // Money (issue 4): the ledger; every committed wallet change is announced as `guestBalance`.
  const wallet = createWalletService({
    db: database.db,
    bus: deps.bus,
    log: app.log,
    // One indexed existence check per announced change (not the whole money state of the guest).
    isPayingCustomer: createPaymentsRepository(database.db).hasSucceeded,
  });
  const sharedDeps = {
    db: database.db,
    bus: deps.bus,
    wallet,
    auth,
    guests: guestsRepository,
    config,
    log: app.log,
    ageGate,
  };
  // Realtime (issue 6): notifications are created by several modules (bonus codes, subscriptions,
  // AVS, presence) through `notify`; the notifications module stores and announces them.
  // A favorite's fans are read in the statement that notifies them (decision 0030).
  const notifications = createNotificationsModule({ ...sharedDeps, fansOf: fansOfActorSql });
  const notify: GuestNotifier = async (guestId, notification) => {
    try {
      await notifications.service.create(guestId, notification);
    } catch (error) {
      app.log.error({ err: error, guestId, type: notification.type }, 'notification not created');
    }
  };
  const moduleDeps: FeatureModuleDeps = { ...sharedDeps, notify };
  const mail = createMailModule(moduleDeps);
  const guests = createGuestsModule({ ...moduleDeps, secret: sessionSecret, mailer: mail.mailer });
  const avs = createAvsModule({ ...moduleDeps, secret: sessionSecret });
  const promotions = createPromotionsModule({
    ...moduleDeps,
    chargeIdOf: createPaymentsRepository(database.db).chargeIdOf,
    items: { video: videoForSale, album: albumForSale },
  });
  const subscriptionsModule = createSubscriptionsModule({
    ...moduleDeps,
    ...(deps.offeredSubscriptions ? { offered: deps.offeredSubscriptions } : {}),
    vipReleasesValueCents,
  });
  const webPush = createWebPushModule(moduleDeps);
  // Catalog, profiles, photos and search (issue 5): each also serves its slice of the page loaders.
  const catalogModules: CatalogModules = {
    performers: createPerformersModule(moduleDeps),
    actors: createActorsModule(moduleDeps),
    videos: createVideosModule(moduleDeps),
    gallery: createGalleryModule(moduleDeps),
    search: createSearchModule(moduleDeps),
    prosearch: createProSearchModule(moduleDeps),
  };
  // Every notification is also pushed to the browsers that subscribed.
  notifications.service.onCreated((guestId, notification) => webPush.push(guestId, notification));
  // Every module, in the order its routes are registered; the mail module stops last.
  const featureModules: FeatureModule[] = [
    createTrackerModule(moduleDeps),
    guests,
    avs,
    createWalletModule(moduleDeps),
    createLegalModule(moduleDeps),
    createPaymentsModule(moduleDeps),
    subscriptionsModule,
    promotions,
    webPush,
    notifications,
    createFavoritesModule({
      ...moduleDeps,
      performerOf: (item, id) => performerOfItem(database.db, item, id),
    }),
    createPresenceModule({
      ...moduleDeps,
      notifications: notifications.service,
      actors: createActorPresenceRepository(database.db),
    }),
    ...Object.values(catalogModules),
    mail,
  ];
  // The guest socket at /socket: each module answers its messages and adds to the resync snapshot.
  const realtime = createRealtime({
    bus: deps.bus,
    auth,
    guests: guestsRepository,
    log: app.log,
    handlers: featureModules.flatMap((module) => (module.socket ? [module.socket] : [])),
    countryHeader: config.countryHeader,
    ...(deps.socketTiming ? { timing: deps.socketTiming } : {}),
    snapshots: featureModules.flatMap((module) => (module.snapshot ? [module.snapshot] : [])),
  });
  await realtime.register(app);
  app.addHook('onClose', () => realtime.stop());
  app.addHook('onReady', async () => {
    for (const module of featureModules) await module.start?.();
  });
  app.addHook('onClose', async () => {
    for (const module of featureModules) await module.stop?.();
  });

  // REST
  await app.register(
    async (rest) => {
      // The payment dialog (PAY_ORIGIN) calls the API cross-origin with a bearer token, never cookies.
      await rest.register(cors, {
        origin: [config.payOrigin],
        credentials: false,
        methods: ['GET', 'POST', 'DELETE'],
        allowedHeaders: ['authorization', 'content-type', 'x-request-id'],
        exposedHeaders: ['x-request-id', 'retry-after'],
        maxAge: 600,
      });
      rest.get('/alive', async (request, reply) => {
        try {
          await database.db.execute('select 1');
        } catch (error) {
          request.log.error({ err: error }, 'database check failed');
          throw new AppError('DB_UNAVAILABLE', 'The database is not reachable', 503);
        }
        reply.header('cache-control', 'no-store');
        return { success: true, data: { alive: true, version: SERVER_VERSION, database: database.kind } };
      });
      for (const module of featureModules) if (module.rest) await rest.register(module.rest);
    },
    { prefix: '/rest/v1' },
  );
  // The operator API exists only with INTERNAL_API_TOKEN (otherwise its paths are unknown routes).
  const internalApi = createInternalApi({
    ...moduleDeps,
    avs: avs.service,
    sessions: guests.sessions,
    modules: featureModules,
  });
  if (internalApi) await app.register(internalApi, { prefix: '/rest/v1/internal' });
  // Query-language service (spec 7).
  await app.register(
    graphqlRoutes({
      auth,
      // The base fields: the caller's Guest with its vouchers; every other field is a module's.
      services: { guests: guestsRepository, vouchers: (guestId) => promotions.service.vouchers(guestId) },
      extensions: featureModules.flatMap((module) => (module.graphql ? [module.graphql] : [])),
      introspection: config.nodeEnv !== 'production',
      countryHeader: config.countryHeader,
    }),
  );

  if (config.enableBenchRoutes) await app.register(benchRoutes);
  for (const module of featureModules) if (module.routes) await app.register(module.routes);

  // FSK-18 media answer 403 until the caller's age verification is accepted (before the static files).
  registerMediaAgeGate(app, ageGate, config.countryHeader);
  // Static files
  await mkdir(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    maxAge: ONE_DAY_SECONDS * 1000,
    index: false,
  });
  const location = deps.webBuild ?? defaultWebBuildLocation();
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

  // Pages. The viewer comes from the session cookie only (pages never take a token in the URL).
  const viewerOf = async (request: FastifyRequest) => {
    if (!request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return null;
    const context = await auth.authenticateCookie(request);
    if (!context || context.guestId === null) return null;
    const guest = await guestsRepository.guestById(context.guestId);
    return guest ? presentGuest(guest, await guestsRepository.moneyStateOf(guest.id)) : null;
  };
  const build = new WebBuild(location, config.nodeEnv === 'production' ? 'production' : 'development');
  const servicesIn = pageServices(database, catalogModules);
  const publicConfig: PublicConfig = {
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
  app.addHook('onReady', async () => {
    if (!build.exists)
      app.log.warn(`${location.serverBuildFile} is missing: pages answer 503 until npm run build`);
  });

  return app;
}

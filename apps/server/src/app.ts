/**
 * The page origin's Fastify app: REST under /rest/v1, media and web build files, and SSR of
 * apps/web for every other GET. Built from its dependencies so tests drive it with `app.inject`:
 * the request pipeline (http/pipeline.ts), the shared dependencies, the list of feature modules
 * whose contributions are registered alike (decision 0034), the media files, then the modules' routes
 * at the root (the pages module's catch-all among them).
 */
import { mkdir } from 'node:fs/promises';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import type { Database } from '@vela/db/client';
import type { SubscriptionProduct } from '@vela/domain/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createAgeGate, registerMediaAgeGate } from './http/age-gate.ts';
import { benchRoutes } from './http/bench.ts';
import { AppError } from './http/errors.ts';
import { createPageOriginApp } from './http/pipeline.ts';
import type { WebBuildLocation } from './http/ssr.ts';
import type { EventBus } from './infra/bus.ts';
import { createShowClock, type ShowClock } from './infra/clock.ts';
import { createTelephony } from './infra/telephony.ts';
import { createActorsModule } from './modules/actors/actors.module.ts';
import { createAvsModule } from './modules/avs/avs.module.ts';
import { createActorChatReads } from './modules/catalog/actor-chat.ts';
import { createActorMessengerReads } from './modules/catalog/actor-messenger.ts';
import { createActorPictureReads } from './modules/catalog/actor-picture.ts';
import { createActorShowFlag } from './modules/catalog/actor-show-flag.ts';
import { createActorPresenceRepository } from './modules/catalog/catalog.repository.ts';
import { createClashModule } from './modules/clash/clash.module.ts';
import { createConversionChatModule } from './modules/conversion-chat/conversion-chat.module.ts';
import {
  conversionChatAvailableSql,
  conversionChatCountdownEndsSql,
} from './modules/conversion-chat/conversion-chat.repository.ts';
import { createDemoShowsModule, type DemoShowsModule } from './modules/demo-shows/demo-shows.module.ts';
import { createFavoritesModule } from './modules/favorites/favorites.module.ts';
import { fansOfActorSql } from './modules/favorites/favorites.repository.ts';
import type { FeatureModule, FeatureModuleDeps, GuestNotifier } from './modules/feature-module.ts';
import { createFreeShowModule } from './modules/free-show/free-show.module.ts';
import { createFsk18Previews } from './modules/gallery/actor-previews.ts';
import { createGalleryModule } from './modules/gallery/gallery.module.ts';
import { albumForSale, performerOfItem } from './modules/gallery/gallery.repository.ts';
import { graphqlRoutes } from './modules/graphql/graphql.routes.ts';
import { createGuestAuth, SESSION_COOKIE } from './modules/guests/auth.ts';
import { createGuestsModule } from './modules/guests/guests.module.ts';
import { createGuestsRepository } from './modules/guests/guests.repository.ts';
import { sessionSecretOf } from './modules/guests/secret.ts';
import { createVoiceCallers } from './modules/guests/voice-callers.ts';
import { createInternalApi } from './modules/internal/internal.module.ts';
import { createLegalModule } from './modules/legal/legal.module.ts';
import { createLiveModule } from './modules/live/live.module.ts';
import { createLiveRepository } from './modules/live/live.repository.ts';
import { createLiveMedia } from './modules/live/media/create-live-media.ts';
import type { LiveMedia } from './modules/live/media/live-media.ts';
import { CLIENT_GRACE_MS } from './modules/live/performer.simulator.ts';
import { createVoiceCallSessions } from './modules/live/voice-call-sessions.ts';
import { createMailModule } from './modules/mail/mail.module.ts';
import { createMediathekModule } from './modules/mediathek/mediathek.module.ts';
import { createMessengerModule } from './modules/messenger/messenger.module.ts';
import { boughtGiftsSql } from './modules/messenger/messenger.repository.ts';
import { createNotificationsModule } from './modules/notifications/notifications.module.ts';
import { createPagesModule, type PageSlices } from './modules/pages/pages.module.ts';
import { createPaymentsModule } from './modules/payments/payments.module.ts';
import { createPaymentsRepository, payingCustomerSql } from './modules/payments/payments.repository.ts';
import { createPerformersModule } from './modules/performers/performers.module.ts';
import { createShowSchedule } from './modules/performers/show-schedule.ts';
import { createPincallModule } from './modules/pincall/pincall.module.ts';
import { createVerifiedPhones } from './modules/pincall/verified-phones.ts';
import { createPlaybackModule } from './modules/playback/playback.module.ts';
import { createPresenceModule } from './modules/presence/presence.module.ts';
import { createMessengerGiftVouchers } from './modules/promotions/messenger-gift-vouchers.ts';
import { createPromotionsModule } from './modules/promotions/promotions.module.ts';
import { createPromotionsRepository } from './modules/promotions/promotions.repository.ts';
import { createProSearchModule } from './modules/prosearch/prosearch.module.ts';
import { createRealtime } from './modules/realtime/realtime.module.ts';
import type { ConnectionTiming } from './modules/realtime/socket.connection.ts';
import { createSearchModule } from './modules/search/search.module.ts';
import { createSubscriptionsModule } from './modules/subscriptions/subscriptions.module.ts';
import { subscribedSql } from './modules/subscriptions/subscriptions.repository.ts';
import { createTicketHolders } from './modules/tickets/ticket-holders.ts';
import { createTicketsModule } from './modules/tickets/tickets.module.ts';
import { createToysModule } from './modules/toys/toys.module.ts';
import { createTrackerModule } from './modules/tracker/tracker.module.ts';
import { videoTilesByIds } from './modules/videos/video-tile.ts';
import { createVideosModule } from './modules/videos/videos.module.ts';
import { videoForSale, vipReleasesValueCents } from './modules/videos/videos.repository.ts';
import { createVoiceCallModule } from './modules/voicecall/voicecall.module.ts';
import {
  actorInVoiceCallSql,
  createVoiceCallReads,
  voicecallActiveSql,
} from './modules/voicecall/voicecall-reads.ts';
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
  /** The live media path (decision 0038 part 5); default the configured one (createLiveMedia). */
  liveMedia?: LiveMedia;
  /** The show clock of ticket shows (issue 18, infra/clock.ts); default from SHOW_CLOCK_OFFSET_MS. */
  showClock?: ShowClock;
}

const ONE_DAY_SECONDS = 24 * 60 * 60;

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
    conversionChatCountdownEnds: conversionChatCountdownEndsSql,
    voicecallActive: voicecallActiveSql,
    boughtGifts: boughtGiftsSql,
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
  // Who is a VIP (spec 6), asked of the subscriptions module by the live preview units, the videos'
  // guestInfo.flatrate and the purchases (a VIP video is included, never charged: issue 17).
  const isVip = async (guestId: number) =>
    (await subscriptionsModule.service.aboStatuses(guestId)).vipAboStatus !== 'none';
  const promotions = createPromotionsModule({
    ...moduleDeps,
    chargeIdOf: createPaymentsRepository(database.db).chargeIdOf,
    items: { video: videoForSale, album: albumForSale },
    isVip,
  });
  const subscriptionsModule = createSubscriptionsModule({
    ...moduleDeps,
    ...(deps.offeredSubscriptions ? { offered: deps.offeredSubscriptions } : {}),
    vipReleasesValueCents,
  });
  // Catalog, profiles, photos and search (issue 5), and the legal texts: each also serves its slice of
  // the page loaders.
  const pageSlices = {
    legal: createLegalModule(moduleDeps),
    performers: createPerformersModule(moduleDeps),
    actors: createActorsModule({
      ...moduleDeps,
      // The actor data's flags, read in the actor's one statement (the owners' SQL).
      actorDataFlags: {
        isActorAvailableForConversionChat: conversionChatAvailableSql,
        isVoicecallActive: actorInVoiceCallSql,
      },
    }),
    videos: createVideosModule({ ...moduleDeps, isVip, mailer: mail.mailer }),
    // Album pictures are served through URLs signed per guest with a key from the session secret.
    gallery: createGalleryModule({ ...moduleDeps, sessionSecret }),
    search: createSearchModule(moduleDeps),
    prosearch: createProSearchModule(moduleDeps),
  } satisfies PageSlices;
  const { legal, ...catalogModules } = pageSlices;
  const presence = createPresenceModule({
    ...moduleDeps,
    notifications: notifications.service,
    actors: createActorPresenceRepository(database.db),
    // The demo's presence step leaves a performer in a live chat online (the live module's desk), and
    // one whose demo ticket show is near or running (decision 0053).
    inChat: (actorId) => live.performer.inChat(actorId) || (demoShows?.job.keepsOnline(actorId) ?? false),
  });
  // Live chats billed per delivered minute (issue 16): the billing loop, the performer API and,
  // with a media path, the guest's calls and signaling.
  // Performers' toys (issue 18): the ToyControl port with the simulated toy, the paid toy actions.
  const toys = createToysModule(moduleDeps);
  // Special live events (issue 18, decision 0053): free shows (the live show is free while one runs)
  // and clash of cams voting.
  const freeShows = createFreeShowModule({ ...moduleDeps, actors: createActorChatReads(database.db) });
  const live = createLiveModule({
    ...moduleDeps,
    toys: toys.service,
    freeShows: freeShows.service.reads,
    actors: createActorChatReads(database.db),
    vouchers: promotions.service,
    presence: presence.service,
    // survey/chatexit ratings count in the profile's chat ratings (the performers module owns them).
    ratings: pageSlices.performers.chatRatings,
    // The anonymous voice caller's session reaches its call's video (decision 0051).
    voiceCallers: createVoiceCallReads(database.db),
    // Spec 6 "live preview 5 units (20 VIP)": the subscriptions module says who is a VIP.
    isVip,
    media: deps.liveMedia ?? createLiveMedia(config, app.log),
    // Ticket shows (issue 18): the performers module's schedule, the tickets module's holders, by the
    // show clock (SHOW_CLOCK_OFFSET_MS; tests pass their own).
    shows: {
      schedule: createShowSchedule(database.db),
      tickets: createTicketHolders(database.db),
      actors: createActorPictureReads(database.db),
      flags: createActorShowFlag(database.db),
      clock:
        deps.showClock ??
        createShowClock({ offsetMs: config.showClockOffsetMs, adjustable: config.showClockAdjustable }),
    },
  });
  // Voice calls (issue 18, decision 0051): the telephony side's calls, a verified number's guest
  // (the pincall module's port) or the anonymous voice caller; billed by the phone (paytype Voice).
  const voiceCalls = createVoiceCallModule({
    ...moduleDeps,
    actors: createActorChatReads(database.db),
    secret: sessionSecret,
    verifiedPhones: createVerifiedPhones(database.db),
    // The call's video and chat: a voice-call session of the live engine (decision 0051), owned by
    // the guest, or by the anonymous caller's stand-in guest (the guests module's port).
    video: createVoiceCallSessions({ db: database.db, service: live.service }),
    standIns: createVoiceCallers,
  });
  const clash = createClashModule({ ...moduleDeps, actors: createActorChatReads(database.db) });
  // The demo's shows (DEMO_SHOWS; decision 0053): rolling ticket shows, free shows and clashes played by
  // the simulated performers, through the owners' services.
  const presenceActors = createActorPresenceRepository(database.db);
  const demoShows: DemoShowsModule | null =
    config.demoShows && live.shows
      ? createDemoShowsModule({
          schedule: createShowSchedule(database.db),
          showClock: live.shows.clock,
          now: Date.now,
          pickPerformer: () => presenceActors.randomActor(true),
          actors: createActorChatReads(database.db),
          desk: live.performer,
          freeShows: freeShows.service,
          clashes: clash.service,
          log: app.log,
        })
      : null;
  // The messenger (issue 19, decision 0054): channels, paid messages and gifts; its performer side
  // (messenger.actorSide) serves the performers' replies, paid media and toy control in the messenger.
  const messenger = createMessengerModule({
    ...moduleDeps,
    actors: createActorMessengerReads(database.db),
    isVip,
    inLiveChat: async (guestId, actorId) =>
      (await createLiveRepository(database.db).openSessionWith(guestId, actorId)) !== null,
    giftVouchers: createMessengerGiftVouchers(database.db),
    vouchersChanged: (guestId) => promotions.service.announceVouchers(guestId),
    withToys: (actorIds) => toys.service.withToys(actorIds),
    fsk18Previews: createFsk18Previews(database.db),
    guestExists: async (guestId) => (await guestsRepository.guestById(guestId)) !== undefined,
    // Paid media signed per guest, toy control through the toys module, and the activity simulator's
    // answers for the performers no performer app plays (the live desk knows; decision 0054).
    performerSide: {
      sessionSecret,
      guestName: async (guestId) => (await guestsRepository.screenNamesOf([guestId])).get(guestId) ?? '',
      guestNames: (guestIds) => guestsRepository.screenNamesOf(guestIds),
      toys: toys.service,
      isSimulated: (actorId) => !live.performer.hasClient(actorId, CLIENT_GRACE_MS),
      // The performer API's messenger calls mark the performer as played by an app (no simulated answers).
      performerSeen: (actorId) => live.performer.clientSeen(actorId),
    },
  });
  // What a guest bought (the promotions' purchases), for what a start may play.
  const promotionsReads = createPromotionsRepository(database.db);
  // Every module, in the order its routes are registered; the mail module stops last.
  const featureModules: FeatureModule[] = [
    createTrackerModule(moduleDeps),
    guests,
    avs,
    createWalletModule(moduleDeps),
    toys,
    legal,
    createPaymentsModule(moduleDeps),
    subscriptionsModule,
    promotions,
    // Every notification shown to a guest is also pushed to the browsers that subscribed.
    createWebPushModule({ ...moduleDeps, notifications: notifications.service }),
    notifications,
    createFavoritesModule({
      ...moduleDeps,
      performerOf: (item, id) => performerOfItem(database.db, item, id),
    }),
    presence,
    live,
    freeShows,
    clash,
    ...(demoShows ? [demoShows] : []),
    // Chat tickets (issue 18): buying, returning and cancelling cam show tickets, by the show clock.
    createTicketsModule({ ...moduleDeps, ...(live.shows ? { now: live.shows.clock.now } : {}) }),
    voiceCalls,
    messenger,
    // The conversion chat (issue 18): a newcomer's trial countdown and the performers offered for it.
    createConversionChatModule({
      ...moduleDeps,
      isPayingCustomer: createPaymentsRepository(database.db).hasSucceeded,
      checkCode: (guestId, code) => promotions.service.check(guestId, code),
    }),
    // The media library (issue 17): playlists and the archive over the guest's purchases and pins.
    createMediathekModule({
      ...moduleDeps,
      ports: {
        videoTiles: (ids, country) => videoTilesByIds(database.db, ids, country),
        album: (albumId, guestId, country) => pageSlices.gallery.service.album(albumId, guestId, country),
        pinnedPictures: async (guestId, country) =>
          (await pageSlices.gallery.service.pinnedPhotos(guestId, country)).list,
        isVip,
        // The photos and clips bought in the messenger (issue 19): the messenger module's.
        messengerPhotos: (guestId, limit, offset) =>
          messenger.performerSide.media.bought(guestId, 'photo', limit, offset),
        messengerClips: (guestId, limit, offset) =>
          messenger.performerSide.media.bought(guestId, 'clip', limit, offset),
      },
    }),
    // Phone verification by pin (issue 18): the telephony sandbox writes to the mail outbox.
    createPincallModule({
      ...moduleDeps,
      telephony: createTelephony({ nodeEnv: config.nodeEnv, outbox: mail.mailer }),
      secret: sessionSecret,
    }),
    // Watching videos (issue 17): watch/start and the HLS media signed per guest.
    createPlaybackModule({
      ...moduleDeps,
      sessionSecret,
      video: (videoId) => videoForSale(database.db, videoId),
      owns: async (guestId, videoId) =>
        (await promotionsReads.purchaseOf(guestId, 'video', videoId)) !== undefined,
      isVip,
    }),
    ...Object.values(catalogModules),
    createPagesModule({
      ...moduleDeps,
      slices: pageSlices,
      viewer: guests.me,
      ...(deps.webBuild ? { webBuild: deps.webBuild } : {}),
    }),
    mail,
  ];
  // The guest socket at /socket: each module answers its messages and adds to the resync snapshot.
  const realtime = createRealtime({
    bus: deps.bus,
    auth,
    guests: guestsRepository,
    log: app.log,
    handlers: featureModules.flatMap((module) => (module.socket ? [module.socket] : [])),
    lifecycles: featureModules.flatMap((module) => (module.socketLifecycle ? [module.socketLifecycle] : [])),
    // The anonymous voice caller's socket hears its call's stand-in (decision 0051).
    voiceCallers: voiceCalls.service,
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
      services: { guest: guests.me, vouchers: (guestId) => promotions.service.vouchers(guestId) },
      extensions: featureModules.flatMap((module) => (module.graphql ? [module.graphql] : [])),
      introspection: config.nodeEnv !== 'production',
      countryHeader: config.countryHeader,
    }),
  );

  if (config.enableBenchRoutes) await app.register(benchRoutes);

  // FSK-18 media answer 403 until the caller's age verification is accepted (before the static files).
  registerMediaAgeGate(app, ageGate, config.countryHeader);
  await mkdir(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    maxAge: ONE_DAY_SECONDS * 1000,
    index: false,
  });
  // The modules' routes at the root: the mail outbox, the web build's files and every page.
  for (const module of featureModules) if (module.routes) await app.register(module.routes);

  return app;
}

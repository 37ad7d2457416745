/**
 * The live module of issue 16 (decision 0038; see feature-module.ts): live chat sessions billed per
 * delivered minute through the ledger. It owns `live_sessions`, `live_messages` and `live_minutes`; this node's
 * billing loop ticks the sessions it owns and tells the guest's pages the meter and the end
 * (`liveMeter`, `chatEnd` on the guest's bus channel). The performer side (live.performer.ts) is the
 * performer API under /rest/v1/performer/ and the activity simulator's performers. With a media path
 * (LiveMedia) the guest's calls exist: the REST calls of live.routes.ts (start, the session view,
 * exit, receipt, survey/chatexit) and the socket's live messages (live.socket.ts: signaling and the
 * chat, checked by `mayMedia`); live.signaling.ts offers viewers and turns delivery into billing.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type GuestSocketEvent, PRESENCE_CHANNEL } from '@vela/contracts/socket';
import { DEFAULT_CHAT_SESSION_SETTINGS } from '@vela/domain/chat-session';
import type { Unsubscribe } from '../../infra/bus.ts';
import type { ShowClock } from '../../infra/clock.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import type { ActorChatReads } from '../catalog/actor-chat.ts';
import type { ActorPictureReads } from '../catalog/actor-picture.ts';
import type { ActorShowFlag } from '../catalog/actor-show-flag.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { ChatRatingWrites } from '../performers/chat-ratings.ts';
import type { ShowSchedule } from '../performers/show-schedule.ts';
import { createInteractionPart, type InteractionPartDeps } from './interaction/interaction.part.ts';
import { liveGraphql } from './live.graphql.ts';
import { createLiveLoop, type LiveVouchers } from './live.loop.ts';
import { createPerformerDesk, type PerformerDeskDeps, type PerformerDeskService } from './live.performer.ts';
import { listenForRelays, relayOver } from './live.relay.ts';
import { createLiveRepository } from './live.repository.ts';
import { liveRoutes } from './live.routes.ts';
import { createLiveService, type LiveService, type LiveServiceDeps } from './live.service.ts';
import { createLiveSignaling } from './live.signaling.ts';
import { liveSocket } from './live.socket.ts';
import type { LiveMedia } from './media/live-media.ts';
import { performerRoutes } from './performer.routes.ts';
import { createPerformerSimulator } from './performer.simulator.ts';
import { createShowJob, type ShowJob } from './show.job.ts';
import { showGuestRoutes, showInternalRoutes, showPerformerRoutes } from './show.routes.ts';
import { createShowAdmission, type TicketHolderReads } from './show-admission.ts';
import { createShowInvitations, type ShowInvitations } from './show-invitations.ts';

export interface LiveModule extends FeatureModule {
  service: LiveService;
  /** The performer side: the desk behind the performer API and the activity simulator. */
  performer: PerformerDeskService;
  /** The show side (issue 18): the show job and the invitations; absent without a show schedule. */
  shows?: { job: ShowJob; invitations: ShowInvitations; clock: ShowClock };
}

export function createLiveModule(
  deps: FeatureModuleDeps & {
    actors: ActorChatReads;
    /** The promotions module's chat-minute vouchers (it owns them). */
    vouchers: LiveVouchers;
    /** The presence module's online flag: the performer API's presence call sets it. */
    presence: PerformerDeskDeps['presence'];
    /** The subscriptions module's answer whether a guest is a VIP (spec 6: 20 preview units, not 5). */
    isVip?: (guestId: number) => Promise<boolean>;
    /** The toys module's paid toy actions (issue 18); without it no toy control. */
    toys?: InteractionPartDeps['toys'];
    /** The free-show module's read (issue 18, decision 0053): a running free show's live show is free. */
    freeShows?: LiveServiceDeps['freeShows'];
    /** The performers module's chat ratings: survey/chatexit ratings are reported there. */
    ratings?: ChatRatingWrites;
    /** The voicecall module's anonymous voice callers (their call's session view and exit, decision 0051). */
    voiceCallers?: { callerOf(sessionId: number): Promise<{ guestId: number } | null> };
    /**
     * The media path (media/live-media.ts: embedded werift, or Janus with JANUS_URL). Without one the
     * guest's live calls are absent (no start, no signaling): nothing could deliver a chat.
     */
    media?: LiveMedia;
    now?: () => number;
    nodeId?: string;
    /**
     * The show side (issue 18): the performers module's show schedule, the tickets module's
     * holders, the catalog's actor pictures and the show clock. Without it no ticket show starts.
     */
    shows?: {
      schedule: ShowSchedule;
      tickets: TicketHolderReads;
      actors: ActorPictureReads;
      clock: ShowClock;
      /** The catalog's `isCurrentlyTicketShow` flag the show job keeps true to the running shows. */
      flags?: ActorShowFlag;
    };
  },
): LiveModule {
  const now = deps.now ?? Date.now;
  const nodeId = deps.nodeId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const repository = createLiveRepository(deps.db);
  // The performer side (live.performer.ts) feeds its answers into the service built below.
  const performer = createPerformerDesk({
    feed: (sessionId, event) => service.event(sessionId, event),
    forward: (sessionId, event) => service.forward(sessionId, event),
    sessionOf: (sessionId) => service.sessionById(sessionId),
    presence: deps.presence,
    now,
  });
  const publish = (guestId: number, event: GuestSocketEvent) =>
    publishToGuest(deps.bus, guestId, event, deps.log);
  // Tips, toy actions and reactions in a session (issue 18, interaction/).
  const interaction = createInteractionPart({
    ...deps,
    live: repository,
    publish,
    performer,
    ...(deps.toys ? { toys: deps.toys } : {}),
    now,
  });
  const signaling = deps.media
    ? createLiveSignaling({ media: deps.media, publish, log: deps.log })
    : undefined;
  const loop = createLiveLoop({
    repository,
    wallet: deps.wallet,
    vouchers: deps.vouchers,
    nodeId,
    now,
    publish,
    log: deps.log,
    leaseMs: deps.config.liveLeaseMs,
    performer,
    ...(signaling ? { media: signaling } : {}),
  });
  // Delivery (the media port and the page's liveMediaUp) becomes the engine's mediaUp / mediaDown.
  signaling?.bind((sessionId, event) => loop.feed(sessionId, event));
  const showDeps = deps.shows;
  const showJob = showDeps
    ? createShowJob({
        schedule: showDeps.schedule,
        tickets: showDeps.tickets,
        clock: showDeps.clock,
        loop,
        publish,
        actors: showDeps.actors,
        ...(showDeps.flags ? { flags: showDeps.flags } : {}),
        simulatorInvites: deps.config.performerSimulator,
        intervalMs: deps.config.showJobMs,
        log: deps.log,
      })
    : undefined;
  const invitations =
    showDeps && showJob
      ? createShowInvitations({
          db: deps.db,
          schedule: showDeps.schedule,
          tickets: showDeps.tickets,
          clock: showDeps.clock,
          send: showJob.invite,
        })
      : undefined;
  const service = createLiveService({
    repository,
    loop,
    wallet: deps.wallet,
    vouchers: deps.vouchers,
    guests: deps.guests,
    actors: deps.actors,
    settings: {
      ...DEFAULT_CHAT_SESSION_SETTINGS,
      minuteMs: deps.config.liveMinuteMs,
      previewUnitMs: deps.config.livePreviewUnitMs,
    },
    ...(deps.isVip ? { isVip: deps.isVip } : {}),
    ...(deps.ratings ? { ratings: deps.ratings } : {}),
    freeChatMsPerDay: deps.config.liveFreeChatMsPerDay,
    nodeId,
    leaseMs: deps.config.liveLeaseMs,
    now,
    performer,
    ...(signaling ? { signaling, relay: relayOver(deps.bus) } : {}),
    ...(showDeps ? { shows: createShowAdmission(showDeps) } : {}),
    interaction,
    ...(deps.freeShows ? { freeShows: deps.freeShows } : {}),
  });
  const socket = signaling ? liveSocket(service, deps.log) : null;
  const simulator = deps.config.performerSimulator
    ? createPerformerSimulator({
        desk: performer,
        kickRate: deps.config.performerSimulatorKickRate,
        offlineRate: deps.config.performerSimulatorOfflineRate,
        // With a media path its performers watch the guest camera of their video calls.
        ...(deps.media ? { media: deps.media } : {}),
        log: deps.log,
      })
    : null;
  const secret = deps.config.performerApiSecret;
  let unfollowPresence: Promise<Unsubscribe | null> | null = null;
  let unfollowPreviews: Promise<Unsubscribe | null> | null = null;
  let unfollowDesks: Promise<Unsubscribe | null> | null = null;
  let unsubscribe: (() => void) | null = null;
  // Pages on other nodes reach this node's sessions through the bus (decision 0038 part 4).
  let unlisten: ReturnType<typeof listenForRelays> | null = null;
  return {
    service,
    performer,
    ...(showDeps && showJob && invitations
      ? { shows: { job: showJob, invitations, clock: showDeps.clock } }
      : {}),
    ...(showDeps ? { internal: showInternalRoutes({ clock: showDeps.clock }) } : {}),
    async rest(app) {
      // The performer API exists only with PERFORMER_API_SECRET (docs/PERFORMER-API.md).
      if (secret) await app.register(performerRoutes({ desk: performer, secret, media: deps.media }));
      if (showDeps) await app.register(showGuestRoutes({ auth: deps.auth, ...showDeps }));
      if (secret && showDeps && invitations) {
        await app.register(
          showPerformerRoutes({ secret, schedule: showDeps.schedule, invitations, actors: showDeps.actors }),
        );
      }
      // The guest's live calls exist only with a media path.
      if (signaling) {
        await app.register(
          liveRoutes({
            auth: deps.auth,
            service,
            countryHeader: deps.config.countryHeader,
            ...(deps.voiceCallers ? { voiceCallers: deps.voiceCallers } : {}),
          }),
        );
        await app.register(interaction.routes);
      }
    },
    ...(socket
      ? { socket: { ...socket.handlers, ...interaction.socket }, socketLifecycle: socket.lifecycle }
      : {}),
    // Spec 7: free chat duration, free preview init/decline.
    graphql: liveGraphql(service),
    start() {
      // A performer who goes offline, whoever set the flag, ends its chats on this node.
      unfollowPresence = performer.followPresence(deps.bus).catch((error: unknown) => {
        deps.log.error({ err: error }, 'live: presence events not followed');
        return null;
      });
      // The performer desks of all nodes share their chats and events (a performer's app may reach any).
      unfollowDesks = performer.followNodes(deps.bus, nodeId).catch((error: unknown) => {
        deps.log.error({ err: error }, 'live: performer desks of other nodes not followed');
        return null;
      });
      // ... and its previews (which the desk does not know: they never ask the performer) end with 403.
      unfollowPreviews = deps.bus
        .subscribe(PRESENCE_CHANNEL, (event) => {
          const { type, actorId } = (event ?? {}) as { type?: unknown; actorId?: unknown };
          if (type === 'actorOffline' && typeof actorId === 'number') {
            void service.previewsOffline(actorId).catch((error: unknown) => {
              deps.log.error({ err: error, actorId }, 'live: previews not ended');
            });
          }
          // ... and a stopped free show ends its free viewers' chats (decision 0053).
          if (type === 'freeShowStop' && typeof actorId === 'number') {
            void service.freeShowStopped(actorId).catch((error: unknown) => {
              deps.log.error({ err: error, actorId }, 'live: free show viewers not ended');
            });
          }
        })
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'live: presence events not followed for previews');
          return null;
        });
      if (signaling) {
        unlisten = listenForRelays(deps.bus, nodeId, (message) => service.runRelayed(message), deps.log);
        unlisten.catch((error: unknown) => deps.log.error({ err: error }, 'live: relays not followed'));
      }
      simulator?.start();
      showJob?.job.start();
      unsubscribe = deps.wallet.onWalletChange((change) => loop.walletChanged(change));
      loop.start();
    },
    async stop() {
      await (await unfollowPresence)?.();
      unfollowPresence = null;
      await (await unfollowPreviews)?.();
      unfollowPreviews = null;
      await (await unfollowDesks)?.();
      unfollowDesks = null;
      await (await unlisten?.catch(() => null))?.();
      unlisten = null;
      simulator?.stop();
      await showJob?.job.stop();
      loop.stop();
      signaling?.close();
      interaction.close();
      await deps.media?.stop();
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}

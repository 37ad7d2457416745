/**
 * The live module of issue 16 (decision 0038; see feature-module.ts): live chat sessions billed per
 * delivered minute through the ledger. It owns `live_sessions` and `live_messages`; this node's
 * billing loop ticks the sessions it owns and tells the guest's pages the meter and the end
 * (`liveMeter`, `chatEnd` on the guest's bus channel). The performer side (live.performer.ts) is the
 * performer API under /rest/v1/performer/ and the activity simulator's performers. It contributes no guest routes or socket handlers yet: without
 * a media path nothing could prove delivery to a guest, so starting a chat is not offered (the tests
 * drive the service; the signaling of decision 0038 part 3 will).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DEFAULT_CHAT_SESSION_SETTINGS } from '@vela/domain/chat-session';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import type { ActorChatReads } from '../catalog/actor-chat.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { createLiveLoop, LIVE_LEASE_MS, type LiveVouchers } from './live.loop.ts';
import { createPerformerDesk, type PerformerDeskDeps, type PerformerDeskService } from './live.performer.ts';
import { createLiveRepository } from './live.repository.ts';
import { createLiveService, type LiveService } from './live.service.ts';
import { performerRoutes } from './performer.routes.ts';
import { createPerformerSimulator } from './performer.simulator.ts';

export interface LiveModule extends FeatureModule {
  service: LiveService;
  /** The performer side: the desk behind the performer API and the activity simulator. */
  performer: PerformerDeskService;
}

export function createLiveModule(
  deps: FeatureModuleDeps & {
    actors: ActorChatReads;
    /** The promotions module's chat-minute vouchers (it owns them). */
    vouchers: LiveVouchers;
    /** The presence module's online flag: the performer API's presence call sets it. */
    presence: PerformerDeskDeps['presence'];
    now?: () => number;
    nodeId?: string;
  },
): LiveModule {
  const now = deps.now ?? Date.now;
  const nodeId = deps.nodeId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const repository = createLiveRepository(deps.db);
  // The performer side (live.performer.ts) feeds its answers into the service built below.
  const performer = createPerformerDesk({
    feed: (sessionId, event) => service.event(sessionId, event),
    sessionOf: (sessionId) => service.sessionById(sessionId),
    presence: deps.presence,
    now,
  });
  const loop = createLiveLoop({
    repository,
    wallet: deps.wallet,
    vouchers: deps.vouchers,
    nodeId,
    now,
    publish: (guestId, event) => publishToGuest(deps.bus, guestId, event, deps.log),
    log: deps.log,
    performer,
  });
  const service = createLiveService({
    repository,
    loop,
    wallet: deps.wallet,
    vouchers: deps.vouchers,
    guests: deps.guests,
    actors: deps.actors,
    settings: { ...DEFAULT_CHAT_SESSION_SETTINGS, minuteMs: deps.config.liveMinuteMs },
    nodeId,
    leaseMs: LIVE_LEASE_MS,
    now,
    performer,
  });
  const simulator = deps.config.performerSimulator
    ? createPerformerSimulator({
        desk: performer,
        kickRate: deps.config.performerSimulatorKickRate,
        offlineRate: deps.config.performerSimulatorOfflineRate,
        log: deps.log,
      })
    : null;
  const secret = deps.config.performerApiSecret;
  let unsubscribe: (() => void) | null = null;
  return {
    service,
    performer,
    async rest(app) {
      // The performer API exists only with PERFORMER_API_SECRET (docs/PERFORMER-API.md).
      if (secret) await app.register(performerRoutes({ desk: performer, secret }));
    },
    start() {
      simulator?.start();
      unsubscribe = deps.wallet.onWalletChange((change) => loop.walletChanged(change));
      loop.start();
    },
    stop() {
      simulator?.stop();
      loop.stop();
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}

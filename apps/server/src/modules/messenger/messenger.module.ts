/**
 * The messenger module (issue 19, docs/decisions/0054-messenger.md; mode `server`): channels between
 * a guest and performers, paid messages and gifts through the ledger (kind `message`), the socket's
 * channel messages, the REST calls and GraphQL fields of spec 7, and the snapshot's unread part.
 * Owns messenger_channels, messenger_messages, messenger_actor_settings, gifts, guest_gifts and
 * gift_grants. Other modules are reached through ports: the catalog's performers
 * (catalog/actor-messenger.ts), the promotions' messenger-gift vouchers
 * (promotions/messenger-gift-vouchers.ts), VIP, the live chat and the toys.
 *
 * The performer's side (`actorSide`, messenger-actor-side.ts) is created here and handed to the code
 * that answers as performers, sells paid media and controls toys from the messenger.
 */
import type { Db } from '@vela/db/client';
import { FSK18 } from '../../http/age-gate.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { ThrottleClock } from './channel-list-throttle.ts';
import { messengerGraphql } from './messenger.graphql.ts';
import { messengerInternalRoutes, messengerRoutes } from './messenger.routes.ts';
import {
  createMessengerService,
  type MessengerMediaReads,
  type MessengerService,
  type MessengerServiceDeps,
} from './messenger.service.ts';
import { messengerSocket } from './messenger.socket.ts';
import type { MessengerActorSide } from './messenger-actor-side.ts';
import {
  createMessengerPerformerPart,
  type MessengerPerformerPart,
  type MessengerPerformerPartDeps,
  withPerformerGraphql,
} from './messenger-performer.part.ts';

export interface MessengerModule extends FeatureModule {
  service: MessengerService;
  actorSide: MessengerActorSide;
  /** Paid media, performers' answers and toy control (messenger-performer.part.ts). */
  performerSide: MessengerPerformerPart;
}

/** The service's ports (messenger.service.ts MessengerServiceDeps) and the module's own. */
export interface MessengerModuleDeps
  extends FeatureModuleDeps,
    Pick<
      MessengerServiceDeps,
      'actors' | 'isVip' | 'inLiveChat' | 'giftVouchers' | 'vouchersChanged' | 'withToys'
    > {
  /** The gallery's newest FSK-18 album cover per performer (recommendations with `fsk` 18). */
  fsk18Previews: (actorIds: readonly number[]) => Promise<Map<number, string>>;
  guestExists: (guestId: number) => Promise<boolean>;
  /** The performer side's needs (messenger-performer.part.ts): signing, names, toys, the simulator. */
  performerSide: Omit<
    MessengerPerformerPartDeps,
    keyof FeatureModuleDeps | 'actorSide' | 'actorName' | 'actorNames' | 'actorOnline'
  >;
  /** Tests: the channel-list throttle's clock. */
  throttleClock?: ThrottleClock;
}

export function createMessengerModule(deps: MessengerModuleDeps): MessengerModule {
  // The media of messages is the performer side's, which is built on the service's actorSide.
  let performerSide: MessengerPerformerPart | undefined;
  const media: MessengerMediaReads = (guestId, ids) =>
    performerSide ? performerSide.media.views(guestId, ids) : Promise.resolve(new Map());
  const service = createMessengerService({
    db: deps.db as Db,
    wallet: deps.wallet,
    bus: deps.bus,
    log: deps.log,
    actors: deps.actors,
    isVip: deps.isVip,
    inLiveChat: deps.inLiveChat,
    giftVouchers: deps.giftVouchers,
    ...(deps.vouchersChanged ? { vouchersChanged: deps.vouchersChanged } : {}),
    withToys: deps.withToys,
    media,
    fsk18: {
      isAgeVerified: async (guestId) => (await deps.ageGate.reasonFor(guestId, FSK18)) === null,
      previews: deps.fsk18Previews,
    },
  });
  performerSide = createMessengerPerformerPart({
    ...deps,
    ...deps.performerSide,
    actorSide: service.actorSide,
    actorName: async (actorId) => (await deps.actors.actorsByIds([actorId])).get(actorId)?.name ?? null,
    actorOnline: async (actorId) =>
      (await deps.actors.actorsByIds([actorId])).get(actorId)?.isOnline ?? false,
    actorNames: async (actorIds) =>
      new Map([...(await deps.actors.actorsByIds(actorIds))].map(([id, actor]) => [id, actor.name])),
  });
  const part = performerSide;
  const socket = messengerSocket(service, deps.log, deps.throttleClock ? { clock: deps.throttleClock } : {});
  return {
    service,
    actorSide: service.actorSide,
    performerSide: part,
    async rest(app) {
      await app.register(
        messengerRoutes({ auth: deps.auth, messenger: service, countryHeader: deps.config.countryHeader }),
      );
      await app.register(part.rest);
    },
    routes: part.routes,
    start: () => part.start(),
    stop: () => part.stop(),
    internal: messengerInternalRoutes({ messenger: service, guestExists: deps.guestExists }),
    graphql: withPerformerGraphql(messengerGraphql(service), part),
    socket: socket.handlers,
    socketLifecycle: socket.lifecycle,
    snapshot: async (guestId) => ({ messenger: await service.snapshotOf(guestId) }),
  };
}

/**
 * The messenger's performer-side part (issue 19 deliverables 2, 4 and 5; docs/decisions/0054): the
 * simulated performers' answers (performer-replies.ts), paid media (messenger-media.*) and toy control
 * (messenger-toys.ts) and the performer API's messenger calls (messenger-performer-api.*), built on the
 * messenger's `MessengerActorSide` port. The messenger module creates it and mounts what it
 * contributes: REST routes, the bought pictures' route, the answers' job.
 */
import { messengerEndpoints as e } from '@vela/contracts/messenger';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { FSK18, RestrictedError } from '../../http/age-gate.ts';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import { createMediaSigner, mediaKeyOf } from '../../infra/signed-media.ts';
import type { FeatureModuleDeps } from '../feature-module.ts';
import type { GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { ToysService } from '../toys/toys.service.ts';
import { requestLanguage } from './messenger.routes.ts';
import type { MessengerActorSide } from './messenger-actor-side.ts';
import { createMessengerMediaRepository } from './messenger-media.repository.ts';
import { messengerMediaFileRoutes } from './messenger-media.routes.ts';
import { createMessengerMedia, type MessengerMediaService } from './messenger-media.service.ts';
import { messengerPerformerRoutes } from './messenger-performer-api.routes.ts';
import { createPerformerMessenger } from './messenger-performer-api.service.ts';
import { createMessengerToys, messengerToyGraphql } from './messenger-toys.ts';
import { createPendingRepliesRepository } from './performer-replies.repository.ts';
import { createPerformerReplies, type PerformerReplies } from './performer-replies.ts';

export interface MessengerPerformerPartDeps
  extends Pick<FeatureModuleDeps, 'db' | 'wallet' | 'auth' | 'ageGate' | 'config' | 'log' | 'notify'> {
  actorSide: MessengerActorSide;
  /** The session secret: bought pictures' URLs are signed with a key derived from it (signed-media.ts). */
  sessionSecret: string;
  actorName: (actorId: number) => Promise<string | null>;
  /** Whether the performer is online now (toy control from the messenger only then). */
  actorOnline: (actorId: number) => Promise<boolean>;
  actorNames: (actorIds: readonly number[]) => Promise<Map<number, string>>;
  guestName: (guestId: number) => Promise<string>;
  /** Guests' screen names by id (the performer API's channel list). */
  guestNames: (guestIds: readonly number[]) => Promise<Map<number, string>>;
  /** The live desk's "a performer app is in use" mark, set by the performer API's messenger calls. */
  performerSeen?: ((actorId: number) => void) | undefined;
  /** The toys module's paid action and toy state; without it no toy control from the messenger (404). */
  toys?: Pick<ToysService, 'act' | 'hasToy' | 'state'> | undefined;
  /**
   * Whether the activity simulator plays this performer now (the live desk: no performer app used the
   * API lately); without it, or with PERFORMER_SIMULATOR off, nobody answers for the performers.
   */
  isSimulated?: ((actorId: number) => boolean) | undefined;
}

export interface MessengerPerformerPart {
  media: MessengerMediaService;
  replies: PerformerReplies | null;
  rest: FastifyPluginAsync;
  routes: FastifyPluginAsync;
  /** Spec 7 GraphQL toy controls (with the toys module). */
  graphql: GraphqlExtension | null;
  start(): void;
  stop(): Promise<void>;
}

export function createMessengerPerformerPart(deps: MessengerPerformerPartDeps): MessengerPerformerPart {
  // Read at call time, so a test that moves the clock moves the tokens' too.
  const signer = createMediaSigner(mediaKeyOf(deps.sessionSecret), () => Date.now());
  const media = createMessengerMedia({
    repository: createMessengerMediaRepository(deps.db),
    wallet: deps.wallet,
    channels: deps.actorSide,
    signer,
    actorNames: deps.actorNames,
    // The media is FSK-18 (served only past the age check): never sold to a guest who could not open it.
    requireAdult: async (guestId) => {
      const reason = await deps.ageGate.reasonFor(guestId, FSK18);
      if (reason) throw new RestrictedError(reason);
    },
  });
  const toys = deps.toys
    ? createMessengerToys({
        toys: deps.toys,
        channels: deps.actorSide,
        guestName: deps.guestName,
        isOnline: deps.actorOnline,
        wallet: deps.wallet,
      })
    : null;
  const replies =
    deps.config.performerSimulator && deps.isSimulated
      ? createPerformerReplies({
          actorSide: deps.actorSide,
          pending: createPendingRepliesRepository(deps.db),
          media,
          isSimulated: deps.isSimulated,
          actorName: deps.actorName,
          notify: deps.notify,
          delayMs: deps.config.messengerReplyDelayMs,
          mediaEvery: deps.config.messengerReplyMediaEvery,
          log: deps.log,
        })
      : null;
  const performerApi = createPerformerMessenger({
    actorSide: deps.actorSide,
    media,
    guestNames: deps.guestNames,
    actorName: deps.actorName,
    notify: deps.notify,
  });
  const secret = deps.config.performerApiSecret;
  const requireGuest = async (request: FastifyRequest) => (await deps.auth.requireGuest(request)).guestId;
  return {
    media,
    replies,
    // Per guest, so `Cache-Control: no-store`. The toy call exists only with the toys module.
    async rest(app) {
      privateResponses(app);
      route(app, e.buyMedia).handle({
        authenticate: requireGuest,
        handler: ({ params, body, auth: guestId }) =>
          media.buy(guestId, params.channelId, params.mediaId, body.idempotencyKey),
      });
      // The performer API's messenger calls (X-Performer-Token), only with PERFORMER_API_SECRET.
      if (secret)
        await app.register(
          messengerPerformerRoutes({ secret, messenger: performerApi, performerSeen: deps.performerSeen }),
        );
      if (toys)
        route(app, e.toy).handle({
          authenticate: requireGuest,
          handler: ({ params, body, auth: guestId, request }) =>
            toys.toy(guestId, params.channelId, body.actionId, body.preset, requestLanguage(request)),
        });
    },
    graphql: toys ? messengerToyGraphql(toys) : null,
    routes: messengerMediaFileRoutes({
      auth: deps.auth,
      signer,
      ageGate: deps.ageGate,
      media,
      mediaDir: deps.config.mediaDir,
    }),
    start: () => replies?.start(),
    stop: async () => {
      await replies?.stop();
    },
  };
}

/** The messenger's own query-language fields and the performer side's, as one extension of the module. */
export function withPerformerGraphql(own: GraphqlExtension, part: MessengerPerformerPart): GraphqlExtension {
  if (!part.graphql) return own;
  return {
    typeDefs: `${own.typeDefs}\n${part.graphql.typeDefs}`,
    resolvers: { ...own.resolvers, ...part.graphql.resolvers },
    tokenFields: [...(own.tokenFields ?? []), ...(part.graphql.tokenFields ?? [])],
  };
}

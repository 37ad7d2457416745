/**
 * The performer API's messenger calls under `/rest/v1/performer/messenger/` (issue 19 deliverable 2;
 * contracts `messengerPerformerEndpoints`, docs/PERFORMER-API.md): the performer's token
 * (`X-Performer-Token`, the live module's check) names the performer; the calls exist only with
 * PERFORMER_API_SECRET. A call marks the performer as played by an app (the live desk), so the activity
 * simulator leaves its chats and channels alone. Thin: authenticate, the declared input, the service.
 */
import {
  messengerPerformerEndpoints as e,
  PERFORMER_MESSENGER_CHANNELS_MAX,
} from '@vela/contracts/messenger';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import { createPerformerAuth } from '../live/performer.routes.ts';
import type { PerformerMessenger } from './messenger-performer-api.service.ts';

export function messengerPerformerRoutes(deps: {
  secret: string;
  messenger: PerformerMessenger;
  /** The live desk's "a performer app is in use" mark. */
  performerSeen?: ((actorId: number) => void) | undefined;
}): FastifyPluginAsync {
  const who = createPerformerAuth(deps.secret);
  const authenticate = (request: FastifyRequest) => {
    const actorId = who(request);
    deps.performerSeen?.(actorId);
    return actorId;
  };
  const options = { bodyLimit: 8 * 1024 };
  const { messenger } = deps;

  return async (app) => {
    privateResponses(app);
    route(app, e.channels).handle({
      authenticate,
      handler: async ({ auth: actorId }) => ({
        actorId,
        channels: await messenger.channels(actorId, PERFORMER_MESSENGER_CHANNELS_MAX),
      }),
    });
    route(app, e.message).handle({
      authenticate,
      options,
      handler: ({ auth: actorId, params, body }) =>
        messenger.sendText(actorId, params.channelId, body.text, body.idempotencyKey),
    });
    route(app, e.media).handle({
      authenticate,
      options,
      handler: ({ auth: actorId, params, body }) => messenger.sendMedia(actorId, params.channelId, body),
    });
  };
}

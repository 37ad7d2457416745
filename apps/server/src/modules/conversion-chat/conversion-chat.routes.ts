/**
 * Spec 7 `guest/conversionChat` POST (action enable or disable), logged-in only (spec 6): a visitor
 * gets 401 NOT_LOGGED_IN, another action 400 VALIDATION_ERROR, nothing changed. Per guest: no-store.
 */
import { conversionChatEndpoints as e } from '@vela/contracts/conversion-chat';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { ConversionChatService } from './conversion-chat.service.ts';

export function conversionChatRoutes(deps: {
  auth: GuestAuth;
  conversionChat: ConversionChatService;
}): FastifyPluginAsync {
  return async (app) => {
    privateResponses(app);
    route(app, e.conversionChat).handle({
      authenticate: async (request) => (await deps.auth.requireGuest(request)).guestId,
      handler: async ({ body, auth: guestId, request }) => {
        const state = await deps.conversionChat.act(guestId, body.action);
        request.log.info({ guestId, action: body.action }, 'conversion chat');
        return state;
      },
    });
  };
}

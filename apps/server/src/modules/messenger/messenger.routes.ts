/**
 * REST calls of the messenger (issue 19; contracts messenger.ts `messengerEndpoints`), under /rest/v1:
 * - GET  messenger/channel/:channelId          the conversation (older pages with `before`)
 * - POST messenger/channel/:channelId/touch    mark read
 * - POST messenger/channel/:channelId/messages send (the same as the socket's sendMessage)
 * - POST messenger/channel/:channelId/block    block / unblock (the guest's side)
 * - POST messenger/channel/:channelId/archive  archive / restore
 * - POST channel/actor/:actorId                the guest's channel with the performer, created when missing
 * - GET  messenger/actor/:actorId              the performer as the messenger shows them
 * - GET  recommendations                       performers for an empty messenger (useGrid: how many;
 *                                               fsk: previews up to 16 or 18, 18 past the age check)
 * - GET  messenger/gifts                       the gift catalogue and the guest's owned gifts
 * - POST logger/vxmessengerError               the page reports a failure (logged at warn, 204)
 * and the operator's `POST internal/messenger/gifts/grant`. Every call is the logged-in guest's own
 * (401 NOT_LOGGED_IN); another guest's channel is MESSENGER_CHANNEL_NOT_FOUND. Answers are per
 * guest (`no-store`).
 */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import { messengerEndpoints as e, type MessengerRecommendationsLayout } from '@vela/contracts/messenger';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { MessengerService } from './messenger.service.ts';

const BODY_LIMIT = 16 * 1024;

/** Spec 7 `useGrid`: 1/true a grid, 0/false a slider, absent the plain list (spec 9 counts). */
const layoutOf = (useGrid: '0' | '1' | 'true' | 'false' | undefined): MessengerRecommendationsLayout =>
  useGrid === undefined ? 'list' : useGrid === '1' || useGrid === 'true' ? 'grid' : 'slider';

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The page's language: `?lang=`, else the first of Accept-Language we write, else German (spec 1). */
export function requestLanguage(request: FastifyRequest): Language {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(lang)) return lang;
  const header = request.headers['accept-language'];
  for (const part of (typeof header === 'string' ? header : '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return 'de';
}

export function messengerRoutes(deps: {
  auth: GuestAuth;
  messenger: MessengerService;
  countryHeader: string;
}): FastifyPluginAsync {
  const { auth, messenger } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;
  const callerOf = (request: FastifyRequest) => ({
    language: requestLanguage(request),
    country: countryOf(request.headers, deps.countryHeader),
  });
  return async (app) => {
    privateResponses(app);
    route(app, e.conversation).handle({
      authenticate: requireGuest,
      handler: async ({ auth: guestId, params, query, request }) =>
        messenger.conversation(guestId, params.channelId, query.before, requestLanguage(request)),
    });
    route(app, e.touch).handle({
      authenticate: requireGuest,
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ auth: guestId, params, request }) =>
        messenger.touch(guestId, params.channelId, requestLanguage(request)),
    });
    route(app, e.send).handle({
      authenticate: requireGuest,
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ auth: guestId, params, body, request }) =>
        messenger.send(guestId, { ...body, channelId: params.channelId }, callerOf(request)),
    });
    route(app, e.block).handle({
      authenticate: requireGuest,
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ auth: guestId, params, body, request }) =>
        messenger.block(guestId, params.channelId, body.blocked, requestLanguage(request)),
    });
    route(app, e.archive).handle({
      authenticate: requireGuest,
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ auth: guestId, params, body, request }) =>
        messenger.archive(guestId, params.channelId, body.status, requestLanguage(request)),
    });
    route(app, e.channelForActor).handle({
      authenticate: requireGuest,
      options: { bodyLimit: BODY_LIMIT },
      handler: async ({ auth: guestId, params, request }) =>
        messenger.channelForActor(guestId, params.actorId, callerOf(request)),
    });
    route(app, e.actor).handle({
      authenticate: requireGuest,
      handler: async ({ auth: guestId, params, request }) =>
        messenger.actor(guestId, params.actorId, callerOf(request)),
    });
    route(app, e.recommendations).handle({
      authenticate: requireGuest,
      handler: async ({ auth: guestId, query, request }) =>
        messenger.recommendations(
          guestId,
          {
            currentActorId: query.currentActorId ?? null,
            layout: layoutOf(query.useGrid),
            fsk: query.fsk === '18' ? 18 : 16,
          },
          countryOf(request.headers, deps.countryHeader),
        ),
    });
    route(app, e.gifts).handle({
      authenticate: requireGuest,
      handler: async ({ auth: guestId, request }) => messenger.gifts(guestId, requestLanguage(request)),
    });
    route(app, e.logError).handle({
      authenticate: requireGuest,
      options: { bodyLimit: 4 * 1024 },
      handler: async ({ auth: guestId, body, request }) => {
        request.log.warn(
          {
            guestId,
            messenger: {
              message: body.message,
              channelId: body.channelId ?? null,
              context: body.context ?? null,
            },
          },
          'messenger page error',
        );
        return undefined;
      },
    });
  };
}

export function messengerInternalRoutes(deps: {
  messenger: MessengerService;
  guestExists: (guestId: number) => Promise<boolean>;
}): FastifyPluginAsync {
  return async (app) => {
    route(app, e.grantGiftsInternal, 'internal/').handle({
      options: { bodyLimit: 4 * 1024 },
      handler: async ({ body, request }) => {
        if (!(await deps.guestExists(body.guestId)))
          throw new AppError('NOT_FOUND', `No guest ${body.guestId}`, 404);
        const result = await deps.messenger.grantGifts(body);
        request.log.info(
          {
            operator: {
              action: 'grant messenger gifts',
              ip: request.ip,
              guestId: body.guestId,
              giftId: body.giftId,
              quantity: body.quantity,
              granted: result.granted,
            },
          },
          'internal api: grant messenger gifts',
        );
        return { guestId: result.guestId, giftId: result.giftId, owned: result.owned };
      },
    });
  };
}

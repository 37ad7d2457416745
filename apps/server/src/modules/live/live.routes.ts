/**
 * The live chat REST calls of a logged-in guest, mounted under `/rest/v1` (contracts live.ts,
 * decision 0038 part 2): `live/start`, the session view of a reload, the exit, the receipt and the
 * spec 7 `survey/chatexit` rating. Every call is the caller's own: another guest's session answers
 * 404 exactly like one that does not exist. Per guest, so `Cache-Control: no-store`.
 *
 * A refused start is a 4xx whose body adds the spec 8 exit code, the spec 2 modal
 * (`not-enough-money`) and, for the age check, the spec 6 restriction reason
 * (LiveStartRefusalBodySchema).
 */
import { liveEndpoints, type LiveStartRefusalCode as RefusalCode } from '@vela/contracts/live';
import type { RestrictionReason } from '@vela/domain/restrictions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { queryParam, route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { liveReceipt, liveSessionView, liveStartAnswer } from './live.presenter.ts';
import type { LiveService, LiveStartRefusalCode } from './live.service.ts';

/** A refused start: its answer carries the exit code, the modal and the restriction. */
class LiveStartRefusedError extends AppError {
  constructor(
    code: RefusalCode,
    message: string,
    status: number,
    readonly exitCode: number | null,
    readonly modal: 'not-enough-money' | null,
    readonly reason: RestrictionReason | null,
  ) {
    super(code, message, status);
    this.name = 'LiveStartRefusedError';
  }
}

/** The answer of each refusal of the service: the contract's code, the status, the message. */
const REFUSALS: Record<LiveStartRefusalCode, [RefusalCode, number, string]> = {
  ACTOR_NOT_FOUND: ['ACTOR_NOT_FOUND', 404, 'No such performer'],
  ACTOR_BLOCKED_IN_COUNTRY: [
    'ACTOR_BLOCKED_IN_COUNTRY',
    403,
    'This performer is not available in your country',
  ],
  NEED_LOGIN: ['RESTRICTED', 403, 'Log in and verify your age to chat'],
  NEED_AGE_CHECK: ['RESTRICTED', 403, 'Verify your age to chat'],
  PERFORMER_OFFLINE: ['PERFORMER_OFFLINE', 409, 'The performer is offline'],
  CHAT_TYPE_NOT_OFFERED: ['CHAT_TYPE_NOT_OFFERED', 409, 'The performer does not offer this chat'],
  PERFORMER_IN_SINGLE: ['PERFORMER_IN_SINGLE', 409, 'The performer is in a private chat'],
  NO_PRIVATE_CHAT_TO_WATCH: ['NO_PRIVATE_CHAT_TO_WATCH', 409, 'The performer is in no private chat'],
  NOT_ENOUGH_MONEY: ['NOT_ENOUGH_MONEY', 402, 'Not enough money for this chat'],
  GUEST_IN_CHAT: ['GUEST_IN_CHAT', 409, 'You are in another chat'],
  // Free chat and previews are not started here (their types are not in the contract).
  PREVIEW_LIMIT: ['CHAT_TYPE_NOT_OFFERED', 409, 'Not offered'],
  FREE_CHAT_USED_UP: ['CHAT_TYPE_NOT_OFFERED', 409, 'Not offered'],
};

interface LiveRoutesDeps {
  auth: GuestAuth;
  service: LiveService;
  /** COUNTRY_HEADER: the caller's country (spec 6 banned countries). */
  countryHeader: string;
}

export function liveRoutes(deps: LiveRoutesDeps): FastifyPluginAsync {
  const { auth, service } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;
  /** A read of the guest's own session `:sessionId` (the service answers 404 for another guest's). */
  const ownRead =
    <T>(read: (guestId: number, sessionId: string) => Promise<T>) =>
    ({ params, auth: guestId }: { params: { sessionId: string }; auth: number }) =>
      read(guestId, params.sessionId);

  return async (app) => {
    privateResponses(app);
    app.setErrorHandler((error, request, reply) => {
      if (!(error instanceof LiveStartRefusedError)) throw error;
      return reply.code(error.statusCode).send({
        success: false,
        error: {
          code: error.code,
          message: error.message,
          exitCode: error.exitCode,
          modal: error.modal,
          ...(error.reason ? { reason: error.reason } : {}),
        },
        requestId: request.id,
      });
    });

    route(app, liveEndpoints.start).handle({
      authenticate: requireGuest,
      handler: async ({ body, auth: guestId, request }) => {
        const lang = queryParam(request, 'lang');
        const result = await service.start({
          guestId,
          actorId: body.actorId,
          type: body.type,
          idempotencyKey: body.idempotencyKey,
          country: countryOf(request.headers, deps.countryHeader),
          ...(typeof lang === 'string' ? { language: lang } : {}),
        });
        if (!result.ok) {
          const [code, status, message] = REFUSALS[result.code];
          throw new LiveStartRefusedError(
            code,
            message,
            status,
            result.exitCode,
            result.modal,
            result.restriction ?? null,
          );
        }
        return liveStartAnswer(result);
      },
    });

    route(app, liveEndpoints.exit).handle({
      authenticate: requireGuest,
      handler: async ({ params, body, auth: guestId }) =>
        service.exitOwn(guestId, params.sessionId, body.code),
    });

    route(app, liveEndpoints.chatExitSurvey).handle({
      authenticate: requireGuest,
      handler: async ({ body, auth: guestId }) => {
        await service.rate(guestId, body.chatId, body.rating);
        return { chatId: body.chatId, rating: body.rating };
      },
    });

    route(app, liveEndpoints.session).handle({
      authenticate: requireGuest,
      handler: ownRead(async (guestId, id) => liveSessionView(await service.view(guestId, id))),
    });

    route(app, liveEndpoints.receipt).handle({
      authenticate: requireGuest,
      handler: ownRead(async (guestId, id) => liveReceipt(await service.receipt(guestId, id))),
    });
  };
}

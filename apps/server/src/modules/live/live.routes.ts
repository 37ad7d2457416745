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
import {
  LIVE_START_REFUSALS,
  liveEndpoints,
  type LiveStartRefusalCode as RefusalCode,
} from '@vela/contracts/live';
import type { RestrictionReason } from '@vela/domain/restrictions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { countryOf } from '../../infra/country.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { liveOffers, previewAllowanceView } from './live.offers.presenter.ts';
import { liveChatTypes, liveReceipt, liveSessionView, liveStartAnswer } from './live.presenter.ts';
import type { LiveService, LiveStartRefusalCode } from './live.service.ts';
import { showOfferView } from './show.presenter.ts';
import type { ShowOffer } from './show-admission.ts';

/** A refused start: its answer carries the exit code, the modal and the restriction. */
class LiveStartRefusedError extends AppError {
  constructor(
    code: RefusalCode,
    message: string,
    status: number,
    readonly exitCode: number | null,
    readonly modal: 'not-enough-money' | null,
    readonly reason: RestrictionReason | null,
    readonly show: ShowOffer | null = null,
  ) {
    super(code, message, status);
    this.name = 'LiveStartRefusedError';
  }
}

/** The contract's code of a refusal of the service (the login and the age check are restrictions). */
function refusalCode(code: LiveStartRefusalCode): RefusalCode {
  if (code === 'NEED_LOGIN' || code === 'NEED_AGE_CHECK') return 'RESTRICTED';
  return code;
}

interface LiveRoutesDeps {
  auth: GuestAuth;
  /**
   * The voicecall module's read port: the anonymous voice caller of a visitor session (the stand-in
   * guest that owns the call's video, decision 0051). Without it no visitor reaches a session.
   */
  voiceCallers?: { callerOf(sessionId: number): Promise<{ guestId: number } | null> };
  service: LiveService;
  /** COUNTRY_HEADER: the caller's country (spec 6 banned countries). */
  countryHeader: string;
}

export function liveRoutes(deps: LiveRoutesDeps): FastifyPluginAsync {
  const { auth, service } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;
  /**
   * The logged-in guest, or for the anonymous voice caller's session the stand-in that owns its
   * call's video (decision 0051): the stand-in's only sessions are that call's, so the caller reaches
   * that one session (the service answers 404 for any other) and nothing else. Only the tab's resume
   * (`live/sessions/:id`) and its exit take it; every other call stays 401 for the caller.
   */
  const requireGuestOrCaller = async (request: FastifyRequest) => {
    const caller = await auth.authenticate(request);
    if (caller && caller.guestId !== null) return caller.guestId;
    const standIn = caller && deps.voiceCallers ? await deps.voiceCallers.callerOf(caller.sessionId) : null;
    if (!standIn) throw new AppError('NOT_LOGGED_IN', 'Log in first', 401);
    return standIn.guestId;
  };
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
          ...(error.show ? { show: showOfferView(error.show) } : {}),
        },
        requestId: request.id,
      });
    });

    route(app, liveEndpoints.start).handle({
      authenticate: requireGuest,
      handler: async ({ body, query, auth: guestId, request }) => {
        const lang = query.lang;
        const result = await service.start({
          guestId,
          actorId: body.actorId,
          type: body.type,
          idempotencyKey: body.idempotencyKey,
          country: countryOf(request.headers, deps.countryHeader),
          ...(lang ? { language: lang } : {}),
        });
        if (!result.ok) {
          const code = refusalCode(result.code);
          throw new LiveStartRefusedError(
            code,
            `The chat did not start: ${result.code.toLowerCase().replaceAll('_', ' ')}`,
            LIVE_START_REFUSALS[code],
            result.exitCode,
            result.modal,
            result.restriction ?? null,
            result.show ?? null,
          );
        }
        return liveStartAnswer(result);
      },
    });

    // Public: what the performer offers now (the same for every caller; no-store, it changes with the chats).
    route(app, liveEndpoints.chatTypes).handle({
      handler: async ({ params }) => liveChatTypes(await service.chatTypes(params.actorId)),
    });

    // The free offers of the live-show tab (a preview's units, the free chat time) and "no thanks".
    route(app, liveEndpoints.offers).handle({
      authenticate: requireGuest,
      handler: async ({ params, auth: guestId, request }) =>
        liveOffers(
          await service.offers(guestId, params.actorId, countryOf(request.headers, deps.countryHeader)),
        ),
    });

    route(app, liveEndpoints.previewDecline).handle({
      authenticate: requireGuest,
      handler: async ({ auth: guestId }) => previewAllowanceView(await service.declinePreview(guestId)),
    });

    route(app, liveEndpoints.exit).handle({
      authenticate: requireGuestOrCaller,
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
      authenticate: requireGuestOrCaller,
      handler: ownRead(async (guestId, id) => liveSessionView(await service.view(guestId, id))),
    });

    route(app, liveEndpoints.receipt).handle({
      authenticate: requireGuest,
      handler: ownRead(async (guestId, id) => liveReceipt(await service.receipt(guestId, id))),
    });
  };
}

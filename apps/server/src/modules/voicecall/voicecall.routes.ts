/**
 * The caller's voice call state (spec 3 `isVoicecallActive`, `isAnonymousVoicecall`) and the
 * anonymous voice caller's entry over REST (the same service call as the GraphQL field). A visitor's
 * state is its browser session's; a guest's is the guest's. Per caller: `Cache-Control: no-store`.
 */
import { voicecallEndpoints } from '@vela/contracts/voicecall';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import { retryAfterOnRateLimit } from '../../infra/rate-limit.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { VoiceCallService } from './voicecall.service.ts';

export function voicecallRoutes(deps: { auth: GuestAuth; service: VoiceCallService }): FastifyPluginAsync {
  const { auth, service } = deps;
  return async (app) => {
    privateResponses(app);
    retryAfterOnRateLimit(app);
    route(app, voicecallEndpoints.state).handle({
      authenticate: (request) => auth.authenticate(request),
      handler: async ({ auth: caller }) =>
        service.stateOf({ guestId: caller?.guestId ?? null, sessionId: caller?.sessionId ?? null }),
    });
    route(app, voicecallEndpoints.video).handle({
      authenticate: async (request) => (await auth.requireGuest(request)).guestId,
      handler: async ({ auth: guestId }) => service.video(guestId),
    });
    route(app, voicecallEndpoints.anonymousChat).handle({
      authenticate: async (request) => {
        const caller = await auth.authenticate(request);
        if (!caller) throw new AppError('UNAUTHORIZED', 'Open the site first (no session)', 401);
        return caller;
      },
      handler: async ({ body, auth: caller, request }) =>
        service.anonymousChat({
          accessToken: body.accessToken,
          actorId: body.actorId,
          sessionId: caller.sessionId,
          loggedIn: caller.guestId !== null,
          ip: request.ip,
        }),
    });
  };
}

/**
 * The inbound side of the telephony adapter (decision 0051): what a telephony provider reports about
 * calls to the performers' voice numbers. The outbound side (sending a pin) is the `Telephony` port of
 * apps/server/src/infra/telephony.ts (pincall module). A real provider's webhook adapter would verify
 * the provider's signature and call this port; the sandbox below is the demo's "phone": outside
 * production, `POST voicecall/sandbox/dial` and `voicecall/sandbox/hangup` (contracts voicecall.ts)
 * report a call from any number, and the answer carries what the IVR would speak (the anonymous
 * caller's access token).
 */
import { voicecallEndpoints } from '@vela/contracts/voicecall';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { privateResponses } from '../../http/private.ts';
import type { CallEndAnswer, CallStartAnswer, CallStarted } from './voicecall.service.ts';

/** What a telephony provider reports of the calls to our voice numbers. */
export interface TelephonyCalls {
  /** A call reached a performer's voice number (idempotent by `providerCallId`). */
  callStarted(call: CallStarted): Promise<CallStartAnswer>;
  /** The caller hung up (idempotent: a repeated report answers the stored end). */
  callEnded(providerCallId: string): Promise<CallEndAnswer>;
}

/** The sandbox phone's routes (mounted only outside production). */
export function sandboxTelephonyRoutes(calls: TelephonyCalls): FastifyPluginAsync {
  return async (app) => {
    privateResponses(app);
    route(app, voicecallEndpoints.sandboxDial).handle({
      handler: async ({ body }) =>
        calls.callStarted({
          providerCallId: body.providerCallId,
          from: body.from,
          actorId: body.actorId,
          ageVerified: body.ageVerified,
        }),
    });
    route(app, voicecallEndpoints.sandboxHangup).handle({
      handler: async ({ body }) => calls.callEnded(body.providerCallId),
    });
  };
}

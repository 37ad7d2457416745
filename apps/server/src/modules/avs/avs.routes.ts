/**
 * Age verification REST routes for the logged-in guest, mounted under `/rest/v1` (spec 4):
 * `avs/status`, `avs/request` POST, and `guest/restriction` (which dialog an FSK-18 action needs).
 * Answers are per guest: `Cache-Control: no-store`, `Referrer-Policy: no-referrer`.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AgeGate } from '../../http/age-gate.ts';
import { parseInput } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { GuestAuth } from '../guests/auth.ts';
import { AvsRequestSchema, RestrictionQuerySchema } from './avs.schema.ts';
import type { AvsService } from './avs.service.ts';

const AVS_BODY_LIMIT = 4 * 1024;

export function avsRoutes(deps: { auth: GuestAuth; avs: AvsService; gate: AgeGate }): FastifyPluginAsync {
  const { auth, avs, gate } = deps;
  const requireGuest = async (request: FastifyRequest) => (await auth.requireGuest(request)).guestId;

  return async (app) => {
    privateResponses(app);

    app.get('/avs/status', async (request) => {
      const guestId = await requireGuest(request);
      return { success: true, data: await avs.status(guestId) };
    });

    app.post('/avs/request', { bodyLimit: AVS_BODY_LIMIT }, async (request) => {
      const guestId = await requireGuest(request);
      const body = parseInput(AvsRequestSchema, request.body);
      const state = await avs.submit(guestId, body);
      request.log.info({ guestId, avsStatus: state.avsStatus }, 'age verification requested');
      return { success: true, data: state };
    });

    // Visitors may ask too: the answer (need-login) is what opens the login dialog.
    app.get('/guest/restriction', async (request) => {
      const { ageRating } = parseInput(RestrictionQuerySchema, request.query);
      const context = await auth.authenticate(request);
      return { success: true, data: { reason: await gate.reasonFor(context?.guestId ?? null, ageRating) } };
    });
  };
}

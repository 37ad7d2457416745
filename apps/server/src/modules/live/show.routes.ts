/**
 * The show side's calls (issue 18; contracts ticket-show.ts): the performer API's `performer/shows`
 * (schedule a cam show) and `performer/invitations` (spec 7 `privateTicketShowInvitation`), with the
 * performer's token like the rest of the performer API; and the operator's `show-clock` (internal
 * API, only when SHOW_CLOCK_ADJUSTABLE).
 */
import { showEndpoints as e } from '@vela/contracts/ticket-show';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { Clock, ShowClock } from '../../infra/clock.ts';
import type { ActorPictureReads } from '../catalog/actor-picture.ts';
import type { GuestAuth } from '../guests/auth.ts';
import type { ShowSchedule } from '../performers/show-schedule.ts';
import { createPerformerAuth } from './performer.routes.ts';
import { scheduledShowView } from './show.presenter.ts';
import type { TicketHolderReads } from './show-admission.ts';
import type { ShowInvitations } from './show-invitations.ts';

export function showPerformerRoutes(deps: {
  secret: string;
  schedule: Pick<ShowSchedule, 'scheduleShow'>;
  invitations: Pick<ShowInvitations, 'invite'>;
  actors: ActorPictureReads;
}): FastifyPluginAsync {
  const authenticate = createPerformerAuth(deps.secret);
  return async (app) => {
    privateResponses(app);
    route(app, e.schedule).handle({
      authenticate,
      handler: async ({ auth: actorId, body }) => {
        // A valid token of an actor the catalog does not have (any more): nothing to schedule for.
        if (!(await deps.actors.actorPicture(actorId)))
          throw new AppError('NOT_FOUND', 'No such performer', 404);
        return scheduledShowView(
          await deps.schedule.scheduleShow({
            actorId,
            title: body.title,
            description: body.description,
            startsAt: new Date(body.startsAt),
            endsAt: new Date(body.endsAt),
            priceCents: body.priceCents,
            isFree: body.priceCents === 0,
            isFeatured: body.isFeatured,
            isInternal: body.isInternal,
            bonusCode: body.bonusCode,
          }),
        );
      },
    });
    route(app, e.invite).handle({
      authenticate,
      handler: async ({ auth: actorId, body }) => {
        await deps.invitations.invite(actorId, body.guestId);
        return { invited: true as const };
      },
    });
  };
}

/** The guest side: the live-show tab's show state (visitors: no ticket). */
export function showGuestRoutes(deps: {
  auth: GuestAuth;
  schedule: Pick<ShowSchedule, 'currentShowOf' | 'nextShowOf'>;
  tickets: Pick<TicketHolderReads, 'hasTicket'>;
  clock: Clock;
}): FastifyPluginAsync {
  return async (app) => {
    privateResponses(app);
    route(app, e.state).handle({
      handler: async ({ params, request }) => {
        const now = new Date(deps.clock.now());
        const [running, next, caller] = await Promise.all([
          deps.schedule.currentShowOf(params.actorId, now),
          deps.schedule.nextShowOf(params.actorId, now),
          deps.auth.authenticate(request),
        ]);
        const guestId = caller?.guestId ?? null;
        const hasTicket =
          running && guestId !== null ? await deps.tickets.hasTicket(guestId, running.id) : false;
        return {
          running: running
            ? {
                show: { id: running.id, title: running.title, endsAt: running.endsAt.toISOString() },
                hasTicket,
              }
            : null,
          next: next ? { id: next.id, title: next.title, startsAt: next.startsAt.toISOString() } : null,
        };
      },
    });
  };
}

export function showInternalRoutes(deps: { clock: ShowClock }): FastifyPluginAsync {
  return async (app) => {
    route(app, e.shiftClock).handle({
      handler: async ({ body }) => {
        if (!deps.clock.adjustable) throw new AppError('NOT_FOUND', 'The show clock is not adjustable', 404);
        const offsetMs = deps.clock.shift(body.shiftMs);
        return { offsetMs, now: new Date(deps.clock.now()).toISOString() };
      },
    });
  };
}

/**
 * The guest's own data (spec 7 names, under /rest/v1): preferences, notification settings,
 * newsletter types (spec 3 bits), the data protection dialog (spec 4) and the profile page's read.
 * Every call needs a logged-in guest (401 NOT_LOGGED_IN) and touches only the caller's row.
 */
import { guestEndpoints } from '@vela/contracts/guest-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import {
  newsletterTypesOf,
  presentGuest,
  presentNotificationSettings,
  presentPreferences,
} from './guests.presenter.ts';
import type { GuestRow, GuestsRepository } from './guests.repository.ts';

export interface GuestDataRoutesDeps {
  repository: GuestsRepository;
  /** The logged-in caller (401 NOT_LOGGED_IN otherwise). */
  requireGuest(request: FastifyRequest): Promise<{ guestId: number }>;
}

const SMALL_BODY_LIMIT = 8 * 1024;

export function guestDataRoutes(deps: GuestDataRoutesDeps): FastifyPluginAsync {
  const { repository } = deps;

  const callerRow = async (request: FastifyRequest): Promise<GuestRow> => {
    const { guestId } = await deps.requireGuest(request);
    const guest = await repository.guestById(guestId);
    if (!guest) throw new AppError('NOT_LOGGED_IN', 'Log in first', 401);
    return guest;
  };
  // Spec 5: a newsletter subscription succeeded only when the outer and the inner success are true.
  const newsletterAnswer = (bits: number) => ({
    success: true,
    newsletterBits: bits,
    types: newsletterTypesOf(bits),
  });
  const small = { bodyLimit: SMALL_BODY_LIMIT };

  return async (app) => {
    route(app, guestEndpoints.savePreferences).handle({
      authenticate: callerRow,
      options: small,
      handler: async ({ body, auth: guest }) => {
        const merged = await repository.mergePreferences(guest.id, body.data);
        return { preferences: presentPreferences(merged) };
      },
    });

    route(app, guestEndpoints.notificationsSettings).handle({
      authenticate: callerRow,
      handler: async ({ auth: guest }) => ({
        notificationsSettings: presentNotificationSettings(guest.notificationSettings),
      }),
    });

    route(app, guestEndpoints.saveNotificationsSettings).handle({
      authenticate: callerRow,
      options: small,
      handler: async ({ body, auth: guest }) => {
        const merged = await repository.mergeNotificationSettings(guest.id, body);
        return { notificationsSettings: presentNotificationSettings(merged) };
      },
    });

    route(app, guestEndpoints.newsletter).handle({
      authenticate: callerRow,
      handler: async ({ auth: guest }) => newsletterAnswer(guest.newsletterBits),
    });

    route(app, guestEndpoints.newsletterSubscribe).handle({
      authenticate: callerRow,
      options: small,
      handler: async ({ body, auth: guest }) => {
        // A guest subscribes only themself: the given user and address must be the caller's.
        if (String(body.userId) !== String(guest.id) || body.emailAddress.toLowerCase() !== guest.email)
          throw new AppError('FORBIDDEN', 'You can only subscribe your own account and address', 403);
        return newsletterAnswer(await repository.setNewsletterBit(guest.id, body.typeId, true));
      },
    });

    // guest/newsletter/unsubscribe (the logged-in POST and the mail's signed link): newsletter.routes.ts.

    for (const endpoint of [guestEndpoints.closeDataProtection, guestEndpoints.closeAgbAndDataProtection]) {
      route(app, endpoint).handle({
        authenticate: callerRow,
        options: small,
        handler: async ({ body, auth: guest }) => {
          if (!body.accepted)
            throw new AppError('NOT_ACCEPTED', 'The data protection terms were not accepted', 400);
          await repository.hideDataProtection(guest.id);
          // Spec 4: the dialog is hidden once the server confirms.
          return { accepted: true, showDataProtection: false };
        },
      });
    }

    route(app, guestEndpoints.profile).handle({
      authenticate: callerRow,
      handler: async ({ auth: guest }) => ({
        guest: presentGuest(guest, await repository.moneyStateOf(guest.id)),
        preferences: presentPreferences(guest.preferences),
        notificationsSettings: presentNotificationSettings(guest.notificationSettings),
        newsletterTypes: newsletterTypesOf(guest.newsletterBits),
      }),
    });
  };
}

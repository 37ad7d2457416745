/**
 * The guest's own data (spec 7 names, under /rest/v1): preferences, notification settings,
 * newsletter types (spec 3 bits), the data protection dialog (spec 4) and the profile page's read.
 * Every call needs a logged-in guest (401 NOT_LOGGED_IN) and touches only the caller's row.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
import {
  newsletterTypesOf,
  presentGuest,
  presentNotificationSettings,
  presentPreferences,
} from './guests.presenter.ts';
import type { GuestRow, GuestsRepository } from './guests.repository.ts';
import {
  CloseDataProtectionSchema,
  NewsletterSubscribeSchema,
  NotificationSettingsUpdateSchema,
  SavePreferencesSchema,
} from './guests.schema.ts';

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
  const newsletterAnswer = (bits: number) => ({
    success: true,
    // Spec 5: a newsletter subscription succeeded only when the outer and the inner success are true.
    data: { success: true, newsletterBits: bits, types: newsletterTypesOf(bits) },
  });
  const closeDataProtection = async (request: FastifyRequest) => {
    const guest = await callerRow(request);
    const body = parseInput(CloseDataProtectionSchema, request.body);
    if (!body.accepted)
      throw new AppError('NOT_ACCEPTED', 'The data protection terms were not accepted', 400);
    await repository.hideDataProtection(guest.id);
    // Spec 4: the dialog is hidden once the server confirms.
    return { success: true, data: { accepted: true, showDataProtection: false } };
  };

  return async (app) => {
    app.post('/guest/savePreferences', { bodyLimit: SMALL_BODY_LIMIT }, async (request) => {
      const guest = await callerRow(request);
      const body = parseInput(SavePreferencesSchema, request.body);
      const merged = await repository.mergePreferences(guest.id, body.data);
      return { success: true, data: { preferences: presentPreferences(merged) } };
    });

    app.get('/guest/getNotificationsSettings', async (request) => {
      const guest = await callerRow(request);
      return {
        success: true,
        data: { notificationsSettings: presentNotificationSettings(guest.notificationSettings) },
      };
    });

    app.post('/guest/getNotificationsSettings', { bodyLimit: SMALL_BODY_LIMIT }, async (request) => {
      const guest = await callerRow(request);
      const body = parseInput(NotificationSettingsUpdateSchema, request.body);
      const merged = await repository.mergeNotificationSettings(guest.id, body);
      return { success: true, data: { notificationsSettings: presentNotificationSettings(merged) } };
    });

    app.get('/guest/newsletter', async (request) => {
      const guest = await callerRow(request);
      return newsletterAnswer(guest.newsletterBits);
    });

    app.post('/guest/newsletter/subscribe', { bodyLimit: SMALL_BODY_LIMIT }, async (request) => {
      const guest = await callerRow(request);
      const body = parseInput(NewsletterSubscribeSchema, request.body);
      // A guest subscribes only themself: the given user and address must be the caller's.
      if (String(body.userId) !== String(guest.id) || body.emailAddress.toLowerCase() !== guest.email)
        throw new AppError('FORBIDDEN', 'You can only subscribe your own account and address', 403);
      return newsletterAnswer(await repository.setNewsletterBit(guest.id, body.typeId, true));
    });

    // guest/newsletter/unsubscribe (the logged-in POST and the mail's signed link): newsletter.routes.ts.

    app.post('/guest/closeDataProtection', { bodyLimit: SMALL_BODY_LIMIT }, closeDataProtection);
    app.post('/guest/closeAgbAndDataProtection', { bodyLimit: SMALL_BODY_LIMIT }, closeDataProtection);

    app.get('/guest/profile', async (request) => {
      const guest = await callerRow(request);
      return {
        success: true,
        data: {
          guest: presentGuest(guest, await repository.moneyStateOf(guest.id)),
          preferences: presentPreferences(guest.preferences),
          notificationsSettings: presentNotificationSettings(guest.notificationSettings),
          newsletterTypes: newsletterTypesOf(guest.newsletterBits),
        },
      };
    });
  };
}

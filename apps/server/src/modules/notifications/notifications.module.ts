/**
 * Notifications (issue 6; spec 3, 4, 9): the socket messages for the navbar and floating lists
 * (newest 5) and for read/seen, the snapshot's counts, and the operator routes
 *
 * - POST internal/guests/:guestId/notifications {type, params?, url?, dedupeKey?}  create (201; 200
 *   with `created: false` when the dedupe key was used)
 * - POST internal/guests/:guestId/notifications/remove {ids}  remove; the pages drop them
 * - POST internal/guests/:guestId/page-reload  every open page of the guest reloads (spec 7
 *   `pageReload`, e.g. after an operator changed the account)
 *
 * The operator routes are registered from `notificationsOperatorEndpoints` (decision 0032).
 */
import { notificationsOperatorEndpoints as e } from '@vela/contracts/operator-api';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { SocketHandlers } from '../realtime/socket.types.ts';
import type { FansOfActor } from './notifications.repository.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

export interface NotificationsModule extends FeatureModule {
  service: NotificationsService;
}

export function createNotificationsModule(
  deps: FeatureModuleDeps & {
    /** The guests who pinned a performer, as a subquery (the favorites module's `fansOfActorSql`). */
    fansOf: FansOfActor;
  },
): NotificationsModule {
  const service = createNotificationsService({
    db: deps.db,
    bus: deps.bus,
    fansOf: deps.fansOf,
    log: deps.log,
  });

  const socket: SocketHandlers = {
    async getNavbarNotifications(context) {
      return { type: 'navbarNotifications', ...(await service.list(context.guestId, 'navbar')) };
    },
    async getFloatingNotifications(context) {
      return { type: 'floatingNotifications', ...(await service.list(context.guestId, 'floating')) };
    },
    async markNotificationRead(context, message) {
      await service.mark(context.guestId, Number(message.notificationId), 'read');
      return undefined;
    },
    async markNotificationSeen(context, message) {
      await service.mark(context.guestId, Number(message.notificationId), 'seen');
      return undefined;
    },
  };

  const internal: FastifyPluginAsync = async (app) => {
    const under = 'internal/';
    route(app, e.createNotification, under).handle({
      handler: async ({ params: { guestId }, body: input, request, reply }) => {
        if (!(await deps.guests.guestById(Number(guestId))))
          throw new AppError('GUEST_NOT_FOUND', 'No such guest', 404);
        const notification = await service.create(Number(guestId), input);
        request.log.info(
          {
            operator: {
              action: 'notification.create',
              guestId,
              type: input.type,
              created: notification !== null,
            },
          },
          'internal api: notification.create',
        );
        reply.code(notification ? 201 : 200);
        return { created: notification !== null, notification };
      },
    });
    route(app, e.removeNotifications, under).handle({
      handler: async ({ params: { guestId }, body: { ids }, request }) => {
        const removed = await service.remove(Number(guestId), ids.map(Number));
        request.log.info(
          { operator: { action: 'notification.remove', guestId, removed: removed.length } },
          'internal api: notification.remove',
        );
        return { removed };
      },
    });
    route(app, e.pageReload, under).handle({
      handler: async ({ params: { guestId }, request }) => {
        if (!(await deps.guests.guestById(Number(guestId))))
          throw new AppError('GUEST_NOT_FOUND', 'No such guest', 404);
        await publishToGuest(deps.bus, Number(guestId), { type: 'pageReload' }, deps.log);
        request.log.info(
          { operator: { action: 'guest.pageReload', guestId } },
          'internal api: guest.pageReload',
        );
        return { guestId, published: true };
      },
    });
  };

  return {
    service,
    socket,
    snapshot: async (guestId) => ({ notifications: await service.counts(guestId) }),
    internal,
  };
}

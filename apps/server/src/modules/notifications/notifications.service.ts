/**
 * Notifications (spec 3, 4, 9): stored per guest, then announced on the guest's channel so every
 * open page updates (the navbar badge, the floating list); read and seen are changed by the guest,
 * removals by the operator, and each change is announced with the new counts. Hidden types are
 * stored but never listed, counted or announced. `onCreated` listeners (web push) hear each shown one.
 */
import type { Notification, NotificationCounts } from '@vela/contracts/socket';
import type { Db } from '@vela/db/client';
import {
  favoriteOnlineDedupeKey,
  isShownNotificationType,
  NEWEST_NOTIFICATIONS,
  NOTIFICATION_TYPES,
} from '@vela/domain/notifications';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import {
  createNotificationsRepository,
  type FansOfActor,
  type NewNotification,
  type NotificationRow,
} from './notifications.repository.ts';

export type NotificationListener = (guestId: number, notification: Notification) => void | Promise<void>;

export interface NotificationsDeps {
  db: Db;
  bus: EventBus;
  /** Who pinned a performer (the favorites module's; `favoriteOnline` notifies them). */
  fansOf: FansOfActor;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  now?: () => Date;
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: String(row.id),
    type: row.type,
    unread: row.unread,
    unseen: row.unseen,
    params: row.params,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createNotificationsService(deps: NotificationsDeps) {
  const repository = createNotificationsRepository(deps.db, deps.fansOf);
  const listeners = new Set<NotificationListener>();
  const now = deps.now ?? (() => new Date());

  /** Announces a stored notification; `known` counts save the read (a batch read them at once). */
  async function announce(row: NotificationRow, known?: NotificationCounts): Promise<void> {
    if (!isShownNotificationType(row.type)) return;
    const notification = presentNotification(row);
    const counts = known ?? (await repository.counts(row.guestId));
    await publishToGuest(deps.bus, row.guestId, { type: 'notification', notification, counts }, deps.log);
    for (const listener of listeners) {
      try {
        await listener(row.guestId, notification);
      } catch (error) {
        deps.log.error({ err: error, guestId: row.guestId }, 'notification listener failed');
      }
    }
  }

  return {
    /** Listeners hear every shown notification after it is stored; returns the removal. */
    onCreated(listener: NotificationListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Stores a notification and announces it; null when its dedupe key was used already. */
    async create(guestId: number, input: NewNotification): Promise<Notification | null> {
      const row = await repository.insert(guestId, input);
      if (!row) return null;
      await announce(row);
      return presentNotification(row);
    },

    /** A favorite came online: every guest who pinned the actor is told, once per hour and actor. */
    async favoriteOnline(actor: { id: number; name: string; url: string }): Promise<number> {
      const rows = await repository.insertForFans(actor.id, {
        type: NOTIFICATION_TYPES.favoriteOnline,
        params: { actorId: actor.id, actorName: actor.name },
        url: actor.url,
        dedupeKey: favoriteOnlineDedupeKey(actor.id, now()),
      });
      // One counts query for all fans, not one per fan.
      const counts = await repository.countsOf(rows.map((row) => row.guestId));
      for (const row of rows)
        await announce(row, counts.get(row.guestId) ?? { unreadTotal: 0, unseenTotal: 0 });
      return rows.length;
    },

    /** Spec 9: the newest 5 shown (navbar), or the newest 5 unseen (floating). */
    async list(guestId: number, kind: 'navbar' | 'floating') {
      const [rows, counts] = await Promise.all([
        repository.newest(guestId, NEWEST_NOTIFICATIONS, kind === 'floating'),
        repository.counts(guestId),
      ]);
      return { notifications: rows.map(presentNotification), counts };
    },

    counts: (guestId: number): Promise<NotificationCounts> => repository.counts(guestId),

    /** Unread -> read (and seen); every page of the guest is told. Unknown ids: NOT_FOUND. */
    async mark(guestId: number, id: number, as: 'read' | 'seen'): Promise<NotificationCounts> {
      const changed =
        as === 'read' ? await repository.markRead(guestId, id) : await repository.markSeen(guestId, id);
      if (!changed && !(await repository.exists(guestId, id))) throw notFound();
      const counts = await repository.counts(guestId);
      if (changed)
        await publishToGuest(
          deps.bus,
          guestId,
          {
            type: as === 'read' ? 'notificationsMarkedRead' : 'notificationsMarkedSeen',
            ids: [String(id)],
            counts,
          },
          deps.log,
        );
      return counts;
    },

    /** The operator removes notifications; the guest's pages drop them. */
    async remove(guestId: number, ids: number[]): Promise<string[]> {
      const removed = (await repository.remove(guestId, ids)).map(String);
      if (removed.length > 0) {
        const counts = await repository.counts(guestId);
        await publishToGuest(
          deps.bus,
          guestId,
          { type: 'notificationsRemoved', ids: removed, counts },
          deps.log,
        );
      }
      return removed;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

const notFound = () => new AppError('NOT_FOUND', 'No such notification', 404);

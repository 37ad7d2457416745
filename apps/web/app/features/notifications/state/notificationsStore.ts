/**
 * The page's notifications (spec 4, spec 9): counts for the navbar badge, the navbar list (newest 5)
 * and the floating list (newest 5 unseen), kept current by the socket. Framework-free: the React
 * hooks read it with useSyncExternalStore. One store per socket client.
 */
import type { Notification, NotificationCounts, ServerSocketMessage } from '@vela/contracts/socket';
import { NEWEST_NOTIFICATIONS } from '@vela/domain/notifications';
import { createListeners } from '../../realtime/state/listeners.ts';

export interface NotificationsState {
  counts: NotificationCounts;
  /** Null until the navbar list was asked for. */
  navbar: Notification[] | null;
  floating: Notification[];
}

const EMPTY: NotificationsState = { counts: { unreadTotal: 0, unseenTotal: 0 }, navbar: null, floating: [] };

const newestFirst = (a: Notification, b: Notification) => Number(b.id) - Number(a.id);

export function createNotificationsStore() {
  let state: NotificationsState = EMPTY;
  const listeners = createListeners();
  const set = (next: NotificationsState) => {
    state = next;
    listeners.emit();
  };
  const patch = (ids: string[], change: Partial<Pick<Notification, 'unread' | 'unseen'>>) => {
    const touched = new Set(ids);
    const apply = (list: Notification[]) => list.map((n) => (touched.has(n.id) ? { ...n, ...change } : n));
    return { navbar: state.navbar ? apply(state.navbar) : null, floating: apply(state.floating) };
  };

  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    /** Applies one socket message (others are ignored). */
    apply(message: ServerSocketMessage): void {
      switch (message.type) {
        case 'ackSession':
          if (message.snapshot) set({ ...state, counts: message.snapshot.notifications });
          return;
        case 'navbarNotifications':
          set({ ...state, counts: message.counts, navbar: message.notifications });
          return;
        case 'floatingNotifications':
          set({ ...state, counts: message.counts, floating: message.notifications.filter((n) => n.unseen) });
          return;
        case 'notification': {
          const add = (list: Notification[]) =>
            [message.notification, ...list.filter((n) => n.id !== message.notification.id)]
              .sort(newestFirst)
              .slice(0, NEWEST_NOTIFICATIONS);
          set({
            counts: message.counts,
            navbar: state.navbar ? add(state.navbar) : null,
            floating: message.notification.unseen ? add(state.floating) : state.floating,
          });
          return;
        }
        case 'notificationsMarkedRead':
        case 'notificationsMarkedSeen': {
          // Read implies seen; either way the floating list (unseen only) drops them.
          const read = message.type === 'notificationsMarkedRead';
          const next = patch(message.ids, read ? { unread: false, unseen: false } : { unseen: false });
          const gone = new Set(message.ids);
          set({
            counts: message.counts,
            navbar: next.navbar,
            floating: next.floating.filter((n) => !gone.has(n.id)),
          });
          return;
        }
        case 'notificationsRemoved': {
          const gone = new Set(message.ids);
          set({
            counts: message.counts,
            navbar: state.navbar ? state.navbar.filter((n) => !gone.has(n.id)) : null,
            floating: state.floating.filter((n) => !gone.has(n.id)),
          });
          return;
        }
        default:
      }
    },
  };
}

/** The page's notifications state (notificationsStore); empty during SSR and for visitors. */
import { clientStoreHook } from '../../realtime/hooks/clientStoreHook.ts';
import { createNotificationsStore, type NotificationsState } from '../state/notificationsStore.ts';

const EMPTY: NotificationsState = { counts: { unreadTotal: 0, unseenTotal: 0 }, navbar: null, floating: [] };

export const useNotifications: () => NotificationsState = clientStoreHook(
  () => createNotificationsStore(),
  EMPTY,
);

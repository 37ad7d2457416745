/**
 * The page's notifications state (notificationsStore), one store per socket client, fed by every
 * incoming message from the moment a component first asks. During SSR and for visitors: empty.
 */
import { useSyncExternalStore } from 'react';
import type { SocketClient } from '../../realtime/socketClient.ts';
import { useRealtime } from '../../realtime/state/RealtimeProvider.tsx';
import {
  createNotificationsStore,
  type NotificationsState,
  type NotificationsStore,
} from '../state/notificationsStore.ts';

const stores = new WeakMap<SocketClient, NotificationsStore>();
const EMPTY: NotificationsState = { counts: { unreadTotal: 0, unseenTotal: 0 }, navbar: null, floating: [] };
const noop = () => () => {};

function storeOf(client: SocketClient): NotificationsStore {
  let store = stores.get(client);
  if (!store) {
    store = createNotificationsStore(client.session?.snapshot?.notifications ?? null);
    const created = store;
    client.onMessage((message) => created.apply(message));
    stores.set(client, store);
  }
  return store;
}

export function useNotifications(): NotificationsState {
  const client = useRealtime()?.client ?? null;
  const store = client ? storeOf(client) : null;
  return useSyncExternalStore(
    store ? store.subscribe : noop,
    () => (store ? store.getState() : EMPTY),
    () => EMPTY,
  );
}

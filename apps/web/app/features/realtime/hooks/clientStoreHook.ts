/**
 * A hook over a store fed by the page's socket: one store per socket client, created on first use,
 * seeded with the client's last acknowledgement and then fed every incoming message. During SSR
 * and outside the provider the hook answers `empty` (what the server rendered).
 */
import type { ServerSocketMessage } from '@vela/contracts/socket';
import { useSyncExternalStore } from 'react';
import type { SocketClient } from '../socketClient.ts';
import { useSocketClient } from '../state/RealtimeProvider.tsx';

export interface ClientStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
  apply(message: ServerSocketMessage): void;
}

const noSubscription = () => () => {};

export function clientStoreHook<S>(create: () => ClientStore<S>, empty: S): () => S {
  const stores = new WeakMap<SocketClient, ClientStore<S>>();
  const storeOf = (client: SocketClient): ClientStore<S> => {
    let store = stores.get(client);
    if (!store) {
      const created = create();
      if (client.session) created.apply(client.session);
      client.onMessage((message) => created.apply(message));
      stores.set(client, created);
      store = created;
    }
    return store;
  };
  return function useClientStore(): S {
    const client = useSocketClient();
    const store = client ? storeOf(client) : null;
    return useSyncExternalStore(
      store ? store.subscribe : noSubscription,
      () => (store ? store.getState() : empty),
      () => empty,
    );
  };
}

/**
 * The listener set of a framework-free store, what `useSyncExternalStore` subscribes to. One helper
 * so every store tells its listeners the same way: `emit` tells those subscribed when it starts, so
 * a listener that subscribes or unsubscribes while being told does not change who is told this time.
 */
export function createListeners() {
  const listeners = new Set<() => void>();
  return {
    emit(): void {
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

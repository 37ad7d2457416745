/**
 * The catalog changed (an operator import of actors or albums, or the operator's "clear cache"):
 * published on the bus channel `catalog`, so every node forgets the answers it keeps for visitors
 * (video listing pages, search answers). The
 * bus only notifies; a failed publish is logged, the change is committed, and the kept answers
 * expire on their own within their short lifetime.
 */
import type { EventBus, Unsubscribe } from '../../infra/bus.ts';
import type { PublishLog } from '../../infra/publish-to-guest.ts';

export const CATALOG_CHANNEL = 'catalog';

export interface CatalogChangedEvent {
  type: 'catalogChanged';
  /** What changed: an import, or the operator's "clear cache". */
  what: 'actors' | 'albums' | 'operator';
}

export async function publishCatalogChanged(
  bus: EventBus,
  what: CatalogChangedEvent['what'],
  log?: PublishLog,
): Promise<boolean> {
  try {
    await bus.publish(CATALOG_CHANNEL, { type: 'catalogChanged', what } satisfies CatalogChangedEvent);
    return true;
  } catch (error) {
    log?.warn({ err: error, what }, 'catalogChanged not published');
    return false;
  }
}

/** Calls `onChange` for every catalogChanged event, from any node. */
export function onCatalogChanged(bus: EventBus, onChange: () => void): Promise<Unsubscribe> {
  return bus.subscribe(CATALOG_CHANNEL, (event) => {
    if ((event as { type?: unknown })?.type === 'catalogChanged') onChange();
  });
}

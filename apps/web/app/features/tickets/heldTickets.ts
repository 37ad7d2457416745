/**
 * Which shows the guest holds a ticket for, once per page (one `guest/chatTickets` call), kept
 * current by the page's own buys and returns and by `chatTicketResult` from the guest's other pages.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { heldShowIds } from './api.ts';

type Held = ReadonlySet<number> | null;

let held: Held = null;
let requested = false;
const listeners = new Set<() => void>();

function publish(next: ReadonlySet<number>): void {
  held = next;
  for (const listener of listeners) listener();
}

/** Marks a show as held (`true`) or not. */
export function setHeld(showId: number, isHeld: boolean): void {
  const next = new Set(held ?? []);
  if (isHeld) next.add(showId);
  else next.delete(showId);
  publish(next);
}

function load(): void {
  if (requested) return;
  requested = true;
  heldShowIds()
    .then((ids) => publish(new Set(ids)))
    .catch(() => {
      // Unknown: the offer shows the buy button; a buy of a held ticket answers "bought" without a charge.
      requested = false;
    });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The held show ids, null until known (always null for a visitor). */
export function useHeldTickets(loggedIn: boolean): Held {
  useEffect(() => {
    if (loggedIn) load();
  }, [loggedIn]);
  const value = useSyncExternalStore(
    subscribe,
    () => held,
    () => null,
  );
  return loggedIn ? value : null;
}

/**
 * What the spec 2 modal `not-enough-money` shows and does, handed over by the feature that ran out of
 * money (a purchase): the registered modal has no props of its own. One request at a time; the page's
 * latest asks. Browser only (a server render never opens a modal).
 */
import { useSyncExternalStore } from 'react';
import { createListeners } from '../realtime/state/listeners.ts';

export interface NotEnoughMoneyRequest {
  /** What it costs, formatted ("8 coins"). */
  price: string;
  /** "Top up": opens the payment dialog; what was refused goes again after the top-up. */
  onTopUp(): void;
  /** Closed without a top-up. */
  onCancel(): void;
}

let current: NotEnoughMoneyRequest | null = null;
const listeners = createListeners();

export function setNotEnoughMoneyRequest(request: NotEnoughMoneyRequest | null): void {
  current = request;
  listeners.emit();
}

const read = () => current;
const none = () => null;

export function useNotEnoughMoneyRequest(): NotEnoughMoneyRequest | null {
  return useSyncExternalStore(listeners.subscribe, read, none);
}

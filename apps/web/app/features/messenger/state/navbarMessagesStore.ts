/**
 * The navbar's messages (spec 4, spec 9: the newest 5 channels with unread messages, and the unread
 * total for the badge): from the session snapshot's `messenger` part and every `messengerUnread`.
 * Part of every page's first load: types only, no schema (decision 0035).
 */
import type { MessengerChannel } from '@vela/contracts/messenger';
import type { ServerSocketMessage } from '@vela/contracts/socket';
import { createListeners } from '../../realtime/state/listeners.ts';

export interface NavbarMessagesState {
  unreadTotal: number;
  /** Newest first, at most 5, only channels with unread messages. */
  navbar: readonly MessengerChannel[];
}

export const EMPTY_NAVBAR_MESSAGES: NavbarMessagesState = { unreadTotal: 0, navbar: [] };

export function navbarMessagesAfter(
  state: NavbarMessagesState,
  message: ServerSocketMessage,
): NavbarMessagesState {
  if (message.type === 'messengerUnread') return { unreadTotal: message.unreadTotal, navbar: message.navbar };
  if (message.type !== 'ackSession' || !message.snapshot) return state;
  // The snapshot's messenger part (when the server sends one): `{ unreadTotal, navbar }`.
  const part = (message.snapshot as { messenger?: Partial<NavbarMessagesState> }).messenger;
  if (!part || typeof part.unreadTotal !== 'number') return state;
  return { unreadTotal: part.unreadTotal, navbar: Array.isArray(part.navbar) ? part.navbar : [] };
}

export function createNavbarMessagesStore() {
  let state = EMPTY_NAVBAR_MESSAGES;
  const listeners = createListeners();
  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    apply(message: ServerSocketMessage): void {
      const next = navbarMessagesAfter(state, message);
      if (next === state) return;
      state = next;
      listeners.emit();
    },
  };
}

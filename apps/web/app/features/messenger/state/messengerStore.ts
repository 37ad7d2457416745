/**
 * The messenger page's state (issue 19): the channel list (the rules of @vela/domain/messenger-channels)
 * and the loaded conversations, changed by the socket's messenger events (so a second tab follows every
 * change) and by the page's own answers. Framework-free: the page reads it with useSyncExternalStore.
 */
import type {
  MessengerChannel,
  MessengerConversation,
  MessengerFilter,
  MessengerMessage,
} from '@vela/contracts/messenger';
import type { ServerSocketMessage } from '@vela/contracts/socket';
import {
  type ChannelListState,
  emptyChannelList,
  receiveChannels,
  removeChannel,
  selectChannel,
  setFilter,
  setUnreadTotal,
  unselect,
  updateChannel,
} from '@vela/domain/messenger-channels';
import { createListeners } from '../../realtime/state/listeners.ts';

export interface ConversationView {
  status: 'loading' | 'ready' | 'error';
  /** Why it did not load (a RestError code). */
  errorCode: string | null;
  /** Oldest first. */
  messages: MessengerMessage[];
  hasOlder: boolean;
  older: 'idle' | 'loading' | 'error';
}

export interface MessengerState {
  list: ChannelListState<MessengerChannel>;
  /** The list for the current filter arrived (a socket answer). */
  listReady: boolean;
  conversations: Readonly<Record<string, ConversationView>>;
}

/** What the page itself does to the state (besides the socket's events). */
export type MessengerAction =
  | { type: 'select'; channelId: string; channel?: MessengerChannel }
  | { type: 'unselect' }
  | { type: 'filter'; filter: MessengerFilter; onlineOnly: boolean }
  | { type: 'channelFailed'; channelId: string }
  | { type: 'channelChanged'; channel: MessengerChannel }
  | { type: 'unreadTotal'; unreadTotal: number }
  | { type: 'conversationLoading'; channelId: string }
  /** A new socket session: conversations other than `keep` may have missed messages, they load again. */
  | { type: 'forgetConversations'; keep: string | null }
  | { type: 'conversationLoaded'; channelId: string; conversation: MessengerConversation }
  | { type: 'conversationFailed'; channelId: string; code: string }
  | { type: 'olderLoading'; channelId: string }
  | { type: 'olderLoaded'; channelId: string; conversation: MessengerConversation }
  | { type: 'olderFailed'; channelId: string }
  | { type: 'message'; message: MessengerMessage; channel: MessengerChannel };

export const INITIAL_MESSENGER_STATE: MessengerState = {
  list: emptyChannelList<MessengerChannel>(),
  listReady: false,
  conversations: {},
};

const byId = (a: MessengerMessage, b: MessengerMessage) => {
  const diff = BigInt(a.id) - BigInt(b.id);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};

/** Messages merged by id (a later copy wins: a bought media), oldest first. */
export function mergeMessages(
  current: readonly MessengerMessage[],
  added: readonly MessengerMessage[],
): MessengerMessage[] {
  const merged = new Map(current.map((m) => [m.id, m]));
  for (const message of added) merged.set(message.id, message);
  return [...merged.values()].sort(byId);
}

function patchConversation(
  state: MessengerState,
  channelId: string,
  patch: (view: ConversationView | undefined) => ConversationView | undefined,
): MessengerState {
  const next = patch(state.conversations[channelId]);
  if (next === state.conversations[channelId]) return state;
  const conversations = { ...state.conversations };
  if (next) conversations[channelId] = next;
  else delete conversations[channelId];
  return { ...state, conversations };
}

function afterMessage(
  state: MessengerState,
  message: MessengerMessage,
  channel: MessengerChannel,
): MessengerState {
  const withChannel = { ...state, list: updateChannel(state.list, channel) };
  // A conversation still loading keeps the live message too: its answer may have been read before the
  // message was stored, and `conversationLoaded` merges what came meanwhile.
  return patchConversation(withChannel, message.channelId, (view) =>
    view && (view.status === 'ready' || view.status === 'loading')
      ? { ...view, messages: mergeMessages(view.messages, [message]) }
      : view,
  );
}

/** The messenger part of a session snapshot (server: `{ unreadTotal, navbar }`), when the server sends one. */
export function snapshotUnreadTotal(snapshot: unknown): number | null {
  const part = (snapshot as { messenger?: { unreadTotal?: unknown } } | null)?.messenger;
  return typeof part?.unreadTotal === 'number' ? part.unreadTotal : null;
}

export function messengerAfter(
  state: MessengerState,
  event: ServerSocketMessage | MessengerAction,
): MessengerState {
  switch (event.type) {
    case 'ackSession': {
      const total = snapshotUnreadTotal(event.snapshot);
      return total === null ? state : { ...state, list: setUnreadTotal(state.list, total) };
    }
    case 'channels':
      // An answer for another filter than the page's now (a late one) is dropped.
      if (event.filterType !== state.list.filter || event.online !== state.list.onlineOnly) return state;
      return { ...state, listReady: true, list: receiveChannels(state.list, event.channels) };
    case 'channel':
      return { ...state, list: updateChannel(state.list, event.channel) };
    case 'channelChanged':
      return { ...state, list: updateChannel(state.list, event.channel) };
    case 'messengerMessage':
    case 'message':
      return afterMessage(state, event.message, event.channel);
    case 'messagePrice': {
      const known = state.list.channels.find((c) => c.channelId === event.channelId);
      if (!known) return state;
      return { ...state, list: updateChannel(state.list, { ...known, messagePrice: event.price }) };
    }
    case 'messengerUnread':
    case 'unreadTotal':
      return { ...state, list: setUnreadTotal(state.list, event.unreadTotal) };
    case 'select':
      return { ...state, list: selectChannel(state.list, event.channelId, event.channel) };
    case 'unselect':
      return { ...state, list: unselect(state.list) };
    case 'filter':
      if (event.filter === state.list.filter && event.onlineOnly === state.list.onlineOnly) return state;
      return { ...state, listReady: false, list: setFilter(state.list, event.filter, event.onlineOnly) };
    case 'channelFailed':
      return { ...state, list: removeChannel(state.list, event.channelId) };
    case 'forgetConversations': {
      const kept = event.keep === null ? undefined : state.conversations[event.keep];
      const count = Object.keys(state.conversations).length;
      if (count === 0 || (count === 1 && kept)) return state;
      return { ...state, conversations: kept && event.keep !== null ? { [event.keep]: kept } : {} };
    }
    case 'conversationLoading':
      // A load again while one runs keeps the live messages the loading view holds (never dropped).
      return patchConversation(state, event.channelId, (view) =>
        view?.status === 'ready'
          ? view
          : {
              status: 'loading',
              errorCode: null,
              messages: view?.status === 'loading' ? view.messages : [],
              hasOlder: false,
              older: 'idle',
            },
      );
    case 'conversationLoaded':
      return patchConversation(state, event.channelId, (view) => ({
        status: 'ready',
        errorCode: null,
        // Messages that came live meanwhile stay.
        messages: mergeMessages(view?.messages ?? [], event.conversation.messages),
        hasOlder: view?.status === 'ready' ? view.hasOlder : event.conversation.hasOlder,
        older: 'idle',
      }));
    case 'conversationFailed':
      return patchConversation(state, event.channelId, () => ({
        status: 'error',
        errorCode: event.code,
        messages: [],
        hasOlder: false,
        older: 'idle',
      }));
    case 'olderLoading':
      return patchConversation(state, event.channelId, (view) => view && { ...view, older: 'loading' });
    case 'olderLoaded':
      return patchConversation(
        state,
        event.channelId,
        (view) =>
          view && {
            ...view,
            messages: mergeMessages(view.messages, event.conversation.messages),
            hasOlder: event.conversation.hasOlder,
            older: 'idle',
          },
      );
    case 'olderFailed':
      return patchConversation(state, event.channelId, (view) => view && { ...view, older: 'error' });
    default:
      return state;
  }
}

export type MessengerStore = ReturnType<typeof createMessengerStore>;

export function createMessengerStore(initial: MessengerState = INITIAL_MESSENGER_STATE) {
  let state = initial;
  const listeners = createListeners();
  const dispatch = (event: ServerSocketMessage | MessengerAction) => {
    const next = messengerAfter(state, event);
    if (next === state) return;
    state = next;
    listeners.emit();
  };
  return { getState: () => state, subscribe: listeners.subscribe, dispatch };
}

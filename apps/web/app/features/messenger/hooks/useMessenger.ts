/**
 * The messenger page's controller (issue 19): the store, fed by every socket message of the page (a
 * second tab follows every change), the channel list asked over the socket (spec 7 `loadChannels`,
 * `filterChannels`, `loadOnlineChannels`; one load per 500 ms, the last kept, spec 5/9), the selection
 * (marked read with `touch`, remembered under spec 9's local-storage keys) and the conversations over
 * REST (`messenger/channel/:id`, older pages with `before`), "All read" (`allChannelsSeen`). A failure is reported once to
 * `logger/vxmessengerError`; a channel that does not load leaves the list.
 */
import type { Language } from '@vela/contracts/common';
import type { MessengerChannel, MessengerFilter } from '@vela/contracts/messenger';
import type { ClientSocketRequest } from '@vela/contracts/socket';
import { CHANNELS_MAX, throttleLatest } from '@vela/domain/messenger-channels';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { RestError } from '../../api/rest.ts';
import { useSocketClient } from '../../realtime/state/RealtimeProvider.tsx';
import {
  channelForActor,
  loadConversation,
  reportMessengerError,
  touchChannel,
} from '../api/messengerApi.ts';
import { createMessengerStore, type MessengerStore } from '../state/messengerStore.ts';
import {
  clearStoredActor,
  readStoredSelection,
  storeActor,
  storeChannel,
} from '../state/selectionStorage.ts';

const codeOf = (error: unknown) => (error instanceof RestError ? error.code : 'UNKNOWN');

/** What the page was opened for: `?channel=`, `?actor=` (the profile's "Message"), else the stored one. */
export interface MessengerStart {
  channelId: string | null;
  actorId: number | null;
}

export function useMessenger(lang: Language, start: MessengerStart) {
  const client = useSocketClient();
  const [store] = useState<MessengerStore>(() => createMessengerStore());
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  /** The channel the guest asked for last (a late answer for another one is not shown). */
  const wanted = useRef<string | null>(null);
  const reported = useRef(new Set<string>());
  const [actorError, setActorError] = useState<string | null>(null);
  /** The channel being opened (shown as loading until it is in the list). */
  const [wantedId, setWantedId] = useState<string | null>(null);

  const reportOnce = useCallback((key: string, message: string, channelId?: string) => {
    if (reported.current.has(key)) return;
    reported.current.add(key);
    void reportMessengerError({ message, context: key.split(':')[0], ...(channelId ? { channelId } : {}) });
  }, []);

  // --- the list over the socket ------------------------------------------------------------------
  /** What this connection's server side was asked last (null: nothing since the session began). */
  const sent = useRef<{ filter: MessengerFilter; onlineOnly: boolean } | null>(null);
  const requestList = useCallback(() => {
    if (!client) return;
    const { filter, onlineOnly } = store.getState().list;
    const requests: ClientSocketRequest[] = [];
    const before = sent.current ?? { filter: 'newest' as MessengerFilter, onlineOnly: false };
    if (before.filter !== filter) requests.push({ type: 'filterChannels', filterType: filter });
    if (before.onlineOnly !== onlineOnly) requests.push({ type: 'loadOnlineChannels', online: onlineOnly });
    if (requests.length === 0) requests.push({ type: 'loadChannels', offset: 0, limit: CHANNELS_MAX });
    sent.current = { filter, onlineOnly };
    for (const request of requests) client.send(request);
  }, [client, store]);
  const throttled = useMemo(() => throttleLatest(requestList), [requestList]);
  useEffect(() => () => throttled.cancel(), [throttled]);

  // The open channel left the selection by itself (archived here or in another tab): nothing is wanted.
  useEffect(() => {
    let previous = store.getState().list.selectedId;
    return store.subscribe(() => {
      const { list, conversations } = store.getState();
      const now = list.selectedId;
      if (previous !== null && now === null && wanted.current === previous) {
        if (conversations[previous]?.status !== 'error') {
          wanted.current = null;
          setWantedId(null);
          storeChannel(null);
        }
      }
      previous = now;
    });
  }, [store]);

  const changeFilter = useCallback(
    (filter: MessengerFilter, onlineOnly: boolean) => {
      store.dispatch({ type: 'filter', filter, onlineOnly });
      throttled.call();
    },
    [store, throttled],
  );

  // --- a conversation over REST --------------------------------------------------------------------
  const load = useCallback(
    async (channelId: string) => {
      store.dispatch({ type: 'conversationLoading', channelId });
      try {
        const conversation = await loadConversation(lang, channelId);
        store.dispatch({ type: 'conversationLoaded', channelId, conversation });
        if (wanted.current === channelId)
          store.dispatch({ type: 'select', channelId, channel: conversation.channel });
      } catch (error) {
        const code = codeOf(error);
        reportOnce(`conversation:${channelId}:${code}`, `conversation did not load: ${code}`, channelId);
        store.dispatch({ type: 'conversationFailed', channelId, code });
        if (code === 'MESSENGER_CHANNEL_NOT_FOUND') {
          store.dispatch({ type: 'channelFailed', channelId });
          if (wanted.current === channelId) storeChannel(null);
        }
      }
    },
    [store, reportOnce, lang],
  );

  useEffect(() => {
    if (!client) return;
    const offMessage = client.onMessage((message) => {
      store.dispatch(message);
      if (message.type === 'ackSession' && message.snapshot) {
        // A new session starts with the server's defaults: ask for the page's list again. Messages
        // stored while this page had no socket (it connected after the conversation loaded, or it
        // reconnects) never reach it live: the open conversation is read again (merged, nothing lost)
        // and the others are forgotten, so they load afresh when selected.
        sent.current = null;
        throttled.call();
        store.dispatch({ type: 'forgetConversations', keep: wanted.current });
        if (wanted.current) void load(wanted.current);
      }
      if (
        message.type === 'messengerMessage' &&
        message.message.senderType === 'actor' &&
        store.getState().list.selectedId === message.message.channelId &&
        document.visibilityState === 'visible'
      ) {
        void touchChannel(lang, message.message.channelId).then(
          (answer) => store.dispatch({ type: 'unreadTotal', unreadTotal: answer.unreadTotal }),
          () => {},
        );
      }
    });
    if (client.session?.snapshot) {
      store.dispatch(client.session);
      throttled.call();
    }
    return offMessage;
  }, [client, store, throttled, load, lang]);

  const loadOlder = useCallback(
    async (channelId: string) => {
      const view = store.getState().conversations[channelId];
      const oldest = view?.messages[0];
      if (!view || !oldest || view.older === 'loading') return;
      store.dispatch({ type: 'olderLoading', channelId });
      try {
        const conversation = await loadConversation(lang, channelId, oldest.id);
        store.dispatch({ type: 'olderLoaded', channelId, conversation });
      } catch (error) {
        const code = codeOf(error);
        reportOnce(`older:${channelId}:${code}`, `older messages did not load: ${code}`, channelId);
        store.dispatch({ type: 'olderFailed', channelId });
      }
    },
    [store, reportOnce, lang],
  );

  const select = useCallback(
    (channelId: string, channel?: MessengerChannel) => {
      wanted.current = channelId;
      setWantedId(channelId);
      storeChannel(channelId);
      store.dispatch({ type: 'select', channelId, ...(channel ? { channel } : {}) });
      const view = store.getState().conversations[channelId];
      if (!view || view.status === 'error') void load(channelId);
      void touchChannel(lang, channelId).then(
        (answer) => {
          store.dispatch({ type: 'channelChanged', channel: answer.channel });
          store.dispatch({ type: 'unreadTotal', unreadTotal: answer.unreadTotal });
        },
        (error: unknown) => {
          const code = codeOf(error);
          if (code !== 'MESSENGER_CHANNEL_NOT_FOUND')
            reportOnce(`touch:${channelId}:${code}`, `touch: ${code}`, channelId);
        },
      );
    },
    [store, load, reportOnce, lang],
  );

  /**
   * "All read" (spec 7 `allChannelsSeen`): the server sets every channel's unread count to 0 and
   * answers every page of the guest with `channel` and `messengerUnread`, which the store applies.
   */
  const markAllSeen = useCallback(() => {
    client?.send({ type: 'allChannelsSeen' });
  }, [client]);

  const unselectChannel = useCallback(() => {
    wanted.current = null;
    setWantedId(null);
    storeChannel(null);
    store.dispatch({ type: 'unselect' });
  }, [store]);

  /** "Message" on a profile or a recommendation: the guest's channel with the performer, created when missing. */
  const openActor = useCallback(
    async (actorId: number) => {
      setActorError(null);
      setWantedId('actor');
      storeActor(actorId);
      try {
        const { channel } = await channelForActor(lang, actorId);
        clearStoredActor();
        select(channel.channelId, channel);
      } catch (error) {
        const code = codeOf(error);
        clearStoredActor();
        setWantedId(null);
        reportOnce(`actor:${actorId}:${code}`, `channel for actor did not open: ${code}`);
        setActorError(code);
      }
    },
    [select, reportOnce, lang],
  );

  // The start (and a later address of this page, e.g. a channel of the navbar's list): what it names,
  // else the selection stored under spec 9's keys.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const key = `${start.actorId ?? ''}|${start.channelId ?? ''}`;
    if (handled.current === key) return;
    const first = handled.current === null;
    handled.current = key;
    const stored = first ? readStoredSelection() : { channelId: null, actorId: null };
    const actorId = start.actorId ?? (start.channelId ? null : stored.actorId);
    if (actorId) void openActor(actorId);
    else {
      const channelId = start.channelId ?? stored.channelId;
      if (channelId) select(channelId);
    }
  }, [start.actorId, start.channelId, openActor, select]);

  return {
    state,
    store,
    wantedId,
    changeFilter,
    select,
    unselect: unselectChannel,
    load,
    loadOlder,
    openActor,
    markAllSeen,
    actorError,
  };
}

export type MessengerController = ReturnType<typeof useMessenger>;

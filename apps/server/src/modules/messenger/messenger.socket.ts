/**
 * The messenger's socket messages (spec 7; issue 19): `sendMessage`, and the channel list's
 * `loadChannels`, `filterChannels`, `loadOnlineChannels` (answered by `channels`, throttled to one
 * answer per socket per MESSENGER_CHANNEL_THROTTLE_MS: channel-list-throttle.ts), `archiveChannel`
 * and `allChannelsSeen` (answered by `channel` / `messengerUnread` events on every page of the guest).
 * Each socket keeps its own list state (filter, online-only, offset, limit): a load answers that.
 */
import {
  MESSENGER_CHANNEL_THROTTLE_MS,
  MESSENGER_CHANNELS_MAX,
  type MessengerFilter,
} from '@vela/contracts/messenger';
import type { SocketContext, SocketHandlers, SocketLifecycle } from '../realtime/socket.types.ts';
import { createChannelListThrottle, type ThrottleClock } from './channel-list-throttle.ts';
import type { MessengerService } from './messenger.service.ts';

interface ListState {
  filter: MessengerFilter;
  online: boolean;
  offset: number;
  limit: number;
}

export function messengerSocket(
  messenger: MessengerService,
  log: { error(object: object, message: string): void },
  options: { throttleMs?: number; clock?: ThrottleClock } = {},
): { handlers: SocketHandlers; lifecycle: SocketLifecycle } {
  const lists = new Map<string, ListState>();
  const throttle = createChannelListThrottle(options.throttleMs ?? MESSENGER_CHANNEL_THROTTLE_MS, {
    ...(options.clock ? { clock: options.clock } : {}),
    onError: (error) => log.error({ err: error }, 'messenger channel list not sent'),
  });

  const listOf = (context: SocketContext): ListState => {
    let state = lists.get(context.connectionId);
    if (!state) {
      state = { filter: 'newest', online: false, offset: 0, limit: MESSENGER_CHANNELS_MAX };
      lists.set(context.connectionId, state);
    }
    return state;
  };

  /** Answers the socket's list as it is when the throttle lets the answer go. */
  const load = async (context: SocketContext): Promise<undefined> => {
    await throttle.load(context.connectionId, async () => {
      const state = listOf(context);
      const answer = await messenger.listChannels(context.guestId, state, {
        language: context.language,
        country: context.country,
      });
      context.send({ type: 'channels', ...answer });
    });
    return undefined;
  };

  return {
    handlers: {
      async loadChannels(context, message) {
        const state = listOf(context);
        state.offset = message.offset;
        state.limit = message.limit;
        return load(context);
      },
      async filterChannels(context, message) {
        const state = listOf(context);
        state.filter = message.filterType;
        state.offset = 0;
        return load(context);
      },
      async loadOnlineChannels(context, message) {
        const state = listOf(context);
        state.online = message.online;
        state.offset = 0;
        return load(context);
      },
      async archiveChannel(context, message) {
        await messenger.archive(context.guestId, message.channelId, message.status, context.language);
        return undefined;
      },
      async allChannelsSeen(context) {
        await messenger.allSeen(context.guestId, context.language);
        return undefined;
      },
      async sendMessage(context, message) {
        const { type: _type, accessToken: _token, guestId: _guest, ...send } = message;
        const result = await messenger.send(context.guestId, send, {
          language: context.language,
          country: context.country,
        });
        // A fresh message reached every page over the bus; a resend (the page reconnected before the
        // answer) is answered here, so the page that sent it learns it was stored.
        return result.alreadySent
          ? { type: 'messengerMessage', message: result.message, channel: result.channel }
          : undefined;
      },
    },
    lifecycle: {
      closed(context) {
        lists.delete(context.connectionId);
        throttle.forget(context.connectionId);
      },
    },
  };
}

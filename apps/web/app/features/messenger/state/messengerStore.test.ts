import type { MessengerChannel, MessengerMessage } from '@vela/contracts/messenger';
import { describe, expect, it } from 'vitest';
import { buildChannel } from './buildChannel.ts';
import {
  INITIAL_MESSENGER_STATE,
  type MessengerState,
  mergeMessages,
  messengerAfter,
} from './messengerStore.ts';

const channel = buildChannel;
const message = (id: number, channelId = '1', over: Partial<MessengerMessage> = {}): MessengerMessage => ({
  id: String(id),
  channelId,
  messageType: 'text',
  senderType: 'actor',
  text: `m${id}`,
  includedGifts: [],
  media: null,
  priceCents: 0,
  isVideochat: false,
  isFreechat: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const channels = (list: MessengerChannel[], filterType: 'newest' | 'archived' = 'newest') =>
  ({ type: 'channels', channels: list, total: list.length, filterType, online: false, offset: 0 }) as const;

function loaded(): MessengerState {
  let state = messengerAfter(
    INITIAL_MESSENGER_STATE,
    channels([channel(1), channel(2, { unreadCount: 2, unread: true })]),
  );
  state = messengerAfter(state, { type: 'unreadTotal', unreadTotal: 2 });
  state = messengerAfter(state, { type: 'conversationLoading', channelId: '1' });
  state = messengerAfter(state, {
    type: 'conversationLoaded',
    channelId: '1',
    conversation: { channel: channel(1), messages: [message(5), message(3)], hasOlder: true },
  });
  return state;
}

describe('messenger page store (issue 19)', () => {
  it('a list answer for another filter than the page shows now is dropped', () => {
    const state = messengerAfter(INITIAL_MESSENGER_STATE, channels([channel(1)], 'archived'));
    expect(state.listReady).toBe(false);
    expect(messengerAfter(INITIAL_MESSENGER_STATE, channels([channel(1)])).listReady).toBe(true);
  });

  it('a live message lands in its loaded conversation once, oldest first, and moves its channel', () => {
    let state = loaded();
    expect(state.conversations['1']?.messages.map((m) => m.id)).toEqual(['3', '5']);
    const live = {
      type: 'messengerMessage',
      message: message(7),
      channel: channel(1, { messageTimestamp: '2026-03-01T00:00:00.000Z' }),
    } as const;
    state = messengerAfter(messengerAfter(state, live), live);
    expect(state.conversations['1']?.messages.map((m) => m.id)).toEqual(['3', '5', '7']);
    expect(state.list.channels[0]?.channelId).toBe('1');
  });

  it('a live message that arrives while its conversation loads stays after the (older) answer', () => {
    let state = messengerAfter(INITIAL_MESSENGER_STATE, channels([channel(1)]));
    state = messengerAfter(state, { type: 'conversationLoading', channelId: '1' });
    state = messengerAfter(state, { type: 'messengerMessage', message: message(9), channel: channel(1) });
    state = messengerAfter(state, {
      type: 'conversationLoaded',
      channelId: '1',
      conversation: { channel: channel(1), messages: [message(4)], hasOlder: false },
    });
    expect(state.conversations['1']?.messages.map((m) => m.id)).toEqual(['4', '9']);
  });

  it('a second load while the first runs keeps the live message the loading view holds', () => {
    let state = messengerAfter(INITIAL_MESSENGER_STATE, channels([channel(1)]));
    state = messengerAfter(state, { type: 'conversationLoading', channelId: '1' });
    state = messengerAfter(state, { type: 'messengerMessage', message: message(9), channel: channel(1) });
    state = messengerAfter(state, { type: 'conversationLoading', channelId: '1' });
    state = messengerAfter(state, {
      type: 'conversationLoaded',
      channelId: '1',
      conversation: { channel: channel(1), messages: [message(4)], hasOlder: false },
    });
    expect(state.conversations['1']?.messages.map((m) => m.id)).toEqual(['4', '9']);
  });

  it('a new socket session keeps only the open conversation; its reload adds what it missed meanwhile', () => {
    let state = loaded();
    state = messengerAfter(state, { type: 'conversationLoading', channelId: '2' });
    state = messengerAfter(state, {
      type: 'conversationLoaded',
      channelId: '2',
      conversation: { channel: channel(2), messages: [message(6, '2')], hasOlder: false },
    });
    state = messengerAfter(state, { type: 'forgetConversations', keep: '1' });
    expect(Object.keys(state.conversations)).toEqual(['1']);
    // The reload of the open one (no loading state in between: the view stays ready).
    state = messengerAfter(state, { type: 'conversationLoading', channelId: '1' });
    expect(state.conversations['1']?.status).toBe('ready');
    state = messengerAfter(state, {
      type: 'conversationLoaded',
      channelId: '1',
      conversation: { channel: channel(1), messages: [message(5), message(8)], hasOlder: true },
    });
    expect(state.conversations['1']?.messages.map((m) => m.id)).toEqual(['3', '5', '8']);
    expect(state.conversations['1']?.hasOlder).toBe(true);
    expect(messengerAfter(state, { type: 'forgetConversations', keep: null }).conversations).toEqual({});
    expect(messengerAfter(state, { type: 'forgetConversations', keep: '1' })).toBe(state);
  });

  it('selecting a channel lowers the unread total (the navbar badge of this page)', () => {
    const state = messengerAfter(loaded(), { type: 'select', channelId: '2' });
    expect(state.list.unreadTotal).toBe(0);
    expect(state.list.selectedId).toBe('2');
  });

  it('older messages merge before the loaded ones; hasOlder follows the answer', () => {
    const state = messengerAfter(loaded(), {
      type: 'olderLoaded',
      channelId: '1',
      conversation: { channel: channel(1), messages: [message(1), message(2)], hasOlder: false },
    });
    expect(state.conversations['1']?.messages.map((m) => m.id)).toEqual(['1', '2', '3', '5']);
    expect(state.conversations['1']?.hasOlder).toBe(false);
  });

  it('another tab archives the selected channel: unselected and out of the newest list', () => {
    let state = messengerAfter(loaded(), { type: 'select', channelId: '1' });
    state = messengerAfter(state, {
      type: 'channel',
      channel: channel(1, { archived: true, status: 'archived' }),
    });
    expect(state.list.selectedId).toBeNull();
    expect(state.list.channels.map((c) => c.channelId)).toEqual(['2']);
  });

  it('messagePrice changes the channel price shown before sending; messengerUnread the total', () => {
    let state = messengerAfter(loaded(), {
      type: 'messagePrice',
      channelId: '1',
      price: { value: 50, currency: 'EUR' },
    });
    expect(state.list.channels.find((c) => c.channelId === '1')?.messagePrice.value).toBe(50);
    state = messengerAfter(state, { type: 'messengerUnread', unreadTotal: 9, navbar: [] });
    expect(state.list.unreadTotal).toBe(9);
  });

  it('a channel that fails to load leaves the list and keeps its error', () => {
    let state = messengerAfter(loaded(), {
      type: 'conversationFailed',
      channelId: '2',
      code: 'MESSENGER_CHANNEL_NOT_FOUND',
    });
    state = messengerAfter(state, { type: 'channelFailed', channelId: '2' });
    expect(state.list.channels.map((c) => c.channelId)).toEqual(['1']);
    expect(state.conversations['2']?.errorCode).toBe('MESSENGER_CHANNEL_NOT_FOUND');
  });

  it('a bought media replaces its locked message', () => {
    const locked = message(4, '1', { messageType: 'media' });
    const bought = { ...locked, text: 'bought' };
    expect(mergeMessages([locked], [bought])).toEqual([bought]);
  });
});

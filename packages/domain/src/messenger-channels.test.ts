import { MESSENGER_CHANNEL_THROTTLE_MS, MESSENGER_CHANNELS_MAX } from '@vela/contracts/messenger';
import { describe, expect, it, vi } from 'vitest';
import {
  CHANNEL_THROTTLE_MS,
  CHANNELS_MAX,
  type ChannelLike,
  type ChannelListState,
  emptyChannelList,
  fitsFilter,
  receiveChannels,
  removeChannel,
  selectChannel,
  setFilter,
  throttleLatest,
  unselect,
  updateChannel,
} from './messenger-channels.ts';

const channel = (id: number, over: Partial<ChannelLike> = {}): ChannelLike => ({
  channelId: String(id),
  isActorOnline: false,
  unread: false,
  unreadCount: 0,
  archived: false,
  blocked: false,
  messageTimestamp: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  ...over,
});
const ids = (state: ChannelListState<ChannelLike>) => state.channels.map((c) => c.channelId);
const list = (channels: ChannelLike[], over: Partial<ChannelListState<ChannelLike>> = {}) =>
  receiveChannels({ ...emptyChannelList<ChannelLike>(), ...over }, channels);

describe('messenger channels (spec 4 "Channels", spec 9)', () => {
  it('spec 9: at most 500 channels, throttle 500 ms (the same numbers as the contract)', () => {
    expect(CHANNELS_MAX).toBe(MESSENGER_CHANNELS_MAX);
    expect(CHANNEL_THROTTLE_MS).toBe(MESSENGER_CHANNEL_THROTTLE_MS);
    const many = Array.from({ length: 620 }, (_, i) => channel(i + 1));
    const state = list(many);
    expect(state.channels).toHaveLength(500);
    expect(state.channels[0]?.channelId).toBe('620');
  });

  it('selecting a channel marks it read and lowers the unread total by its count', () => {
    const state = list(
      [channel(1, { unread: true, unreadCount: 3 }), channel(2, { unread: true, unreadCount: 2 })],
      {
        unreadTotal: 5,
      },
    );
    const next = selectChannel(state, '1');
    expect(next.unreadTotal).toBe(2);
    expect(next.channels.find((c) => c.channelId === '1')).toMatchObject({ unread: false, unreadCount: 0 });
    expect(next.selectedId).toBe('1');
  });

  it('the unread total never falls below 0', () => {
    const state = list([channel(1, { unread: true, unreadCount: 4 })], { unreadTotal: 1 });
    expect(selectChannel(state, '1').unreadTotal).toBe(0);
  });

  it('the selected channel sorts first, the others newest message first', () => {
    const state = list([channel(1), channel(3), channel(2), channel(4, { messageTimestamp: null })]);
    expect(ids(state)).toEqual(['3', '2', '1', '4']);
    expect(ids(selectChannel(state, '1'))).toEqual(['1', '3', '2', '4']);
    expect(ids(unselect(selectChannel(state, '1')))).toEqual(['3', '2', '1', '4']);
  });

  it('a newer message moves a channel up; the selected one stays first', () => {
    const state = selectChannel(list([channel(1), channel(2), channel(3)]), '1');
    const next = updateChannel(state, channel(2, { messageTimestamp: '2026-02-01T00:00:00.000Z' }));
    expect(ids(next)).toEqual(['1', '2', '3']);
  });

  it('an archived selected channel is reselected unselected and leaves the newest list', () => {
    const state = selectChannel(list([channel(1), channel(2)]), '1');
    const next = updateChannel(state, channel(1, { archived: true }));
    expect(next.selectedId).toBeNull();
    expect(ids(next)).toEqual(['2']);
  });

  it('in the archived filter the archived selected channel stays (unselected)', () => {
    const state = selectChannel(
      list([channel(1), channel(2, { archived: true })], { filter: 'archived' }),
      '1',
    );
    const next = updateChannel(state, channel(1, { archived: true }));
    expect(next.selectedId).toBeNull();
    expect(ids(next)).toEqual(['2', '1']);
  });

  it('otherwise an archived channel leaves the list', () => {
    const state = list([channel(1), channel(2)]);
    expect(ids(updateChannel(state, channel(2, { archived: true })))).toEqual(['1']);
  });

  it('a channel that fails to load is removed (and unselected)', () => {
    const state = selectChannel(list([channel(1), channel(2)]), '2');
    const next = removeChannel(state, '2');
    expect(ids(next)).toEqual(['1']);
    expect(next.selectedId).toBeNull();
  });

  it('filters newest, unread, archived, blocked and the online-only toggle', () => {
    const open = channel(1, { isActorOnline: true });
    const unread = channel(2, { unread: true, unreadCount: 1 });
    const archived = channel(3, { archived: true });
    const blocked = channel(4, { blocked: true, archived: true });
    const all = [open, unread, archived, blocked];
    const pick = (filter: 'newest' | 'unread' | 'archived' | 'blocked', onlineOnly = false) =>
      all.filter((c) => fitsFilter(c, filter, onlineOnly)).map((c) => c.channelId);
    expect(pick('newest')).toEqual(['1', '2']);
    expect(pick('unread')).toEqual(['2']);
    expect(pick('archived')).toEqual(['3']);
    expect(pick('blocked')).toEqual(['4']);
    expect(pick('newest', true)).toEqual(['1']);
    expect(ids(setFilter(list(all), 'newest', true))).toEqual(['1']);
  });

  it('a new channel (first message) joins the list when it fits the filter', () => {
    const state = list([channel(1)]);
    expect(ids(updateChannel(state, channel(5)))).toEqual(['5', '1']);
    expect(ids(updateChannel(state, channel(6, { blocked: true })))).toEqual(['1']);
  });

  it('a new message in the open conversation keeps it read', () => {
    const state = selectChannel(list([channel(1)]), '1');
    const next = updateChannel(state, channel(1, { unread: true, unreadCount: 1 }));
    expect(next.channels[0]).toMatchObject({ unread: false, unreadCount: 0 });
  });

  it('a list answer keeps the selected channel in it', () => {
    const state = selectChannel(list([channel(1), channel(2)]), '1');
    expect(ids(receiveChannels(state, [channel(2), channel(3)]))).toEqual(['1', '3', '2']);
  });
});

describe('channel loads: one per 500 ms (spec 5, spec 9)', () => {
  it('a burst runs the first call at once and the last one after the wait', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const throttled = throttleLatest(run, 500);
      for (let i = 0; i < 50; i += 1) throttled.call(i);
      expect(run.mock.calls).toEqual([[0]]);
      vi.advanceTimersByTime(499);
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(run.mock.calls).toEqual([[0], [49]]);
      vi.advanceTimersByTime(2000);
      expect(run).toHaveBeenCalledTimes(2);
      throttled.call(50);
      expect(run.mock.calls.at(-1)).toEqual([50]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancel drops the kept call', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const throttled = throttleLatest(run, 500);
      throttled.call('a');
      throttled.call('b');
      throttled.cancel();
      vi.advanceTimersByTime(1000);
      expect(run.mock.calls).toEqual([['a']]);
    } finally {
      vi.useRealTimers();
    }
  });
});

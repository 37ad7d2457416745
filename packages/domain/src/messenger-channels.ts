/**
 * The messenger's channel list as the page keeps it (spec 4 "Channels", spec 5, spec 9; issue 19):
 * pure rules, no I/O. The page feeds it the socket's `channels` / `channel` answers and the guest's
 * choices; the server stays the source of each channel's fields.
 *
 * - Selecting a channel marks it read and lowers the unread total by its count (never below 0).
 * - The selected channel sorts first; the others newest message first.
 * - Filters newest (open channels), unread, archived, blocked, plus an online-only toggle.
 * - An archived selected channel is reselected unselected (the archived filter keeps it in the list);
 *   any other channel that no longer fits the filter leaves the list.
 * - A channel that fails to load is removed.
 * - At most MESSENGER_CHANNELS_MAX (500) channels.
 * - Channel loads are throttled to one per MESSENGER_CHANNEL_THROTTLE_MS (500 ms), the last call kept.
 */

/** Spec 3 filters of the channel list (the contracts' MESSENGER_FILTERS is this list). */
export const CHANNEL_FILTERS = ['newest', 'unread', 'archived', 'blocked'] as const;
type MessengerFilter = (typeof CHANNEL_FILTERS)[number];

/** Spec 9 (mirrors the contract's constants, which a test keeps equal). */
export const CHANNELS_MAX = 500;
export const CHANNEL_THROTTLE_MS = 500;

/** The fields of a channel (spec 3 messenger channel) these rules read. */
export interface ChannelLike {
  channelId: string;
  isActorOnline: boolean;
  unread: boolean;
  unreadCount: number;
  archived: boolean;
  blocked: boolean;
  messageTimestamp: string | null;
}

export interface ChannelListState<C extends ChannelLike = ChannelLike> {
  channels: C[];
  selectedId: string | null;
  filter: MessengerFilter;
  onlineOnly: boolean;
  /** The guest's unread messages in all channels (the navbar badge). */
  unreadTotal: number;
}

export function emptyChannelList<C extends ChannelLike>(
  filter: MessengerFilter = 'newest',
): ChannelListState<C> {
  return { channels: [], selectedId: null, filter, onlineOnly: false, unreadTotal: 0 };
}

/** Whether a channel belongs in a filter (blocked wins over archived). */
export function fitsFilter(channel: ChannelLike, filter: MessengerFilter, onlineOnly: boolean): boolean {
  if (onlineOnly && !channel.isActorOnline) return false;
  switch (filter) {
    case 'blocked':
      return channel.blocked;
    case 'archived':
      return channel.archived && !channel.blocked;
    case 'unread':
      return channel.unreadCount > 0 && !channel.archived && !channel.blocked;
    default:
      return !channel.archived && !channel.blocked;
  }
}

const timeOf = (c: ChannelLike) => (c.messageTimestamp ? Date.parse(c.messageTimestamp) || 0 : 0);

/** Selected first, then newest message first (a channel without messages last), then newest channel. */
export function sortChannels<C extends ChannelLike>(channels: readonly C[], selectedId: string | null): C[] {
  return [...channels].sort((a, b) => {
    if (a.channelId === selectedId) return -1;
    if (b.channelId === selectedId) return 1;
    const byTime = timeOf(b) - timeOf(a);
    if (byTime !== 0) return byTime;
    return Number(BigInt(b.channelId) - BigInt(a.channelId));
  });
}

/** The list kept to the filter (the selected channel stays), sorted and capped at 500. */
function normalize<C extends ChannelLike>(state: ChannelListState<C>): ChannelListState<C> {
  const kept = state.channels.filter(
    (c) => c.channelId === state.selectedId || fitsFilter(c, state.filter, state.onlineOnly),
  );
  return { ...state, channels: sortChannels(kept, state.selectedId).slice(0, CHANNELS_MAX) };
}

/** A channel list answer (`channels`): it replaces the list; the selected channel stays in it. */
export function receiveChannels<C extends ChannelLike>(
  state: ChannelListState<C>,
  channels: readonly C[],
): ChannelListState<C> {
  const selected = state.channels.find((c) => c.channelId === state.selectedId);
  const next = [...channels];
  if (selected && !next.some((c) => c.channelId === selected.channelId)) next.push(selected);
  return normalize({ ...state, channels: next });
}

/** The guest selects a channel: it is marked read, the unread total falls by its count (not below 0). */
export function selectChannel<C extends ChannelLike>(
  state: ChannelListState<C>,
  channelId: string,
  channel?: C,
): ChannelListState<C> {
  const known = state.channels.find((c) => c.channelId === channelId) ?? channel;
  if (!known) return state;
  const read = { ...known, unread: false, unreadCount: 0 };
  const others = state.channels.filter((c) => c.channelId !== channelId);
  return normalize({
    ...state,
    selectedId: channelId,
    unreadTotal: Math.max(0, state.unreadTotal - known.unreadCount),
    channels: [read, ...others],
  });
}

/** No channel selected (back to the list on a phone). */
export function unselect<C extends ChannelLike>(state: ChannelListState<C>): ChannelListState<C> {
  return normalize({ ...state, selectedId: null });
}

/**
 * One channel changed (`channel`, a new message, an archive or block answer): it is updated or added.
 * A selected channel that is archived now is reselected unselected; a channel that no longer fits the
 * filter leaves the list (in the archived filter an archived one stays).
 */
export function updateChannel<C extends ChannelLike>(
  state: ChannelListState<C>,
  channel: C,
): ChannelListState<C> {
  const previous = state.channels.find((c) => c.channelId === channel.channelId);
  const selected = state.selectedId === channel.channelId;
  const archivedNow = channel.archived && !(previous?.archived ?? false);
  // The open conversation stays read: its new messages are seen.
  const shown = selected && !archivedNow ? { ...channel, unread: false, unreadCount: 0 } : channel;
  const channels = previous
    ? state.channels.map((c) => (c.channelId === channel.channelId ? shown : c))
    : [...state.channels, shown];
  return normalize({
    ...state,
    channels,
    selectedId: selected && archivedNow ? null : state.selectedId,
  });
}

/** A channel that failed to load leaves the list (and the selection). */
export function removeChannel<C extends ChannelLike>(
  state: ChannelListState<C>,
  channelId: string,
): ChannelListState<C> {
  return {
    ...state,
    channels: state.channels.filter((c) => c.channelId !== channelId),
    selectedId: state.selectedId === channelId ? null : state.selectedId,
  };
}

/** Another filter or the online toggle: the list is asked again; until then it keeps what fits. */
export function setFilter<C extends ChannelLike>(
  state: ChannelListState<C>,
  filter: MessengerFilter,
  onlineOnly: boolean,
): ChannelListState<C> {
  return normalize({ ...state, filter, onlineOnly });
}

/** The server's unread total (snapshot or `messengerUnread`). */
export function setUnreadTotal<C extends ChannelLike>(
  state: ChannelListState<C>,
  unreadTotal: number,
): ChannelListState<C> {
  return { ...state, unreadTotal: Math.max(0, unreadTotal) };
}

export interface ThrottleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Spec 5 / spec 9: at most one call per `ms`; a call inside the wait is kept (the last one wins) and
 * runs when the wait is over. Answers the throttled function and a cancel.
 */
export function throttleLatest<A extends unknown[]>(
  run: (...args: A) => void,
  ms: number = CHANNEL_THROTTLE_MS,
  clock: ThrottleClock = {
    now: () => Date.now(),
    setTimeout: (callback, delay) => setTimeout(callback, delay),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): { call: (...args: A) => void; cancel: () => void } {
  let last = Number.NEGATIVE_INFINITY;
  let pending: A | null = null;
  let timer: unknown = null;
  const fire = (args: A) => {
    last = clock.now();
    run(...args);
  };
  return {
    call(...args: A) {
      const wait = last + ms - clock.now();
      if (wait <= 0 && timer === null) {
        fire(args);
        return;
      }
      pending = args;
      if (timer !== null) return;
      timer = clock.setTimeout(
        () => {
          timer = null;
          const next = pending;
          pending = null;
          if (next) fire(next);
        },
        Math.max(0, wait),
      );
    },
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

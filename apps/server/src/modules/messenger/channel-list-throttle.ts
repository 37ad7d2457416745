/**
 * Spec 5 / spec 9: one channel-list load per socket per MESSENGER_CHANNEL_THROTTLE_MS (issue 19). The
 * first load of a quiet socket is answered at once; loads that come sooner are folded into ONE
 * answer sent when the interval since the last answer has passed, built from the socket's state at
 * that moment (so the last request's filter is what arrives). Answers of one socket are therefore
 * spaced at least the interval apart, and the last request is always answered. Other messages of
 * the socket are not held up: a deferred load returns at once and its answer is sent later.
 */

export interface ThrottleClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: ThrottleClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface SocketState {
  /** When the last answer went out (ms), or -Infinity. */
  lastAnswerAt: number;
  /** An answer is being built now. */
  busy: boolean;
  /** A load came while throttled or busy: answer once more. */
  pending: (() => Promise<void>) | null;
  timer: unknown;
}

export function createChannelListThrottle(
  intervalMs: number,
  options: { clock?: ThrottleClock; onError?: (error: unknown) => void } = {},
) {
  const clock = options.clock ?? realClock;
  const onError = options.onError ?? (() => {});
  const sockets = new Map<string, SocketState>();

  function stateOf(socketId: string): SocketState {
    let state = sockets.get(socketId);
    if (!state) {
      state = { lastAnswerAt: Number.NEGATIVE_INFINITY, busy: false, pending: null, timer: null };
      sockets.set(socketId, state);
    }
    return state;
  }

  async function run(socketId: string, state: SocketState, answer: () => Promise<void>): Promise<void> {
    state.busy = true;
    try {
      await answer();
    } finally {
      state.busy = false;
      state.lastAnswerAt = clock.now();
      if (sockets.get(socketId) === state) schedule(socketId, state);
    }
  }

  function schedule(socketId: string, state: SocketState): void {
    if (!state.pending || state.busy || state.timer !== null) return;
    const wait = Math.max(0, state.lastAnswerAt + intervalMs - clock.now());
    state.timer = clock.setTimeout(() => {
      state.timer = null;
      const next = state.pending;
      state.pending = null;
      if (next && sockets.get(socketId) === state) run(socketId, state, next).catch(onError);
    }, wait);
  }

  return {
    /**
     * A load of `socketId`: `answer` builds and sends the list from the socket's state when it runs.
     * Answered now (awaited) when the socket is quiet, else folded into the next answer.
     */
    async load(socketId: string, answer: () => Promise<void>): Promise<void> {
      const state = stateOf(socketId);
      if (!state.busy && state.timer === null && clock.now() - state.lastAnswerAt >= intervalMs) {
        await run(socketId, state, answer);
        return;
      }
      state.pending = answer;
      schedule(socketId, state);
    },
    /** The socket closed: nothing more is sent to it. */
    forget(socketId: string): void {
      const state = sockets.get(socketId);
      if (state?.timer) clock.clearTimeout(state.timer);
      sockets.delete(socketId);
    },
    /** Sockets with state (tests). */
    size: () => sockets.size,
  };
}

export type ChannelListThrottle = ReturnType<typeof createChannelListThrottle>;

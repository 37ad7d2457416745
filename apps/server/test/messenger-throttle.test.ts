/**
 * The channel list's throttle (spec 5 / spec 9: one channel-list load per socket per 500 ms; issue 19,
 * decision 0054) on a hand-moved clock: no sleep decides.
 */
import { describe, expect, it } from 'vitest';
import {
  createChannelListThrottle,
  type ThrottleClock,
} from '../src/modules/messenger/channel-list-throttle.ts';

function manualClock() {
  let now = 0;
  const timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  const clock: ThrottleClock = {
    now: () => now,
    setTimeout(run, ms) {
      const id = ++nextId;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout(handle) {
      const index = timers.findIndex((timer) => timer.id === handle);
      if (index >= 0) timers.splice(index, 1);
    },
  };
  /** Moves the clock on by `ms`, running the timers that fall due (and what they start). */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const due = timers[0];
      if (!due || due.at > end) break;
      timers.shift();
      now = due.at;
      due.run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    now = end;
  }
  return { clock, advance, pending: () => timers.length };
}

describe('the channel list throttle (spec 9: one load per 500 ms per socket)', () => {
  it('a quiet socket is answered at once; a burst of 50 within 500 ms is one more answer, 500 ms after the first, with the last request', async () => {
    const { clock, advance } = manualClock();
    const throttle = createChannelListThrottle(500, { clock });
    const answers: { at: number; request: number }[] = [];
    const answer = (request: number) => async () => {
      answers.push({ at: clock.now(), request });
    };
    await throttle.load('socket-1', answer(0));
    for (let request = 1; request < 50; request++) {
      await advance(5);
      await throttle.load('socket-1', answer(request));
    }
    expect(answers).toEqual([{ at: 0, request: 0 }]);
    await advance(500);
    expect(answers).toEqual([
      { at: 0, request: 0 },
      { at: 500, request: 49 },
    ]);
    await advance(5_000);
    expect(answers).toHaveLength(2);
  });

  it('sockets are throttled apart; a closed socket is sent nothing more', async () => {
    const { clock, advance, pending } = manualClock();
    const throttle = createChannelListThrottle(500, { clock });
    const sent: string[] = [];
    await throttle.load('a', async () => void sent.push('a1'));
    await throttle.load('b', async () => void sent.push('b1'));
    await throttle.load('a', async () => void sent.push('a2'));
    throttle.forget('a');
    expect(pending()).toBe(0);
    await advance(1_000);
    expect(sent).toEqual(['a1', 'b1']);
    expect(throttle.size()).toBe(1);
  });

  it('a load while an answer is being built waits for it and 500 ms more; a failed deferred answer is reported, not thrown', async () => {
    const { clock, advance } = manualClock();
    const errors: unknown[] = [];
    const throttle = createChannelListThrottle(500, { clock, onError: (error) => errors.push(error) });
    let release = () => {};
    const slow = throttle.load(
      's',
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await throttle.load('s', async () => {
      throw new Error('list failed');
    });
    await advance(200);
    release();
    await slow;
    await advance(499);
    expect(errors).toEqual([]);
    await advance(1);
    expect(errors).toEqual([new Error('list failed')]);
  });
});

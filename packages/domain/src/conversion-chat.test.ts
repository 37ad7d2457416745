import { describe, expect, it } from 'vitest';
import {
  CONVERSION_CHAT_COUNTDOWN_MS,
  countdownEndsOf,
  countdownMsLeft,
  decideEnable,
  isConversionChatEligible,
  isCountdownRunning,
  mayConvert,
} from './conversion-chat.ts';

const newcomer = { isLoggedIn: true, isPayingCustomer: false };

describe('conversion chat rules (decision 0047)', () => {
  it('spec 6 logged-in only, and never paid', () => {
    expect(mayConvert(newcomer)).toBe(true);
    expect(mayConvert({ ...newcomer, isLoggedIn: false })).toBe(false);
    expect(mayConvert({ ...newcomer, isPayingCustomer: true })).toBe(false);
  });

  it('spec 4: eligible while the countdown end is in the future; a closed countdown shows no end', () => {
    const countdown = { endsAt: new Date(10_000), closedAt: null };
    expect(isConversionChatEligible(newcomer, countdown, 9_999)).toBe(true);
    expect(isConversionChatEligible(newcomer, countdown, 10_000)).toBe(false);
    expect(isConversionChatEligible(newcomer, null, 0)).toBe(false);
    expect(countdownEndsOf(newcomer, { ...countdown, closedAt: new Date(5) })).toBeNull();
    expect(countdownEndsOf({ ...newcomer, isPayingCustomer: true }, countdown)).toBeNull();
  });

  it('one countdown per guest: created once, the same end while it runs, over afterwards', () => {
    expect(decideEnable(newcomer, null, 1_000)).toEqual({
      ok: true,
      endsAt: new Date(1_000 + CONVERSION_CHAT_COUNTDOWN_MS),
      created: true,
    });
    const running = { endsAt: new Date(5_000), closedAt: null };
    expect(decideEnable(newcomer, running, 4_999)).toEqual({
      ok: true,
      endsAt: running.endsAt,
      created: false,
    });
    expect(decideEnable(newcomer, running, 5_000)).toEqual({ ok: false, code: 'CONVERSION_CHAT_OVER' });
    expect(decideEnable(newcomer, { ...running, closedAt: new Date(1) }, 0)).toEqual({
      ok: false,
      code: 'CONVERSION_CHAT_OVER',
    });
    expect(decideEnable({ ...newcomer, isPayingCustomer: true }, null, 0)).toEqual({
      ok: false,
      code: 'CONVERSION_CHAT_NOT_ELIGIBLE',
    });
  });

  it("the page's check on the ISO end: running, time left, nothing for null or garbage", () => {
    const ends = new Date(60_000).toISOString();
    expect(isCountdownRunning(ends, 59_999)).toBe(true);
    expect(isCountdownRunning(ends, 60_000)).toBe(false);
    expect(isCountdownRunning(null, 0)).toBe(false);
    expect(isCountdownRunning('not a date', 0)).toBe(false);
    expect(countdownMsLeft(ends, 30_000)).toBe(30_000);
    expect(countdownMsLeft(ends, 90_000)).toBe(0);
    expect(countdownMsLeft(undefined, 0)).toBe(0);
  });
});

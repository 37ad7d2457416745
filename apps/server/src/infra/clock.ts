/**
 * The show clock (issue 18, the show side; see the ticket show decision): the one time cam shows'
 * start and end are compared with. It is the system time plus an offset:
 * - `SHOW_CLOCK_OFFSET_MS` (default 0) sets it at start, for demos ("the show starts in 30 s");
 * - `shift(ms)` moves it while the server runs, only when SHOW_CLOCK_ADJUSTABLE allows it (never by
 *   default in production): the operator's internal call and the tests use it, so a test does not wait
 *   a real minute for "a show starting in a minute".
 * Only the show side reads it: billing minutes, session expiry, tokens and the ledger keep the system
 * time, so shifting it moves no money and expires no session.
 */
export interface Clock {
  now(): number;
}

export interface ShowClock extends Clock {
  /** The offset from the system time, ms. */
  offsetMs(): number;
  /** Moves the clock by `ms` (may be negative); throws when the clock is not adjustable. */
  shift(ms: number): number;
  readonly adjustable: boolean;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Largest offset accepted (a year): a typo must not move a show a century. */
export const SHOW_CLOCK_MAX_OFFSET_MS = 366 * 24 * 60 * 60 * 1000;

export function createShowClock(options: {
  offsetMs?: number;
  adjustable?: boolean;
  base?: Clock;
}): ShowClock {
  const base = options.base ?? systemClock;
  let offset = options.offsetMs ?? 0;
  const adjustable = options.adjustable ?? false;
  return {
    now: () => base.now() + offset,
    offsetMs: () => offset,
    adjustable,
    shift(ms) {
      if (!adjustable) throw new Error('The show clock is not adjustable (SHOW_CLOCK_ADJUSTABLE)');
      const next = offset + ms;
      if (!Number.isSafeInteger(next) || Math.abs(next) > SHOW_CLOCK_MAX_OFFSET_MS) {
        throw new RangeError(`Show clock offset ${next} out of range`);
      }
      offset = next;
      return offset;
    },
  };
}

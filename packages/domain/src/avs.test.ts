import { describe, expect, it } from 'vitest';
import {
  AVS_STATUSES,
  AVS_UNKNOWN,
  type AvsState,
  type AvsStatus,
  AvsTransitionError,
  acceptAvs,
  applyAvsEvent,
  avsStateOfEvent,
  avsStateOfGuest,
  canAccessFsk18,
  canMoveAvs,
  rejectAvs,
  requestAvs,
  revokeAvs,
} from './avs.ts';

const pending: AvsState = { status: 'pending' };
const accepted: AvsState = { status: 'accepted' };
const rejected: AvsState = { status: 'rejected', message: 'document unreadable' };

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('age verification state machine (spec 4)', () => {
  it('unknown -> pending when the guest requests verification', () => {
    expect(requestAvs(AVS_UNKNOWN)).toEqual({ status: 'pending' });
  });

  it('pending -> accepted when the verification is accepted', () => {
    expect(acceptAvs(pending)).toEqual({ status: 'accepted' });
  });

  it('pending -> rejected keeps the rejection message', () => {
    expect(rejectAvs(pending, 'too blurry')).toEqual({ status: 'rejected', message: 'too blurry' });
  });

  it('rejected -> pending: a rejected guest may try again', () => {
    expect(requestAvs(rejected)).toEqual({ status: 'pending' });
  });

  it('revocation: accepted -> unknown', () => {
    expect(revokeAvs(accepted)).toEqual({ status: 'unknown' });
  });

  it.each<[AvsState, (s: AvsState) => AvsState, AvsStatus]>([
    [AVS_UNKNOWN, acceptAvs, 'accepted'],
    [AVS_UNKNOWN, (s) => rejectAvs(s, 'x'), 'rejected'],
    [AVS_UNKNOWN, revokeAvs, 'unknown'],
    [pending, revokeAvs, 'unknown'],
    [pending, requestAvs, 'pending'],
    [accepted, requestAvs, 'pending'],
    [accepted, (s) => rejectAvs(s, 'x'), 'rejected'],
    [rejected, acceptAvs, 'accepted'],
    [rejected, revokeAvs, 'unknown'],
  ])('illegal transition from %o to %s throws AVS_ILLEGAL_TRANSITION', (from, step, to) => {
    const error = thrown(() => step(from));
    expect(error).toBeInstanceOf(AvsTransitionError);
    expect(error).toMatchObject({ code: 'AVS_ILLEGAL_TRANSITION', from: from.status, to });
  });

  it('exactly five legal moves exist', () => {
    const legal = AVS_STATUSES.flatMap((from) =>
      AVS_STATUSES.filter((to) => canMoveAvs(from, to)).map((to) => `${from}->${to}`),
    );
    expect(legal.sort()).toEqual(
      [
        'accepted->unknown',
        'pending->accepted',
        'pending->rejected',
        'rejected->pending',
        'unknown->pending',
      ].sort(),
    );
  });
});

describe('age verification socket events (spec 4)', () => {
  it('avsSet means accepted, avsRevoked unknown, avsPending pending, avsRejected rejected', () => {
    expect(avsStateOfEvent({ type: 'avsSet' })).toEqual({ status: 'accepted' });
    expect(avsStateOfEvent({ type: 'avsRevoked' })).toEqual({ status: 'unknown' });
    expect(avsStateOfEvent({ type: 'avsPending' })).toEqual({ status: 'pending' });
    expect(avsStateOfEvent({ type: 'avsRejected', message: 'no' })).toEqual({
      status: 'rejected',
      message: 'no',
    });
    expect(avsStateOfEvent({ type: 'avsRejected' })).toEqual({ status: 'rejected', message: '' });
  });

  it('avsRevoked on an accepted guest moves to unknown and reloads the page', () => {
    expect(applyAvsEvent(accepted, { type: 'avsRevoked' })).toEqual({
      state: { status: 'unknown' },
      reload: true,
    });
  });

  it('avsPending then avsSet walks unknown -> pending -> accepted without reload', () => {
    const a = applyAvsEvent(AVS_UNKNOWN, { type: 'avsPending' });
    expect(a).toEqual({ state: pending, reload: false });
    expect(applyAvsEvent(a.state, { type: 'avsSet' })).toEqual({ state: accepted, reload: false });
  });

  it('avsRejected on a pending guest carries the message', () => {
    expect(applyAvsEvent(pending, { type: 'avsRejected', message: 'expired id' }).state).toEqual({
      status: 'rejected',
      message: 'expired id',
    });
  });

  it('an event repeating the current status is a no-op (a repeated rejection updates the message)', () => {
    expect(applyAvsEvent(accepted, { type: 'avsSet' }).state).toBe(accepted);
    expect(applyAvsEvent(pending, { type: 'avsPending' }).state).toBe(pending);
    expect(applyAvsEvent(rejected, { type: 'avsRejected', message: 'new' }).state).toEqual({
      status: 'rejected',
      message: 'new',
    });
  });

  it('an event announcing an illegal move throws', () => {
    expect(() => applyAvsEvent(AVS_UNKNOWN, { type: 'avsSet' })).toThrow(AvsTransitionError);
    expect(() => applyAvsEvent(pending, { type: 'avsRevoked' })).toThrow(AvsTransitionError);
  });
});

describe('FSK-18 access (spec 4, issue 3)', () => {
  it.each<[AvsState, boolean]>([
    [AVS_UNKNOWN, false],
    [pending, false],
    [rejected, false],
    [accepted, true],
  ])('only an accepted verification opens FSK-18 content: %o -> %s', (state, open) => {
    expect(canAccessFsk18(state)).toBe(open);
  });
});

describe('state from the Guest fields (spec 3)', () => {
  it('hasAvs means accepted whatever avsStatus says', () => {
    expect(avsStateOfGuest({ hasAvs: true, avsStatus: 'pending' })).toEqual(accepted);
  });

  it('avsStatus pending or rejected (with avsRejectMessage) is kept, anything else is unknown', () => {
    expect(avsStateOfGuest({ hasAvs: false, avsStatus: 'pending' })).toEqual(pending);
    expect(avsStateOfGuest({ hasAvs: false, avsStatus: 'rejected', avsRejectMessage: 'm' })).toEqual({
      status: 'rejected',
      message: 'm',
    });
    expect(avsStateOfGuest({ hasAvs: false, avsStatus: 'rejected' })).toEqual({
      status: 'rejected',
      message: '',
    });
    expect(avsStateOfGuest({ hasAvs: false, avsStatus: 'accepted' })).toEqual(AVS_UNKNOWN);
    expect(avsStateOfGuest({ hasAvs: false })).toEqual(AVS_UNKNOWN);
  });
});

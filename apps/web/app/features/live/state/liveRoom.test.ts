/**
 * The live page's state: socket messages and REST answers in any order make one chat, the page
 * counts delivered time only while the video plays, and a chat ends once (decision 0038 part 6).
 */
import type { LiveSessionView, LiveStartAnswer } from '@vela/contracts/live';
import { describe, expect, it } from 'vitest';
import { deliveredAt, IDLE, type RoomEvent, type RoomState, reduceRoom, refusalOf } from './liveRoom.ts';

const coins = (value: number) => ({ value, currency: 'VXC' as const });
const id = '0b1f3c52-7a1e-4c55-9d3e-2f4b6a8c0d11';
const other = '9c2e4d63-8b2f-4d66-8e4f-3a5c7b9d1e22';
const answer: LiveStartAnswer = {
  sessionId: id,
  type: 'livechat',
  status: 'requested',
  pricePerMinute: coins(8),
  voucherMinutes: 0,
  actor: { id: 7, name: 'Mira' },
};

function run(...events: RoomEvent[]): RoomState {
  return events.reduce(reduceRoom, IDLE);
}
const started = [{ type: 'startRequested' }, { type: 'started', answer, balance: coins(40) }] as const;

describe('live room state', () => {
  it('a start goes live with the price of the answer and the balance, nothing spent', () => {
    const state = run(...started);
    expect(state).toMatchObject({
      phase: 'live',
      session: { sessionId: id, actorName: 'Mira', pricePerMinute: coins(8) },
      meter: { minutes: 0, spent: coins(0), balance: coins(40) },
    });
  });

  it('a refusal is shown only for the start in flight', () => {
    expect(run({ type: 'startRequested' }, { type: 'refused', refusal: 'money' })).toEqual({
      phase: 'refused',
      refusal: 'money',
    });
    expect(run({ type: 'refused', refusal: 'money' })).toEqual(IDLE);
  });

  it('messages: a message echoed back to its page is shown once; another session’s is not shown', () => {
    const message = { messageId: 'm1', from: 'guest' as const, text: 'hi' };
    const state = run(
      ...started,
      { type: 'message', sessionId: id, message },
      { type: 'message', sessionId: id, message },
      { type: 'message', sessionId: other, message: { ...message, messageId: 'm2' } },
      { type: 'message', sessionId: id, message: { messageId: 'm3', from: 'performer', text: 'hello' } },
    );
    expect(state.phase === 'live' && state.lines.map((l) => l.id)).toEqual(['m1', 'm3']);
  });

  it('the meter follows liveMeter of its session only', () => {
    const meter = { minutes: 2, spent: coins(16), balance: coins(24) };
    const state = run(
      ...started,
      { type: 'meter', sessionId: id, meter },
      {
        type: 'meter',
        sessionId: other,
        meter: { ...meter, minutes: 9 },
      },
    );
    expect(state.phase === 'live' && state.meter).toEqual(meter);
  });

  it('delivered time counts only while the video plays, and stops at the end', () => {
    let state = run(...started, { type: 'playing', playing: true, now: 1_000 });
    expect(state.phase === 'live' && deliveredAt(state, 31_000)).toBe(30_000);
    state = reduceRoom(state, { type: 'playing', playing: false, now: 11_000 });
    expect(state.phase === 'live' && deliveredAt(state, 99_000)).toBe(10_000);
    state = reduceRoom(state, { type: 'playing', playing: true, now: 20_000 });
    state = reduceRoom(state, { type: 'ended', sessionId: id, exitCode: 501, now: 25_000 });
    expect(state.phase === 'ended' && deliveredAt(state, 99_000)).toBe(15_000);
  });

  it('ends once with the first code (liveEnded, liveState or the exit answer), the receipt loading', () => {
    const state = run(
      ...started,
      { type: 'ended', sessionId: id, exitCode: 501, now: 1 },
      { type: 'status', sessionId: id, status: 'ended', exitCode: 100, now: 2 },
      { type: 'ended', sessionId: id, exitCode: 100, now: 3 },
    );
    expect(state).toMatchObject({ phase: 'ended', exitCode: 501, receipt: { status: 'loading' } });
    const withReceipt = reduceRoom(state, {
      type: 'receipt',
      sessionId: id,
      receipt: { status: 'ready', lines: [], total: coins(0) },
    });
    expect(withReceipt).toMatchObject({ receipt: { status: 'ready' } });
    expect(reduceRoom(withReceipt, { type: 'dismissed' })).toEqual(IDLE);
  });

  it('the end of another session changes nothing', () => {
    const state = run(...started, { type: 'ended', sessionId: other, exitCode: 501, now: 1 });
    expect(state.phase).toBe('live');
  });

  it('a reload resumes a running chat with its messages and meter, or shows the end of an ended one', () => {
    const view: LiveSessionView = {
      ...answer,
      status: 'running',
      exitCode: null,
      startedAt: '2026-11-26T18:00:00.000Z',
      endedAt: null,
      messages: [
        { messageId: 'm1', from: 'performer', text: 'welcome back', at: '2026-11-26T18:00:05.000Z' },
      ],
      meter: { minutes: 1, spent: coins(8), balance: coins(32), voucherMinutesUsed: 0, deliveredMs: 75_000 },
      rating: null,
    };
    const state = run({ type: 'resumed', view, now: 0 });
    expect(state).toMatchObject({ phase: 'live', lines: [{ id: 'm1', text: 'welcome back' }] });
    expect(state.phase === 'live' && deliveredAt(state, 5_000)).toBe(75_000);
    expect(
      run({ type: 'resumed', view: { ...view, status: 'ending', exitCode: 201 }, now: 0 }),
    ).toMatchObject({
      phase: 'ended',
      exitCode: 201,
    });
  });

  it('says a start refused for money, a busy or offline performer, the country or another chat; anything else failed', () => {
    const codes =
      'NOT_ENOUGH_MONEY PERFORMER_IN_SINGLE PERFORMER_OFFLINE ACTOR_BLOCKED_IN_COUNTRY GUEST_IN_CHAT NETWORK';
    expect(codes.split(' ').map(refusalOf).join(' ')).toBe('money busy offline country in-chat failed');
  });
});

/**
 * Tips and toy actions as chat lines (issue 18, decision 0052): in the guest's language, once per
 * tip or action however often the socket repeats it, placed by time among the messages after a reload.
 */
import type { LiveSessionView } from '@vela/contracts/live';
import { liveInteractionMessages } from '@vela/i18n/messages/live-interaction';
import { translator } from '@vela/i18n/translate';
import { describe, expect, it } from 'vitest';
import { IDLE, type RoomState, reduceRoom } from '../state/liveRoom.ts';
import { tipLine, toyLine } from './interactionLines.ts';

const en = translator(liveInteractionMessages, 'en');
const de = translator(liveInteractionMessages, 'de');
const sessionId = '0b1f3c52-7a1e-4c55-9d3e-2f4b6a8c0d11';
const tipId = '9c2e4d63-8b2f-4d66-8e4f-3a5c7b9d1e22';
const coins = (value: number) => ({ value, currency: 'VXC' as const });

const view: LiveSessionView = {
  sessionId,
  type: 'livechat',
  status: 'running',
  pricePerMinute: coins(8),
  voucherMinutes: 0,
  actor: { id: 7, name: 'Mira' },
  exitCode: null,
  startedAt: '2026-11-27T10:00:00.000Z',
  endedAt: null,
  messages: [
    {
      messageId: '1b1f3c52-7a1e-4c55-9d3e-2f4b6a8c0d11',
      from: 'guest',
      text: 'Hi',
      at: '2026-11-27T10:00:01.000Z',
    },
    {
      messageId: '2b1f3c52-7a1e-4c55-9d3e-2f4b6a8c0d11',
      from: 'performer',
      text: 'Hello',
      at: '2026-11-27T10:00:05.000Z',
    },
  ],
  meter: { minutes: 0, spent: coins(0), balance: coins(40), voucherMinutesUsed: 0, deliveredMs: 3000 },
  rating: null,
  tips: [{ sessionId, tipId, amountCoins: 20, at: '2026-11-27T10:00:03.000Z' }],
};

const linesOf = (state: RoomState) => (state.phase === 'live' || state.phase === 'ended' ? state.lines : []);

describe('tips and toy actions in the chat', () => {
  it('say what happened in the page language', () => {
    expect(tipLine({ tipId, amountCoins: 20 }, en).text).toBe('You tipped 20 coins');
    expect(tipLine({ tipId, amountCoins: 20 }, de).text).toBe('Du hast 20 Coins Trinkgeld gegeben');
    const action = { actionId: tipId, level: 3, durationMs: 5000, status: 'done' as const };
    expect(toyLine(action, 'Mira', en).text).toBe("Mira's toy vibrates — level 3 for 5 s");
    expect(toyLine({ ...action, status: 'refunded' }, 'Mira', en).text).toBe(
      'The toy did not react; your coins were refunded.',
    );
  });

  it('a reload places the tips by time among the messages; a repeated tip event adds nothing', () => {
    const events = (view.tips ?? []).map((tip) => ({ at: tip.at, line: tipLine(tip, en) }));
    let state = reduceRoom(IDLE, { type: 'resumed', view, now: 0, events });
    expect(linesOf(state).map((line) => line.text)).toEqual(['Hi', 'You tipped 20 coins', 'Hello']);
    state = reduceRoom(state, { type: 'event', sessionId, line: tipLine({ tipId, amountCoins: 20 }, en) });
    expect(linesOf(state)).toHaveLength(3);
    state = reduceRoom(state, {
      type: 'event',
      sessionId: tipId,
      line: tipLine({ tipId: sessionId, amountCoins: 5 }, en),
    });
    expect(linesOf(state)).toHaveLength(3);
  });
});

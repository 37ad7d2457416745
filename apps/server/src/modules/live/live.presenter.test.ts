/**
 * The receipt in coins (issue 16): its lines add up to the total the guest sees, and each line keeps
 * the cents the ledger moved.
 */
import type { ChatSessionState } from '@vela/domain/chat-session';
import { describe, expect, it } from 'vitest';
import { liveReceipt } from './live.presenter.ts';
import type { LiveMinuteRow, LiveSessionRow } from './live.repository.ts';

const row = { id: '5f7c1f9e-0000-4000-8000-000000000001', type: 'livechat' } as LiveSessionRow;
const state = {
  actorId: 7,
  actorName: 'Mia',
  status: 'ended',
  exitCode: 100,
  pricePerMinuteCents: 110,
} as ChatSessionState;

function minute(minuteIndex: number, cents: number, partial = false, paidWith = 'coins'): LiveMinuteRow {
  return { sessionId: row.id, minuteIndex, cents, partial, paidWith, chargedAt: new Date() };
}

describe('live receipt in coins (spec 9: whole coins, 1 EUR = 4 coins rounded up)', () => {
  it('the lines add up to the total: 3 minutes of 110 cents and a partial 40 are 370 cents = 15 coins, not 5+5+5+2', () => {
    const receipt = liveReceipt({
      row,
      state,
      minutes: [minute(0, 110), minute(1, 110), minute(2, 110), minute(3, 40, true)],
    });
    expect(receipt.minutes.map((m) => [m.price.value, m.cents])).toEqual([
      [5, 110],
      [4, 110],
      [5, 110],
      [1, 40],
    ]);
    expect(receipt.totals).toEqual({
      minutes: 4,
      voucherMinutes: 0,
      price: { value: 15, currency: 'VXC' },
      cents: 370,
    });
    expect(receipt.minutes.reduce((sum, m) => sum + m.price.value, 0)).toBe(receipt.totals.price.value);
  });

  it('a voucher minute is 0 coins and 0 cents and counts as a voucher minute', () => {
    const receipt = liveReceipt({ row, state, minutes: [minute(0, 0, false, 'voucher'), minute(1, 110)] });
    expect(receipt.minutes.map((m) => [m.paidWith, m.price.value, m.cents])).toEqual([
      ['voucher', 0, 0],
      ['coins', 5, 110],
    ]);
    expect(receipt.totals).toMatchObject({ minutes: 2, voucherMinutes: 1, price: { value: 5 }, cents: 110 });
  });
});

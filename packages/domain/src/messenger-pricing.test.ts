import { describe, expect, it } from 'vitest';
import {
  type ChannelPricing,
  giftsPrice,
  messageTotalCents,
  nextMessagePriceCents,
  textPrice,
} from './messenger-pricing.ts';

const paid: ChannelPricing = {
  isMessagingFree: false,
  freeMessagesLeft: 0,
  messagePriceCents: 200,
  multiChatPriceCents: 150,
};

const catalogue = new Map([
  [1, { priceCents: 300, active: true, vip: false }],
  [2, { priceCents: 500, active: true, vip: false }],
  [3, { priceCents: 900, active: true, vip: true }],
  [4, { priceCents: 100, active: false, vip: false }],
]);

describe('messenger text price (spec 3 channel pricing)', () => {
  it('free messaging costs nothing and uses no free message', () => {
    expect(textPrice({ ...paid, isMessagingFree: true, freeMessagesLeft: 3 })).toEqual({
      cents: 0,
      usesFreeMessage: false,
    });
  });
  it('a free message left makes the text free and uses one', () => {
    expect(textPrice({ ...paid, freeMessagesLeft: 1 })).toEqual({ cents: 0, usesFreeMessage: true });
  });
  it('without free messages the text costs the message price', () => {
    expect(textPrice(paid)).toEqual({ cents: 200, usesFreeMessage: false });
    expect(nextMessagePriceCents(paid)).toBe(200);
  });
  it('isVideochat during the guest’s running live chat costs the multi-chat price', () => {
    expect(textPrice(paid, { isVideochat: true, inLiveChat: true }).cents).toBe(150);
  });
  it('isVideochat without a running live chat costs the message price', () => {
    expect(textPrice(paid, { isVideochat: true, inLiveChat: false }).cents).toBe(200);
  });
  it('free messages pay before the multi-chat price', () => {
    expect(textPrice({ ...paid, freeMessagesLeft: 2 }, { isVideochat: true, inLiveChat: true }).cents).toBe(
      0,
    );
  });
});

describe('messenger gifts price (spec 3 gifts, vouchers type 6)', () => {
  const facts = { catalogue, owned: new Map<number, number>(), vouchers: 0, isVip: false };

  it('gifts not owned are summed at their prices', () => {
    const result = giftsPrice(
      [
        { giftId: 1, quantity: 2 },
        { giftId: 2, quantity: 1 },
      ],
      facts,
    );
    expect(result).toMatchObject({ ok: true, cents: 1100, vouchersUsed: 0 });
    if (result.ok)
      expect([...result.bought]).toEqual([
        [2, 1],
        [1, 2],
      ]);
  });
  it('owned gifts are free and are used before buying', () => {
    const result = giftsPrice([{ giftId: 1, quantity: 3 }], { ...facts, owned: new Map([[1, 2]]) });
    expect(result).toMatchObject({ ok: true, cents: 300 });
    if (result.ok) {
      expect(result.ownedUsed.get(1)).toBe(2);
      expect(result.bought.get(1)).toBe(1);
    }
  });
  it('a messenger-gift voucher (type 6) counts as one owned gift of any kind, dearest first', () => {
    const result = giftsPrice(
      [
        { giftId: 1, quantity: 1 },
        { giftId: 2, quantity: 1 },
      ],
      { ...facts, vouchers: 1 },
    );
    expect(result).toMatchObject({ ok: true, cents: 300, vouchersUsed: 1 });
  });
  it('vouchers beyond the gifts are not used', () => {
    const result = giftsPrice([{ giftId: 1, quantity: 1 }], { ...facts, vouchers: 5 });
    expect(result).toMatchObject({ ok: true, cents: 0, vouchersUsed: 1 });
  });
  it('the same gift on two lines is one quantity', () => {
    const result = giftsPrice(
      [
        { giftId: 1, quantity: 1 },
        { giftId: 1, quantity: 1 },
      ],
      { ...facts, owned: new Map([[1, 1]]) },
    );
    expect(result).toMatchObject({ ok: true, cents: 300 });
  });
  it('a VIP gift is refused for a guest who is not VIP', () => {
    expect(giftsPrice([{ giftId: 3, quantity: 1 }], facts)).toEqual({
      ok: false,
      code: 'MESSENGER_GIFT_VIP_ONLY',
      giftId: 3,
    });
  });
  it('a VIP gift is sold to a VIP guest', () => {
    expect(giftsPrice([{ giftId: 3, quantity: 1 }], { ...facts, isVip: true })).toMatchObject({
      ok: true,
      cents: 900,
    });
  });
  it('an inactive or unknown gift is refused', () => {
    expect(giftsPrice([{ giftId: 4, quantity: 1 }], facts)).toMatchObject({
      ok: false,
      code: 'MESSENGER_GIFT_NOT_FOUND',
    });
    expect(giftsPrice([{ giftId: 99, quantity: 1 }], facts)).toMatchObject({
      ok: false,
      code: 'MESSENGER_GIFT_NOT_FOUND',
    });
  });
});

describe('messenger message total', () => {
  it('is the text part (only with text) plus the gifts not owned', () => {
    expect(messageTotalCents(true, { cents: 200, usesFreeMessage: false }, { cents: 300 })).toBe(500);
    expect(messageTotalCents(false, { cents: 200, usesFreeMessage: false }, { cents: 300 })).toBe(300);
  });
});

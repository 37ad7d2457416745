import { MESSENGER_GIFTS_PER_MESSAGE_MAX } from '@vela/contracts/messenger';
import { describe, expect, it } from 'vitest';
import {
  addGift,
  afterSend,
  draftCount,
  draftPriceCents,
  EMPTY_GIFT_DRAFT,
  GIFTS_PER_MESSAGE_MAX,
  type GiftDraft,
  includedGifts,
  removeGift,
  temporaryOwned,
  vouchersUsed,
} from './messenger-gift-draft.ts';

const prices: Record<number, number> = { 1: 300, 2: 1000, 3: 50 };
const priceOf = (id: number) => prices[id] ?? null;
const add = (draft: GiftDraft, ...giftIds: number[]) => giftIds.reduce(addGift, draft);

describe('gift message (spec 4 "Gift message")', () => {
  it('adding a gift lowers the temporary owned count', () => {
    const stock = { owned: { '1': 2 }, vouchers: 0 };
    let draft = add(EMPTY_GIFT_DRAFT, 1);
    expect(temporaryOwned(stock, draft, 1)).toBe(1);
    draft = add(draft, 1, 1);
    expect(temporaryOwned(stock, draft, 1)).toBe(0);
  });

  it('removing a gift raises it again, up to what is owned', () => {
    const stock = { owned: { '1': 2 }, vouchers: 0 };
    let draft = add(EMPTY_GIFT_DRAFT, 1, 1, 1);
    draft = removeGift(draft, 1);
    expect(temporaryOwned(stock, draft, 1)).toBe(0);
    draft = removeGift(removeGift(removeGift(draft, 1), 1), 1);
    expect(draft).toEqual({});
    expect(temporaryOwned(stock, draft, 1)).toBe(2);
  });

  it('owned gifts are free, the rest summed into the price', () => {
    const stock = { owned: { '1': 1 }, vouchers: 0 };
    expect(draftPriceCents(add(EMPTY_GIFT_DRAFT, 1), stock, priceOf)).toBe(0);
    expect(draftPriceCents(add(EMPTY_GIFT_DRAFT, 1, 1, 2), stock, priceOf)).toBe(1300);
  });

  it('messenger-gift vouchers count as owned: each pays one gift of any kind (the dearest first)', () => {
    const stock = { owned: {}, vouchers: 1 };
    const draft = add(EMPTY_GIFT_DRAFT, 1, 2, 3);
    expect(vouchersUsed(draft, stock)).toBe(1);
    expect(draftPriceCents(draft, stock, priceOf)).toBe(350);
    expect(draftPriceCents(add(EMPTY_GIFT_DRAFT, 3), { owned: {}, vouchers: 5 }, priceOf)).toBe(0);
    expect(vouchersUsed(add(EMPTY_GIFT_DRAFT, 3), { owned: {}, vouchers: 5 })).toBe(1);
  });

  it('sending clears the draft and uses up owned gifts and vouchers', () => {
    const stock = { owned: { '1': 2 }, vouchers: 1 };
    const draft = add(EMPTY_GIFT_DRAFT, 1, 1, 1, 2);
    expect(includedGifts(draft)).toEqual([
      { giftId: 1, quantity: 3 },
      { giftId: 2, quantity: 1 },
    ]);
    const sent = afterSend(draft, stock);
    expect(sent.draft).toEqual({});
    expect(sent.stock).toEqual({ owned: { '1': 0 }, vouchers: 0 });
  });

  it('at most 20 gifts in one message (the contract limit)', () => {
    expect(GIFTS_PER_MESSAGE_MAX).toBe(MESSENGER_GIFTS_PER_MESSAGE_MAX);
    let draft = EMPTY_GIFT_DRAFT;
    for (let i = 0; i < 25; i += 1) draft = addGift(draft, 1 + (i % 3));
    expect(draftCount(draft)).toBe(20);
  });
});

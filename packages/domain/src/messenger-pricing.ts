/**
 * What a messenger message costs (spec 3 messenger channel pricing and gifts; issue 19,
 * docs/decisions/0054-messenger.md). Pure: the messenger module reads the facts in the send's
 * transaction and charges the total through the ledger.
 *
 * Text: free while the performer's messaging is free; else free while the guest has free messages
 * left in the channel (one fewer per message); else `multiChatPrice` when sent with `isVideochat`
 * during the guest's running live chat with the performer; else `messagePrice`. Text costs only when
 * the message has text.
 *
 * Gifts: the guest's owned gifts of the kind pay first, then messenger-gift vouchers (type 6: one
 * voucher is one gift of any kind), the rest are bought at the gift's price. A VIP gift is for VIP
 * guests only; an unknown or inactive gift is refused.
 */

export interface ChannelPricing {
  isMessagingFree: boolean;
  /** Free text messages the guest has left in the channel. */
  freeMessagesLeft: number;
  messagePriceCents: number;
  multiChatPriceCents: number;
}

export interface TextPrice {
  cents: number;
  /** The message uses one of the channel's free messages. */
  usesFreeMessage: boolean;
}

/** The price of the guest's next text message in a channel. */
export function textPrice(
  pricing: ChannelPricing,
  options: { isVideochat?: boolean; inLiveChat?: boolean } = {},
): TextPrice {
  if (pricing.isMessagingFree) return { cents: 0, usesFreeMessage: false };
  if (pricing.freeMessagesLeft > 0) return { cents: 0, usesFreeMessage: true };
  if (options.isVideochat === true && options.inLiveChat === true)
    return { cents: pricing.multiChatPriceCents, usesFreeMessage: false };
  return { cents: pricing.messagePriceCents, usesFreeMessage: false };
}

/** The price shown for the next text message (no live chat): what `messagePrice` events carry. */
export const nextMessagePriceCents = (pricing: ChannelPricing): number => textPrice(pricing).cents;

export interface GiftFacts {
  priceCents: number;
  active: boolean;
  vip: boolean;
}

export type GiftLine = { giftId: number; quantity: number };

export type GiftPriceResult =
  | {
      ok: true;
      cents: number;
      /** Owned gifts used per gift id (to subtract from guest_gifts). */
      ownedUsed: Map<number, number>;
      /** Messenger-gift vouchers (type 6) used. */
      vouchersUsed: number;
      /** Gifts bought with this message, per gift id. */
      bought: Map<number, number>;
    }
  | { ok: false; code: 'MESSENGER_GIFT_NOT_FOUND' | 'MESSENGER_GIFT_VIP_ONLY'; giftId: number };

/** The gifts' part of a message: owned first, then vouchers (type 6), the rest bought. */
export function giftsPrice(
  lines: readonly GiftLine[],
  facts: {
    catalogue: ReadonlyMap<number, GiftFacts>;
    owned: ReadonlyMap<number, number>;
    vouchers: number;
    isVip: boolean;
  },
): GiftPriceResult {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.giftId, (wanted.get(line.giftId) ?? 0) + line.quantity);
  for (const giftId of wanted.keys()) {
    const gift = facts.catalogue.get(giftId);
    if (!gift?.active) return { ok: false, code: 'MESSENGER_GIFT_NOT_FOUND', giftId };
    if (gift.vip && !facts.isVip) return { ok: false, code: 'MESSENGER_GIFT_VIP_ONLY', giftId };
  }
  const ownedUsed = new Map<number, number>();
  const unpaid = new Map<number, number>();
  for (const [giftId, quantity] of wanted) {
    const fromOwned = Math.min(quantity, Math.max(0, facts.owned.get(giftId) ?? 0));
    if (fromOwned > 0) ownedUsed.set(giftId, fromOwned);
    if (quantity > fromOwned) unpaid.set(giftId, quantity - fromOwned);
  }
  // Vouchers pay the dearest gifts first: a voucher is worth one gift of any kind to the guest.
  let vouchersLeft = Math.max(0, facts.vouchers);
  let vouchersUsed = 0;
  const bought = new Map<number, number>();
  let cents = 0;
  const byPrice = [...unpaid].sort(
    ([a], [b]) =>
      (facts.catalogue.get(b)?.priceCents ?? 0) - (facts.catalogue.get(a)?.priceCents ?? 0) || a - b,
  );
  for (const [giftId, quantity] of byPrice) {
    const fromVouchers = Math.min(quantity, vouchersLeft);
    vouchersLeft -= fromVouchers;
    vouchersUsed += fromVouchers;
    const rest = quantity - fromVouchers;
    if (rest > 0) {
      bought.set(giftId, rest);
      cents += rest * (facts.catalogue.get(giftId)?.priceCents ?? 0);
    }
  }
  return { ok: true, cents, ownedUsed, vouchersUsed, bought };
}

/** The whole message: the text part (only when there is text) plus the gifts not owned. */
export function messageTotalCents(hasText: boolean, text: TextPrice, gifts: { cents: number }): number {
  return (hasText ? text.cents : 0) + gifts.cents;
}

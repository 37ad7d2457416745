/**
 * The gifts of a message being written (spec 4 "Gift message", spec 3 gift and guest boughtGifts;
 * issue 19): pure rules, no I/O.
 *
 * - Adding a gift lowers its temporary owned count; removing it raises the count again, up to what the
 *   guest owns.
 * - Owned gifts are free; the rest is summed into the message's price. A messenger-gift voucher (type 6)
 *   counts as owned: each pays one gift of any kind (the dearest of the unpaid ones first, as the
 *   server charges).
 * - Sending clears the draft.
 */

/** Most gifts (summed quantities) in one message (mirrors MESSENGER_GIFTS_PER_MESSAGE_MAX). */
export const GIFTS_PER_MESSAGE_MAX = 20;

/** Gift id → quantity in the draft. */
export type GiftDraft = Readonly<Record<number, number>>;

export interface GiftStock {
  /** Gift id (as the server's record key) → quantity owned. */
  owned: Readonly<Record<string, number>>;
  /** Messenger-gift vouchers: each pays one gift of any kind. */
  vouchers: number;
}

export const EMPTY_GIFT_DRAFT: GiftDraft = {};

export const draftCount = (draft: GiftDraft): number => Object.values(draft).reduce((sum, n) => sum + n, 0);

export const ownedOf = (stock: GiftStock, giftId: number): number =>
  Math.max(0, stock.owned[String(giftId)] ?? 0);

/** One more of a gift (nothing beyond the per-message limit). */
export function addGift(draft: GiftDraft, giftId: number): GiftDraft {
  if (draftCount(draft) >= GIFTS_PER_MESSAGE_MAX) return draft;
  return { ...draft, [giftId]: (draft[giftId] ?? 0) + 1 };
}

/** One fewer of a gift (gone at 0). */
export function removeGift(draft: GiftDraft, giftId: number): GiftDraft {
  const quantity = draft[giftId] ?? 0;
  if (quantity <= 0) return draft;
  const next = { ...draft };
  if (quantity === 1) delete next[giftId];
  else next[giftId] = quantity - 1;
  return next;
}

/** The owned count shown while writing: what is owned less what the draft holds (never below 0). */
export function temporaryOwned(stock: GiftStock, draft: GiftDraft, giftId: number): number {
  return Math.max(0, ownedOf(stock, giftId) - (draft[giftId] ?? 0));
}

/** How many of each gift the draft must buy (beyond what is owned), before vouchers. */
function unpaid(draft: GiftDraft, stock: GiftStock): { giftId: number; quantity: number }[] {
  return Object.entries(draft)
    .map(([id, quantity]) => ({
      giftId: Number(id),
      quantity: Math.max(0, quantity - ownedOf(stock, Number(id))),
    }))
    .filter((g) => g.quantity > 0);
}

/** Vouchers the draft uses (at most one per unpaid gift). */
export function vouchersUsed(draft: GiftDraft, stock: GiftStock): number {
  const needed = unpaid(draft, stock).reduce((sum, g) => sum + g.quantity, 0);
  return Math.min(Math.max(0, stock.vouchers), needed);
}

/**
 * The draft's price in cents: owned gifts free, vouchers pay the dearest of the rest one each, the
 * others summed at their price. `priceCentsOf` answers a gift's price (null: unknown, counted as 0).
 */
export function draftPriceCents(
  draft: GiftDraft,
  stock: GiftStock,
  priceCentsOf: (giftId: number) => number | null,
): number {
  const units: number[] = [];
  for (const { giftId, quantity } of unpaid(draft, stock)) {
    const price = Math.max(0, priceCentsOf(giftId) ?? 0);
    for (let i = 0; i < quantity; i += 1) units.push(price);
  }
  units.sort((a, b) => b - a);
  return units.slice(vouchersUsed(draft, stock)).reduce((sum, price) => sum + price, 0);
}

/** The draft as the message send's `includedGifts`. */
export function includedGifts(draft: GiftDraft): { giftId: number; quantity: number }[] {
  return Object.entries(draft)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ giftId: Number(id), quantity }));
}

/** After the message went: the owned counts less what it used, the vouchers it used, an empty draft. */
export function afterSend(draft: GiftDraft, stock: GiftStock): { draft: GiftDraft; stock: GiftStock } {
  const owned: Record<string, number> = { ...stock.owned };
  for (const [id, quantity] of Object.entries(draft)) {
    if (owned[id] !== undefined) owned[id] = Math.max(0, owned[id] - quantity);
  }
  return { draft: EMPTY_GIFT_DRAFT, stock: { owned, vouchers: stock.vouchers - vouchersUsed(draft, stock) } };
}

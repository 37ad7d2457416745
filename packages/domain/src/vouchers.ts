/**
 * Vouchers, reward types and benefit types of spec 3 (issue 4, deliverable 5). Pure rules, no I/O:
 * which voucher a purchase consumes, the Guest.vouchers shape (type, amount, actorId) and the spec 9
 * rule "voucher counts summed by type for the performer or any performer".
 */

/** Spec 3 voucher types 1-10, in the spec's order. */
export const VOUCHER_TYPES = {
  video: 1,
  videochat: 2,
  credits: 3,
  photoAlbum: 4,
  messages: 5,
  messengerGift: 6,
  liveShow: 7,
  privateShow: 8,
  bonusCode: 9,
  spins: 10,
} as const;
export type VoucherTypeName = keyof typeof VOUCHER_TYPES;
export type VoucherType = (typeof VOUCHER_TYPES)[VoucherTypeName];

// Pure (no side effect): a bundle that needs only the matching rules leaves these out.
export const VOUCHER_TYPE_IDS: readonly VoucherType[] = /* @__PURE__ */ Object.values(VOUCHER_TYPES);

const NAME_BY_TYPE = /* @__PURE__ */ new Map<number, VoucherTypeName>(
  Object.entries(VOUCHER_TYPES).map(([name, type]) => [type, name as VoucherTypeName]),
);

export function isVoucherType(value: unknown): value is VoucherType {
  return typeof value === 'number' && NAME_BY_TYPE.has(value);
}

/** The spec name of a voucher type (1 -> video); throws for a number outside 1-10. */
export function voucherTypeName(type: number): VoucherTypeName {
  const name = NAME_BY_TYPE.get(type);
  if (!name) throw new RangeError(`Unknown voucher type ${type}`);
  return name;
}

/** Spec 3 reward types. */
export const REWARD_TYPES = [
  'bonusCode',
  'bonus',
  'ontop',
  'video',
  'liveshow',
  'ticketshow',
  'vipBonus',
  'vipAbo',
  'chatRoses',
  'merch',
  'messengerGift',
  'photoAlbum',
  'videoVoucher',
  'freeSpins',
  'freeMessages',
] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

/** Spec 3 benefit types. */
export const BENEFIT_TYPES = [
  'bonus',
  'coins',
  'credits',
  'vipAbo',
  'premiumAbo',
  'actorAbo',
  'freeMessages',
  'freeMinutes',
  'media',
  'videoVoucher',
  'photoVoucher',
  'liveShow',
  'messengerGifts',
] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];

/** What a voucher of a type is to the guest, as a benefit of spec 3. */
export const BENEFIT_OF_VOUCHER: Record<VoucherType, BenefitType> = {
  1: 'videoVoucher',
  2: 'freeMinutes',
  3: 'credits',
  4: 'photoVoucher',
  5: 'freeMessages',
  6: 'messengerGifts',
  7: 'liveShow',
  8: 'liveShow',
  9: 'bonus',
  10: 'bonus',
};

/** The reward type of spec 3 that grants a voucher of a type. */
export const REWARD_OF_VOUCHER: Record<VoucherType, RewardType> = {
  1: 'videoVoucher',
  2: 'bonus',
  3: 'bonus',
  4: 'photoAlbum',
  5: 'freeMessages',
  6: 'messengerGift',
  7: 'liveshow',
  8: 'ticketshow',
  9: 'bonusCode',
  10: 'freeSpins',
};

/** Items that can be bought, and the voucher type that pays for each (spec 3: 1 video, 4 photo album). */
export const ITEM_VOUCHER_TYPE = { video: VOUCHER_TYPES.video, album: VOUCHER_TYPES.photoAlbum } as const;
export type ItemType = keyof typeof ITEM_VOUCHER_TYPE;

/** One granted voucher (a lot): `remaining` of its units are left. `actorId` null: any performer. */
export interface VoucherLot {
  id: number;
  type: number;
  actorId: number | null;
  remaining: number;
  expiresAt: Date | null;
  createdAt: Date;
}

/** Usable now: units left and not expired (an expired voucher is never used or counted). */
export function isUsable(lot: VoucherLot, now: Date): boolean {
  return lot.remaining > 0 && (lot.expiresAt === null || lot.expiresAt.getTime() > now.getTime());
}

/** Valid for a performer: issued for that performer, or for any performer. */
export function isValidFor(lot: Pick<VoucherLot, 'actorId'>, actorId: number | null): boolean {
  return lot.actorId === null || lot.actorId === actorId;
}

/**
 * The order in which vouchers are consumed: performer-specific before any-performer, then the one
 * that expires first (a voucher without end last), then the oldest, then the lowest id.
 */
export function consumptionOrder(a: VoucherLot, b: VoucherLot): number {
  const specific = Number(b.actorId !== null) - Number(a.actorId !== null);
  if (specific !== 0) return specific;
  const ea = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const eb = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (ea !== eb) return ea < eb ? -1 : 1;
  const ca = a.createdAt.getTime();
  const cb = b.createdAt.getTime();
  if (ca !== cb) return ca - cb;
  return a.id - b.id;
}

/** The voucher a purchase of `type` from performer `actorId` consumes first, or null (then money pays). */
export function pickVoucher<L extends VoucherLot>(
  lots: readonly L[],
  wanted: { type: number; actorId: number | null },
  now: Date,
): L | null {
  const candidates = lots.filter(
    (lot) => lot.type === wanted.type && isUsable(lot, now) && isValidFor(lot, wanted.actorId),
  );
  candidates.sort(consumptionOrder);
  return candidates[0] ?? null;
}

/**
 * Whether one of the guest's vouchers (spec 3 Guest.vouchers: usable units per type and performer)
 * pays for an item of `actorId`: the item's voucher type, a unit left, for that performer or any. The
 * page says so on the buy button; the server's purchase picks the voucher itself (`pickVoucher`).
 */
export function voucherPaysFor(
  vouchers: readonly { type: number; amount: number; actorId: number | null }[],
  item: { itemType: ItemType; actorId: number },
): boolean {
  const type = ITEM_VOUCHER_TYPE[item.itemType];
  return vouchers.some((v) => v.type === type && v.amount > 0 && isValidFor(v, item.actorId));
}

/**
 * Spec 9: voucher counts summed by type for the performer (its own vouchers plus the any-performer
 * ones) or, with `actorId` undefined, for any performer (every usable voucher). Types without a
 * usable voucher are 0.
 */
export function voucherCounts(
  lots: readonly VoucherLot[],
  now: Date,
  actorId?: number,
): Record<VoucherType, number> {
  const counts = Object.fromEntries(VOUCHER_TYPE_IDS.map((type) => [type, 0])) as Record<VoucherType, number>;
  for (const lot of lots) {
    if (!isVoucherType(lot.type) || !isUsable(lot, now)) continue;
    if (actorId !== undefined && !isValidFor(lot, actorId)) continue;
    counts[lot.type] += lot.remaining;
  }
  return counts;
}

/** Guest.vouchers of spec 3: usable units summed per (type, actorId), sorted by type then performer. */
export interface GuestVoucher {
  type: VoucherType;
  amount: number;
  actorId: number | null;
}

export function guestVouchers(lots: readonly VoucherLot[], now: Date): GuestVoucher[] {
  const sums = new Map<string, GuestVoucher>();
  for (const lot of lots) {
    if (!isVoucherType(lot.type) || !isUsable(lot, now)) continue;
    const key = `${lot.type}:${lot.actorId ?? ''}`;
    const entry = sums.get(key);
    if (entry) entry.amount += lot.remaining;
    else sums.set(key, { type: lot.type, amount: lot.remaining, actorId: lot.actorId });
  }
  return [...sums.values()].sort((a, b) => a.type - b.type || (a.actorId ?? -1) - (b.actorId ?? -1));
}

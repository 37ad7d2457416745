/**
 * The promotions module's port for messenger-gift vouchers (spec 3 voucher type 6; issue 19,
 * docs/decisions/0054-messenger.md): one unit pays one gift of any kind in a messenger message. The
 * messenger counts them for its price and spends them inside ITS send transaction (`useIn`), so the
 * units, the charge and the message commit or roll back together. Each unit spent is a keyed
 * voucher use (`<key>:<n>`): the same message never spends twice. The promotions module owns the
 * tables; the messenger never names them.
 */
import type { Db } from '@vela/db/client';
import { pickVoucher, VOUCHER_TYPES, voucherCounts } from '@vela/domain/vouchers';
import { createPromotionsRepository } from './promotions.repository.ts';

export interface MessengerGiftVouchers {
  /** Usable type-6 units of the guest for the performer (its own and any-performer vouchers). */
  count(guestId: number, actorId: number): Promise<number>;
  /**
   * Spends `units` type-6 units inside the caller's transaction `tx` (candidates row-locked), under
   * the keys `<key>:1` ... ; answers how many were spent (fewer when fewer are left).
   */
  useIn(tx: Db, input: { guestId: number; actorId: number; units: number; key: string }): Promise<number>;
}

const TYPE = VOUCHER_TYPES.messengerGift;

export function createMessengerGiftVouchers(
  db: Db,
  now: () => Date = () => new Date(),
): MessengerGiftVouchers {
  return {
    async count(guestId, actorId) {
      const lots = await createPromotionsRepository(db).vouchersOf(guestId);
      return voucherCounts(lots, now(), actorId)[TYPE];
    },
    async useIn(tx, { guestId, actorId, units, key }) {
      if (units <= 0) return 0;
      const store = createPromotionsRepository(tx);
      const at = now();
      const candidates = await store.lockCandidates(guestId, TYPE, actorId, at);
      let used = 0;
      while (used < units) {
        const voucher = pickVoucher(candidates, { type: TYPE, actorId }, at);
        if (!voucher || !(await store.consumeOne(voucher.id))) break;
        voucher.remaining -= 1;
        const use = await store.insertVoucherUse({
          voucherId: voucher.id,
          guestId,
          idempotencyKey: `${key}:${used + 1}`,
        });
        if (!use) throw new Error(`voucher use ${key}:${used + 1} exists already`);
        used += 1;
      }
      return used;
    },
  };
}

/**
 * All SQL of vouchers, bonus codes, redemptions and bought items. The service runs the writes that
 * belong together inside one transaction (`db.transaction(tx => createPromotionsRepository(tx))`);
 * the database keeps the invariants again: one purchase per guest and item, one redemption per
 * guest and code, a code's count never above its limit, a voucher's remaining never below zero, one
 * voucher use per key.
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from '@vela/db/orm';
import { bonusCodes, bonusRedemptions, purchases, vouchers, voucherUses } from '@vela/db/schema';
import type { ItemType } from '@vela/domain/vouchers';

export type VoucherRow = typeof vouchers.$inferSelect;
export type BonusCodeRow = typeof bonusCodes.$inferSelect;
export type RedemptionRow = typeof bonusRedemptions.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;
export type VoucherUseRow = typeof voucherUses.$inferSelect;

export interface RedemptionWithCode {
  redemption: RedemptionRow;
  code: BonusCodeRow;
}

export function createPromotionsRepository(db: Db) {
  /** Redemptions joined with their bonus code, selected as RedemptionWithCode. */
  const redemptionsWithCode = () =>
    db
      .select({ redemption: bonusRedemptions, code: bonusCodes })
      .from(bonusRedemptions)
      .innerJoin(bonusCodes, eq(bonusCodes.id, bonusRedemptions.codeId));

  return {
    // ----- vouchers -----

    /** The guest's vouchers with units left (expired ones too: the domain decides what is usable). */
    vouchersOf(guestId: number): Promise<VoucherRow[]> {
      return db
        .select()
        .from(vouchers)
        .where(and(eq(vouchers.guestId, guestId), gt(vouchers.remaining, 0)))
        .orderBy(asc(vouchers.id));
    },
    /** Candidate vouchers of a type for a performer, row-locked until the transaction ends. */
    lockCandidates(guestId: number, type: number, actorId: number, now: Date): Promise<VoucherRow[]> {
      return db
        .select()
        .from(vouchers)
        .where(
          and(
            eq(vouchers.guestId, guestId),
            eq(vouchers.type, type),
            gt(vouchers.remaining, 0),
            or(isNull(vouchers.actorId), eq(vouchers.actorId, actorId)),
            or(isNull(vouchers.expiresAt), gt(vouchers.expiresAt, now)),
          ),
        )
        .orderBy(asc(vouchers.id))
        .for('update');
    },
    /** Takes one unit; false when none was left. */
    async consumeOne(voucherId: number): Promise<boolean> {
      const rows = await db
        .update(vouchers)
        .set({ remaining: sql`${vouchers.remaining} - 1` })
        .where(and(eq(vouchers.id, voucherId), gt(vouchers.remaining, 0)))
        .returning({ id: vouchers.id });
      return rows.length === 1;
    },
    /** The use spent under a key, if any. */
    async voucherUseByKey(idempotencyKey: string): Promise<VoucherUseRow | undefined> {
      const [row] = await db.select().from(voucherUses).where(eq(voucherUses.idempotencyKey, idempotencyKey));
      return row;
    },
    /** Records a use under its key; undefined when the key was used already (nothing written). */
    async insertVoucherUse(values: typeof voucherUses.$inferInsert): Promise<VoucherUseRow | undefined> {
      const [row] = await db.insert(voucherUses).values(values).onConflictDoNothing().returning();
      return row;
    },
    async insertVoucher(values: typeof vouchers.$inferInsert): Promise<VoucherRow> {
      const [row] = await db.insert(vouchers).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async voucherBySource(
      guestId: number,
      source: string,
      sourceRef: string,
    ): Promise<VoucherRow | undefined> {
      const [row] = await db
        .select()
        .from(vouchers)
        .where(
          and(eq(vouchers.guestId, guestId), eq(vouchers.source, source), eq(vouchers.sourceRef, sourceRef)),
        );
      return row;
    },
    /** Every voucher the guest was granted (for the benefits list), newest first. */
    allVouchersOf(guestId: number): Promise<VoucherRow[]> {
      return db.select().from(vouchers).where(eq(vouchers.guestId, guestId)).orderBy(desc(vouchers.id));
    },

    // ----- purchases -----

    async purchaseOf(guestId: number, itemType: ItemType, itemId: number): Promise<PurchaseRow | undefined> {
      const [row] = await db
        .select()
        .from(purchases)
        .where(
          and(eq(purchases.guestId, guestId), eq(purchases.itemType, itemType), eq(purchases.itemId, itemId)),
        );
      return row;
    },
    /** Inserts the purchase; undefined when the guest already has this item (nothing written). */
    async insertPurchase(values: typeof purchases.$inferInsert): Promise<PurchaseRow | undefined> {
      const [row] = await db.insert(purchases).values(values).onConflictDoNothing().returning();
      return row;
    },
    purchasesOf(guestId: number, limit: number): Promise<PurchaseRow[]> {
      return db
        .select()
        .from(purchases)
        .where(eq(purchases.guestId, guestId))
        .orderBy(desc(purchases.id))
        .limit(limit);
    },

    // ----- bonus codes -----

    async codeByCode(code: string): Promise<BonusCodeRow | undefined> {
      const [row] = await db.select().from(bonusCodes).where(eq(bonusCodes.code, code));
      return row;
    },
    async insertCode(values: typeof bonusCodes.$inferInsert): Promise<BonusCodeRow | undefined> {
      const [row] = await db.insert(bonusCodes).values(values).onConflictDoNothing().returning();
      return row;
    },
    listCodes(limit: number, before?: number): Promise<BonusCodeRow[]> {
      return db
        .select()
        .from(bonusCodes)
        .where(before === undefined ? undefined : lt(bonusCodes.id, before))
        .orderBy(desc(bonusCodes.id))
        .limit(limit);
    },
    /**
     * Counts one redemption when the code is still redeemable now (active, in its window, under its
     * limit) in ONE statement: concurrent redemptions queue on the row and re-check the limit.
     */
    async countRedemption(codeId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(bonusCodes)
        .set({ redemptionCount: sql`${bonusCodes.redemptionCount} + 1` })
        .where(
          and(
            eq(bonusCodes.id, codeId),
            eq(bonusCodes.active, true),
            or(isNull(bonusCodes.validFrom), sql`${bonusCodes.validFrom} <= ${now}`),
            or(isNull(bonusCodes.validUntil), gt(bonusCodes.validUntil, now)),
            or(isNull(bonusCodes.maxRedemptions), lt(bonusCodes.redemptionCount, bonusCodes.maxRedemptions)),
          ),
        )
        .returning({ id: bonusCodes.id });
      return rows.length === 1;
    },
    async redemptionOf(codeId: number, guestId: number): Promise<RedemptionRow | undefined> {
      const [row] = await db
        .select()
        .from(bonusRedemptions)
        .where(and(eq(bonusRedemptions.codeId, codeId), eq(bonusRedemptions.guestId, guestId)));
      return row;
    },
    async insertRedemption(codeId: number, guestId: number): Promise<RedemptionRow> {
      const [row] = await db.insert(bonusRedemptions).values({ codeId, guestId }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /** Records the credit of a redemption (only once: a second writer changes nothing). */
    async settleRedemption(id: number, transferId: number | null, chargeId: number | null): Promise<void> {
      await db
        .update(bonusRedemptions)
        .set({ transferId, chargeId })
        .where(and(eq(bonusRedemptions.id, id), isNull(bonusRedemptions.transferId)));
    },
    /** The guest's redemptions with their codes, newest first. */
    async redemptionsOf(guestId: number): Promise<RedemptionWithCode[]> {
      return redemptionsWithCode()
        .where(eq(bonusRedemptions.guestId, guestId))
        .orderBy(desc(bonusRedemptions.id));
    },
    /** On-top redemptions of the guest still waiting for a top-up, oldest first. */
    async pendingOnTop(guestId: number): Promise<RedemptionWithCode[]> {
      return redemptionsWithCode()
        .where(
          and(
            eq(bonusRedemptions.guestId, guestId),
            eq(bonusCodes.onTop, true),
            isNull(bonusRedemptions.transferId),
            isNull(bonusRedemptions.chargeId),
          ),
        )
        .orderBy(asc(bonusRedemptions.id));
    },
    /** Coin redemptions whose credit was not written (a crash between the two transactions). */
    async unsettledCoinRedemptions(limit: number): Promise<RedemptionWithCode[]> {
      return redemptionsWithCode()
        .where(and(isNull(bonusRedemptions.transferId), sql`${bonusCodes.reward}->>'kind' = 'coins'`))
        .orderBy(asc(bonusRedemptions.id))
        .limit(limit);
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;

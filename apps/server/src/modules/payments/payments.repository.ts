/**
 * All SQL of payments: charges, callbacks, stored methods and wallet settings. The service runs
 * the writes that must hold together inside one transaction (`createPaymentsRepository(tx)`).
 */
import type { Db } from '@vela/db/client';
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from '@vela/db/orm';
import { paymentCallbacks, paymentCharges, paymentMethods, walletSettings } from '@vela/db/schema';

export type ChargeRow = typeof paymentCharges.$inferSelect;
export type MethodRow = typeof paymentMethods.$inferSelect;
export type SettingsRow = typeof walletSettings.$inferSelect;
export type ChargeStatusValue = ChargeRow['status'];

/** Charges that still count against the monthly limit (succeeded, or not decided yet). */
export const COUNTED_STATUSES: ChargeStatusValue[] = ['created', 'requires_action', 'pending', 'succeeded'];
export const OPEN_STATUSES: ChargeStatusValue[] = ['created', 'requires_action', 'pending'];
export const FINAL_STATUSES: ChargeStatusValue[] = ['succeeded', 'declined', 'failed'];

/**
 * The money state's paying flag (guests' moneyStateOf runs it with the other owners' parts as one
 * statement): has the guest ever paid money in (a succeeded charge)?
 */
export const payingCustomerSql = (guestId: number): SQL =>
  sql`exists (select 1 from ${paymentCharges}
    where ${paymentCharges.guestId} = ${guestId} and ${paymentCharges.status} = 'succeeded')`;

export function createPaymentsRepository(db: Db) {
  /** Whether any charge matches all `conditions`. */
  async function anyCharge(...conditions: SQL[]): Promise<boolean> {
    const [row] = await db
      .select({ id: paymentCharges.id })
      .from(paymentCharges)
      .where(and(...conditions))
      .limit(1);
    return row !== undefined;
  }

  /** Sum in cents of the guest's charges created in [start, end) whose status matches `status`. */
  async function centsBetween(guestId: number, start: Date, end: Date, status: SQL): Promise<number> {
    const [row] = await db
      .select({ total: sql<string | number | null>`coalesce(sum(${paymentCharges.amountCents}), 0)` })
      .from(paymentCharges)
      .where(
        and(
          eq(paymentCharges.guestId, guestId),
          status,
          gte(paymentCharges.createdAt, start),
          lt(paymentCharges.createdAt, end),
        ),
      );
    return Number(row?.total ?? 0);
  }

  return {
    // --- settings -------------------------------------------------------------------------
    async settingsOf(guestId: number): Promise<SettingsRow | undefined> {
      const [row] = await db.select().from(walletSettings).where(eq(walletSettings.guestId, guestId));
      return row;
    },
    /** Creates the guest's settings row with the defaults when missing, then row-locks it. */
    async lockSettings(guestId: number): Promise<SettingsRow> {
      await db.insert(walletSettings).values({ guestId }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(walletSettings)
        .where(eq(walletSettings.guestId, guestId))
        .for('update');
      if (!row) throw new Error(`wallet settings of guest ${guestId} were not created`);
      return row;
    },
    async updateSettings(
      guestId: number,
      values: Partial<Omit<SettingsRow, 'guestId' | 'updatedAt'>>,
    ): Promise<SettingsRow> {
      const [row] = await db
        .update(walletSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(walletSettings.guestId, guestId))
        .returning();
      if (!row) throw new Error(`wallet settings of guest ${guestId} missing`);
      return row;
    },

    // --- charges --------------------------------------------------------------------------
    async chargeByKey(guestId: number, idempotencyKey: string): Promise<ChargeRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentCharges)
        .where(and(eq(paymentCharges.guestId, guestId), eq(paymentCharges.idempotencyKey, idempotencyKey)));
      return row;
    },
    async chargeByPublicId(publicId: string): Promise<ChargeRow | undefined> {
      const [row] = await db.select().from(paymentCharges).where(eq(paymentCharges.publicId, publicId));
      return row;
    },
    async chargeById(id: number): Promise<ChargeRow | undefined> {
      const [row] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id));
      return row;
    },
    async lockCharge(id: number): Promise<ChargeRow | undefined> {
      const [row] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id)).for('update');
      return row;
    },
    async insertCharge(values: typeof paymentCharges.$inferInsert): Promise<ChargeRow> {
      const [row] = await db.insert(paymentCharges).values(values).returning();
      if (!row) throw new Error('charge not inserted');
      return row;
    },
    /** Updates a charge only while its status is one of `from`; answers the row, or undefined when it was not. */
    async moveCharge(
      id: number,
      from: ChargeStatusValue[],
      values: Partial<Pick<ChargeRow, 'status' | 'declineCode' | 'providerRef' | 'transferId' | 'methodId'>>,
    ): Promise<ChargeRow | undefined> {
      const [row] = await db
        .update(paymentCharges)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(paymentCharges.id, id), inArray(paymentCharges.status, from)))
        .returning();
      return row;
    },
    async chargesOf(guestId: number, limit: number): Promise<ChargeRow[]> {
      return db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.guestId, guestId))
        .orderBy(desc(paymentCharges.createdAt), desc(paymentCharges.id))
        .limit(limit);
    },
    /** Sum of the guest's charges created in [start, end) that count against the limit. */
    async countedCents(guestId: number, start: Date, end: Date): Promise<number> {
      return centsBetween(guestId, start, end, inArray(paymentCharges.status, COUNTED_STATUSES));
    },
    async succeededCents(guestId: number, start: Date, end: Date): Promise<number> {
      return centsBetween(guestId, start, end, eq(paymentCharges.status, 'succeeded'));
    },
    /** The id of the guest's charge named by a top-up's reference (numeric id or public id). */
    async chargeIdOf(guestId: number, ref: unknown): Promise<number | null> {
      if (typeof ref !== 'number' && typeof ref !== 'string') return null;
      const text = String(ref);
      const byId = /^\d{1,15}$/.test(text) ? eq(paymentCharges.id, Number(text)) : undefined;
      const [row] = await db
        .select({ id: paymentCharges.id })
        .from(paymentCharges)
        .where(
          and(
            eq(paymentCharges.guestId, guestId),
            byId ? or(byId, eq(paymentCharges.publicId, text)) : eq(paymentCharges.publicId, text),
          ),
        );
      return row?.id ?? null;
    },
    async hasSucceeded(guestId: number): Promise<boolean> {
      return anyCharge(eq(paymentCharges.guestId, guestId), eq(paymentCharges.status, 'succeeded'));
    },
    /** A trial charge that succeeded or is still open (declined ones do not use the trial up). */
    async trialUsed(guestId: number): Promise<boolean> {
      return anyCharge(
        eq(paymentCharges.guestId, guestId),
        eq(paymentCharges.flow, 'trialmoneycharge'),
        inArray(paymentCharges.status, COUNTED_STATUSES),
      );
    },
    async autoRechargeOpen(guestId: number): Promise<boolean> {
      return anyCharge(
        eq(paymentCharges.guestId, guestId),
        eq(paymentCharges.flow, 'autorecharge'),
        inArray(paymentCharges.status, OPEN_STATUSES),
      );
    },
    /** Charges waiting for the guest (3-D Secure, SMS code) or never driven, created before `before`. */
    async abandoned(before: Date): Promise<ChargeRow[]> {
      return db
        .select()
        .from(paymentCharges)
        .where(
          and(
            inArray(paymentCharges.status, ['created', 'requires_action']),
            lt(paymentCharges.createdAt, before),
          ),
        )
        .limit(500);
    },
    /** SEPA debits still waiting for their settlement (resumed after a restart). */
    async pendingSepa(): Promise<ChargeRow[]> {
      return db
        .select()
        .from(paymentCharges)
        .where(and(eq(paymentCharges.status, 'pending'), eq(paymentCharges.paytype, 'LS')));
    },
    // --- callbacks ------------------------------------------------------------------------
    /** Records a callback; false when its event id was already recorded (a repeated delivery). */
    async recordCallback(values: {
      eventId: string;
      chargeId: number;
      type: string;
      payload: Record<string, unknown>;
    }): Promise<boolean> {
      const rows = await db
        .insert(paymentCallbacks)
        .values(values)
        .onConflictDoNothing({ target: paymentCallbacks.eventId })
        .returning({ id: paymentCallbacks.id });
      return rows.length > 0;
    },
    async callbacksOf(chargeId: number) {
      return db.select().from(paymentCallbacks).where(eq(paymentCallbacks.chargeId, chargeId));
    },

    // --- methods --------------------------------------------------------------------------
    async activeMethods(guestId: number): Promise<MethodRow[]> {
      return db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.guestId, guestId), eq(paymentMethods.status, 'active')))
        .orderBy(paymentMethods.paytype);
    },
    async activeMethod(guestId: number, paytype: 'CC' | 'LS'): Promise<MethodRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.guestId, guestId),
            eq(paymentMethods.paytype, paytype),
            eq(paymentMethods.status, 'active'),
          ),
        );
      return row;
    },
    async methodById(id: number): Promise<MethodRow | undefined> {
      const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
      return row;
    },
    /** Retires a method if it is active and was stored at or after `since` (by the charge of that time). */
    async retireMethodSavedSince(id: number, since: Date): Promise<void> {
      await db
        .update(paymentMethods)
        .set({ status: 'replaced' })
        .where(
          and(
            eq(paymentMethods.id, id),
            eq(paymentMethods.status, 'active'),
            gte(paymentMethods.createdAt, since),
          ),
        );
    },
    /** The new method becomes the active one of its paytype; the previous one is kept as replaced. */
    async replaceMethod(values: {
      guestId: number;
      paytype: 'CC' | 'LS';
      label: string;
      providerRef: string;
    }): Promise<MethodRow> {
      await db
        .update(paymentMethods)
        .set({ status: 'replaced' })
        .where(
          and(
            eq(paymentMethods.guestId, values.guestId),
            eq(paymentMethods.paytype, values.paytype),
            eq(paymentMethods.status, 'active'),
          ),
        );
      const [row] = await db.insert(paymentMethods).values(values).returning();
      if (!row) throw new Error('method not inserted');
      return row;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

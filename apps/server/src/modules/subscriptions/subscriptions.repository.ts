/**
 * All SQL of subscriptions: the `subscriptions` and `subscription_periods` tables. What the service
 * reads elsewhere it asks the owners (decision 0030): the ledger transfer of a period charge from the
 * wallet, the VIP30 value of a period from the videos. Rules live in @vela/domain/subscriptions and
 * the service.
 */
import type { Db } from '@vela/db/client';
import { queryRows } from '@vela/db/client';
import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, type SQL, sql } from '@vela/db/orm';
import { subscriptionPeriods, subscriptions } from '@vela/db/schema';
import type { SubscriptionProduct } from '@vela/domain/subscriptions';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PeriodRow = typeof subscriptionPeriods.$inferSelect;

const running = inArray(subscriptions.status, ['active', 'cancelled']);

export interface NewPeriod {
  subscriptionId: number;
  periodIndex: number;
  periodStart: Date;
  periodEnd: Date;
  chargedCents: number;
  transferId: number;
  valueCents: number;
}

/**
 * The money state's subscription flags (guests' moneyStateOf runs it with the other owners' parts as
 * one statement): does a subscription of `product` run (active, or cancelled within its paid period)?
 */
export const subscribedSql = (guestId: number, product: SubscriptionProduct): SQL =>
  sql`exists (select 1 from ${subscriptions}
    where ${subscriptions.guestId} = ${guestId} and ${subscriptions.product} = ${product}
      and ${subscriptions.status} in ('active', 'cancelled'))`;

export function createSubscriptionsRepository(db: Db) {
  /** Moves a subscription in status `from` to `to` while its period runs; undefined when it was not so. */
  async function moveInPeriod(
    id: number,
    now: Date,
    from: SubscriptionRow['status'],
    to: { status: SubscriptionRow['status']; cancelledAt: Date | null },
  ): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .update(subscriptions)
      .set({ ...to, updatedAt: now })
      .where(
        and(
          eq(subscriptions.id, id),
          eq(subscriptions.status, from),
          gt(subscriptions.currentPeriodEnd, now),
        ),
      )
      .returning();
    return row;
  }

  return {
    /** The guest's running subscriptions (at most one per product: subscriptions_running_idx). */
    async runningOf(guestId: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.guestId, guestId), running));
    },
    async runningOfProduct(
      guestId: number,
      product: SubscriptionProduct,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.guestId, guestId), eq(subscriptions.product, product), running));
      return row;
    },
    async byId(id: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row;
    },
    /** Whether the guest ever started the VIP trial. */
    async hadTrial(guestId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.guestId, guestId), eq(subscriptions.trial, true)))
        .limit(1);
      return row !== undefined;
    },
    /** A new running subscription; a second running one of the guest and product violates subscriptions_running_idx. */
    async insert(values: {
      guestId: number;
      product: SubscriptionProduct;
      trial: boolean;
      priceCents: number;
      startedAt: Date;
      currentPeriodStart: Date;
      currentPeriodEnd: Date;
    }): Promise<SubscriptionRow> {
      const [row] = await db
        .insert(subscriptions)
        .values({ ...values, status: 'active', updatedAt: values.startedAt })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /** Removes a subscription that was never paid (no period): a refused first charge changes nothing. */
    async deleteUnpaid(id: number): Promise<boolean> {
      const rows = await db
        .delete(subscriptions)
        .where(
          and(
            eq(subscriptions.id, id),
            sql`not exists (select 1 from ${subscriptionPeriods} where ${subscriptionPeriods.subscriptionId} = ${id})`,
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },
    /**
     * Records the first period of a new subscription, only while the subscription still runs.
     * 'recorded' now, 'exists' when recorded before (a retry), 'gone' when the subscription is not
     * running any more (its charge must be refunded).
     */
    async recordFirstPeriod(period: NewPeriod): Promise<'recorded' | 'exists' | 'gone'> {
      const inserted = await queryRows<{ id: number }>(
        db,
        sql`insert into ${subscriptionPeriods}
              (subscription_id, period_index, period_start, period_end, charged_cents, transfer_id, value_cents)
            select ${period.subscriptionId}, ${period.periodIndex}, ${period.periodStart.toISOString()}::timestamptz,
                   ${period.periodEnd.toISOString()}::timestamptz,
                   ${period.chargedCents}, ${period.transferId}, ${period.valueCents}
            where exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${period.subscriptionId}
                          and ${subscriptions.status} in ('active', 'cancelled'))
            on conflict (subscription_id, period_index) do nothing
            returning id`,
      );
      if (inserted.length > 0) return 'recorded';
      const [existing] = await db
        .select({ id: subscriptionPeriods.id })
        .from(subscriptionPeriods)
        .where(
          and(
            eq(subscriptionPeriods.subscriptionId, period.subscriptionId),
            eq(subscriptionPeriods.periodIndex, period.periodIndex),
          ),
        );
      return existing ? 'exists' : 'gone';
    },
    async lastPeriodOf(subscriptionId: number): Promise<PeriodRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptionPeriods)
        .where(eq(subscriptionPeriods.subscriptionId, subscriptionId))
        .orderBy(desc(subscriptionPeriods.periodIndex))
        .limit(1);
      return row;
    },
    /**
     * Due subscriptions (period over, still running, paid at least once), oldest first. The rows are
     * taken `FOR UPDATE SKIP LOCKED`: a row another worker is recording right now is skipped.
     */
    async dueBatch(now: Date, limit: number, skipIds: number[]): Promise<SubscriptionRow[]> {
      return db.transaction(async (tx) =>
        tx
          .select()
          .from(subscriptions)
          .where(
            and(
              running,
              lte(subscriptions.currentPeriodEnd, now),
              sql`exists (select 1 from ${subscriptionPeriods} where ${subscriptionPeriods.subscriptionId} = ${subscriptions.id})`,
              skipIds.length > 0 ? notInArray(subscriptions.id, skipIds) : undefined,
            ),
          )
          .orderBy(asc(subscriptions.currentPeriodEnd), asc(subscriptions.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
    },
    /**
     * Locks a running subscription that still ends at `previousEnd` (`FOR UPDATE SKIP LOCKED`, in the
     * caller's transaction): undefined when another worker holds it, or it moved on or ended meanwhile.
     */
    async lockDue(id: number, previousEnd: Date): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), running, eq(subscriptions.currentPeriodEnd, previousEnd)))
        .for('update', { skipLocked: true });
      return row;
    },
    /** Subscriptions without any paid period that started before `before` (a subscribe that died half-way). */
    async unpaidSince(before: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            running,
            lte(subscriptions.startedAt, before),
            sql`not exists (select 1 from ${subscriptionPeriods} where ${subscriptionPeriods.subscriptionId} = ${subscriptions.id})`,
          ),
        )
        .orderBy(asc(subscriptions.id))
        .limit(limit);
    },
    /**
     * Records a paid renewal and moves the subscription to the new period, in one transaction, only
     * if it still ends where the caller saw it end (a second worker finds it moved and does nothing).
     * The row is locked `FOR UPDATE SKIP LOCKED`: a worker already recording it is not waited for.
     */
    async recordRenewal(previousEnd: Date, period: NewPeriod, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.id, period.subscriptionId),
              running,
              eq(subscriptions.currentPeriodEnd, previousEnd),
            ),
          )
          .for('update', { skipLocked: true });
        if (!row) return false;
        const inserted = await tx
          .insert(subscriptionPeriods)
          .values(period)
          .onConflictDoNothing()
          .returning({ id: subscriptionPeriods.id });
        if (inserted.length === 0) return false;
        await tx
          .update(subscriptions)
          .set({ currentPeriodStart: period.periodStart, currentPeriodEnd: period.periodEnd, updatedAt: now })
          .where(eq(subscriptions.id, period.subscriptionId));
        return true;
      });
    },
    /** A cancelled subscription whose period is over ends (at its period end). */
    async endCancelled(id: number, previousEnd: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(subscriptions)
        .set({ status: 'ended', endedAt: previousEnd, endReason: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.status, 'cancelled'),
            eq(subscriptions.currentPeriodEnd, previousEnd),
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },
    /** A renewal the wallet could not pay ends the subscription. */
    async endUnpaid(id: number, previousEnd: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(subscriptions)
        .set({ status: 'ended', endedAt: now, endReason: 'payment_failed', updatedAt: now })
        .where(and(eq(subscriptions.id, id), running, eq(subscriptions.currentPeriodEnd, previousEnd)))
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },
    /** active -> cancelled, only when still active and before its period end. */
    cancel(id: number, now: Date): Promise<SubscriptionRow | undefined> {
      return moveInPeriod(id, now, 'active', { status: 'cancelled', cancelledAt: now });
    },
    /** cancelled -> active before the period end (resume). */
    resume(id: number, now: Date): Promise<SubscriptionRow | undefined> {
      return moveInPeriod(id, now, 'cancelled', { status: 'active', cancelledAt: null });
    },
    /** Takes the cancellation offer: once per subscription (offer_accepted_at null), keeps it running. */
    async acceptOffer(id: number, now: Date): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .update(subscriptions)
        .set({ status: 'active', cancelledAt: null, offerAcceptedAt: now, updatedAt: now })
        .where(
          and(
            eq(subscriptions.id, id),
            running,
            isNull(subscriptions.offerAcceptedAt),
            gt(subscriptions.currentPeriodEnd, now),
          ),
        )
        .returning();
      return row;
    },
    /** The guest's paid VIP periods, newest first. */
    async vipPeriodsOf(guestId: number, limit: number): Promise<PeriodRow[]> {
      return db
        .select({
          id: subscriptionPeriods.id,
          subscriptionId: subscriptionPeriods.subscriptionId,
          periodIndex: subscriptionPeriods.periodIndex,
          periodStart: subscriptionPeriods.periodStart,
          periodEnd: subscriptionPeriods.periodEnd,
          chargedCents: subscriptionPeriods.chargedCents,
          transferId: subscriptionPeriods.transferId,
          valueCents: subscriptionPeriods.valueCents,
          createdAt: subscriptionPeriods.createdAt,
        })
        .from(subscriptionPeriods)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPeriods.subscriptionId))
        .where(and(eq(subscriptions.guestId, guestId), eq(subscriptions.product, 'vip')))
        .orderBy(desc(subscriptionPeriods.periodStart), desc(subscriptionPeriods.id))
        .limit(limit);
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

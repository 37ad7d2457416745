/**
 * All SQL of the web push subscriptions (`web_push_subscriptions`, migration 0008). The service runs
 * the writes that belong together inside one transaction (`db.transaction(tx =>
 * createWebPushRepository(tx))`); the unique endpoint and token keep one row per browser.
 */
import type { Db } from '@vela/db/client';
import { and, asc, eq, ne, sql } from '@vela/db/orm';
import { webPushSubscriptions } from '@vela/db/schema/webpush';

export type WebPushRow = typeof webPushSubscriptions.$inferSelect;

export interface NewWebPushRow {
  token: string;
  guestId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
}

export type WebPushChanges = Partial<
  Pick<
    WebPushRow,
    'token' | 'guestId' | 'endpoint' | 'p256dh' | 'auth' | 'language' | 'enabled' | 'lastSentAt'
  >
>;

export function createWebPushRepository(db: Db) {
  const table = webPushSubscriptions;
  return {
    /** The row of an endpoint, row-locked until the transaction ends. */
    async lockByEndpoint(endpoint: string): Promise<WebPushRow | null> {
      const [row] = await db.select().from(table).where(eq(table.endpoint, endpoint)).for('update');
      return row ?? null;
    },
    /** The row of a token, row-locked until the transaction ends. */
    async lockByToken(token: string): Promise<WebPushRow | null> {
      const [row] = await db.select().from(table).where(eq(table.token, token)).for('update');
      return row ?? null;
    },
    /** The guest's row of an endpoint (another guest's row is as absent as a missing one). */
    async ofGuest(guestId: number, endpoint: string): Promise<WebPushRow | null> {
      const [row] = await db
        .select()
        .from(table)
        .where(and(eq(table.guestId, guestId), eq(table.endpoint, endpoint)));
      return row ?? null;
    },
    /** The guest's subscriptions that want pushes (index web_push_subscriptions_guest_idx). */
    enabledOf(guestId: number): Promise<WebPushRow[]> {
      return db
        .select()
        .from(table)
        .where(and(eq(table.guestId, guestId), eq(table.enabled, true)))
        .orderBy(asc(table.id));
    },
    /** Inserts a new row; null when the endpoint exists already (a parallel subscribe won). */
    async insertIfNew(row: NewWebPushRow): Promise<WebPushRow | null> {
      const [inserted] = await db
        .insert(table)
        .values(row)
        .onConflictDoNothing({ target: table.endpoint })
        .returning();
      return inserted ?? null;
    },
    async update(id: number, changes: WebPushChanges): Promise<WebPushRow | null> {
      const [row] = await db
        .update(table)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(table.id, id))
        .returning();
      return row ?? null;
    },
    /** Changes the guest's row of an endpoint; null when the guest has none. */
    async updateOfGuest(
      guestId: number,
      endpoint: string,
      changes: WebPushChanges,
    ): Promise<WebPushRow | null> {
      const [row] = await db
        .update(table)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(table.guestId, guestId), eq(table.endpoint, endpoint)))
        .returning();
      return row ?? null;
    },
    /** Records a delivered push (not an edit of the subscription: updated_at stays). */
    async markSent(id: number, at: Date): Promise<void> {
      await db.update(table).set({ lastSentAt: at }).where(eq(table.id, id));
    },
    /** Removes another row holding `endpoint` (the browser's subscription moves to row `keepId`). */
    async deleteOtherWithEndpoint(endpoint: string, keepId: number): Promise<void> {
      await db.delete(table).where(and(eq(table.endpoint, endpoint), ne(table.id, keepId)));
    },
    /** Deletes the guest's row of an endpoint; false when the guest has none. */
    async deleteOfGuest(guestId: number, endpoint: string): Promise<boolean> {
      const deleted = await db
        .delete(table)
        .where(and(eq(table.guestId, guestId), eq(table.endpoint, endpoint)))
        .returning({ id: table.id });
      return deleted.length > 0;
    },
    /** Deletes a row the push service reported gone, unless it was moved to another endpoint meanwhile. */
    async deleteGone(id: number, endpoint: string): Promise<boolean> {
      const deleted = await db
        .delete(table)
        .where(and(eq(table.id, id), eq(table.endpoint, endpoint)))
        .returning({ id: table.id });
      return deleted.length > 0;
    },
  };
}

export type WebPushRepository = ReturnType<typeof createWebPushRepository>;

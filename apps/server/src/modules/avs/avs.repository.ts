/**
 * All SQL of age verification: the guest's current status (`guests.avs_status`,
 * `guests.avs_reject_message`) and the request history (`avs_requests`). Callers that change both
 * pass a transaction (`db.transaction(tx => createAvsRepository(tx))`).
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq } from '@vela/db/orm';
import { avsRequests } from '@vela/db/schema/avs';
import { guests } from '@vela/db/schema/guests';

export type AvsRequestRow = typeof avsRequests.$inferSelect;
export type AvsRequestStatus = AvsRequestRow['status'];
export type GuestAvsStatus = (typeof guests.$inferSelect)['avsStatus'];

export interface GuestAvsRow {
  id: number;
  avsStatus: GuestAvsStatus;
  avsRejectMessage: string | null;
}

export interface NewAvsRequest {
  guestId: number;
  provider: string;
  fullName: string;
  birthDate: string;
  documentType: AvsRequestRow['documentType'];
  documentLast4: string;
  status: AvsRequestStatus;
  decidedAt: Date | null;
  decisionMessage: string | null;
}

export interface AvsRequestListRow extends AvsRequestRow {
  screenName: string;
}

const guestAvsColumns = {
  id: guests.id,
  avsStatus: guests.avsStatus,
  avsRejectMessage: guests.avsRejectMessage,
};

export function createAvsRepository(db: Db) {
  return {
    async guestAvs(guestId: number): Promise<GuestAvsRow | undefined> {
      const [row] = await db.select(guestAvsColumns).from(guests).where(eq(guests.id, guestId));
      return row;
    },
    /** The guest's AVS fields, row-locked until the transaction ends (serialises concurrent changes). */
    async guestAvsForUpdate(guestId: number): Promise<GuestAvsRow | undefined> {
      const [row] = await db.select(guestAvsColumns).from(guests).where(eq(guests.id, guestId)).for('update');
      return row;
    },
    async setGuestAvs(guestId: number, status: GuestAvsStatus, rejectMessage: string | null): Promise<void> {
      await db
        .update(guests)
        .set({ avsStatus: status, avsRejectMessage: rejectMessage })
        .where(eq(guests.id, guestId));
    },
    async insertRequest(values: NewAvsRequest): Promise<AvsRequestRow> {
      const [row] = await db.insert(avsRequests).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async request(id: number): Promise<AvsRequestRow | undefined> {
      const [row] = await db.select().from(avsRequests).where(eq(avsRequests.id, id));
      return row;
    },
    async requestForUpdate(id: number): Promise<AvsRequestRow | undefined> {
      const [row] = await db.select().from(avsRequests).where(eq(avsRequests.id, id)).for('update');
      return row;
    },
    /** The newest request of a guest in a status (the accepted one a revocation withdraws). */
    async newestRequestOf(guestId: number, status: AvsRequestStatus): Promise<AvsRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(avsRequests)
        .where(and(eq(avsRequests.guestId, guestId), eq(avsRequests.status, status)))
        .orderBy(desc(avsRequests.createdAt), desc(avsRequests.id))
        .limit(1);
      return row;
    },
    async setRequestStatus(
      id: number,
      status: AvsRequestStatus,
      decidedAt: Date,
      decisionMessage: string | null,
    ): Promise<void> {
      await db.update(avsRequests).set({ status, decidedAt, decisionMessage }).where(eq(avsRequests.id, id));
    },
    /** Requests in a status, oldest first (the operator's queue; uses avs_requests_status_idx). */
    async requestsByStatus(status: AvsRequestStatus, limit: number): Promise<AvsRequestListRow[]> {
      const rows = await db
        .select({ request: avsRequests, screenName: guests.screenName })
        .from(avsRequests)
        .innerJoin(guests, eq(guests.id, avsRequests.guestId))
        .where(eq(avsRequests.status, status))
        .orderBy(asc(avsRequests.createdAt), asc(avsRequests.id))
        .limit(limit);
      return rows.map((row) => ({ ...row.request, screenName: row.screenName }));
    },
  };
}

export type AvsRepository = ReturnType<typeof createAvsRepository>;

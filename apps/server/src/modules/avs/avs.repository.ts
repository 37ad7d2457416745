/**
 * All SQL of age verification's request history (`avs_requests`). The guest's current status is a
 * column of the guests module's table, read and set through its port (`GuestAvsPort`, avs.service.ts);
 * a change of both passes one transaction to each (`db.transaction(tx => createAvsRepository(tx))`).
 */
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq } from '@vela/db/orm';
import { avsRequests } from '@vela/db/schema/avs';

export type AvsRequestRow = typeof avsRequests.$inferSelect;
export type AvsRequestStatus = AvsRequestRow['status'];

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

export function createAvsRepository(db: Db) {
  return {
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
    requestsByStatus(status: AvsRequestStatus, limit: number): Promise<AvsRequestRow[]> {
      return db
        .select()
        .from(avsRequests)
        .where(eq(avsRequests.status, status))
        .orderBy(asc(avsRequests.createdAt), asc(avsRequests.id))
        .limit(limit);
    },
  };
}

export type AvsRepository = ReturnType<typeof createAvsRepository>;

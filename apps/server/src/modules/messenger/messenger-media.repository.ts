/** Paid media in the messenger (issue 19 deliverable 2): the messenger module's `messenger_media` rows. */
import type { Db } from '@vela/db/client';
import { and, count, desc, eq, inArray, isNotNull, sql } from '@vela/db/orm';
import { messengerMedia } from '@vela/db/schema/messenger';

export type MessengerMediaRow = typeof messengerMedia.$inferSelect;
export type MessengerMediaKind = 'photo' | 'clip';

export interface NewMessengerMedia {
  channelId: number;
  guestId: number;
  actorId: number;
  kind: MessengerMediaKind;
  priceCents: number;
  assetKey: string;
  ageRating: number;
}

export function createMessengerMediaRepository(db: Db) {
  return {
    async insert(media: NewMessengerMedia): Promise<MessengerMediaRow> {
      const [row] = await db.insert(messengerMedia).values(media).returning();
      if (!row) throw new Error('messenger media not inserted');
      return row;
    },
    /** Removes media never delivered (its message was refused: a blocked channel). */
    async discard(id: number): Promise<void> {
      await db
        .delete(messengerMedia)
        .where(and(eq(messengerMedia.id, id), sql`${messengerMedia.boughtAt} is null`));
    },
    async byId(id: number, tx: Db = db): Promise<MessengerMediaRow | undefined> {
      const [row] = await tx.select().from(messengerMedia).where(eq(messengerMedia.id, id));
      return row;
    },
    async byIds(ids: readonly number[]): Promise<MessengerMediaRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(messengerMedia)
        .where(inArray(messengerMedia.id, [...ids]));
    },
    /** The media row locked for its purchase (one buyer at a time; the second sees it bought). */
    async lockForPurchase(tx: Db, id: number): Promise<MessengerMediaRow | undefined> {
      const [row] = await tx.select().from(messengerMedia).where(eq(messengerMedia.id, id)).for('update');
      return row;
    },
    async markBought(tx: Db, id: number, transferId: number, at: Date): Promise<MessengerMediaRow> {
      const [row] = await tx
        .update(messengerMedia)
        .set({ transferId, boughtAt: at })
        .where(eq(messengerMedia.id, id))
        .returning();
      if (!row) throw new Error('messenger media vanished during its purchase');
      return row;
    },
    /** The guest's bought media of a kind, newest purchase first (the media library's messenger section). */
    async bought(
      guestId: number,
      kind: MessengerMediaKind,
      limit: number,
      offset: number,
    ): Promise<{ rows: MessengerMediaRow[]; total: number }> {
      const where = and(
        eq(messengerMedia.guestId, guestId),
        eq(messengerMedia.kind, kind),
        isNotNull(messengerMedia.boughtAt),
      );
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(messengerMedia)
          .where(where)
          .orderBy(desc(messengerMedia.boughtAt), desc(messengerMedia.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(messengerMedia).where(where),
      ]);
      return { rows, total: Number(totals[0]?.n ?? 0) };
    },
  };
}
export type MessengerMediaRepository = ReturnType<typeof createMessengerMediaRepository>;

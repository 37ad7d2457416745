/** All SQL of notifications (table `notifications`, indexes named in schema.ts). */
import { type Db, queryRows } from '@vela/db/client';
import { and, desc, eq, inArray, notInArray, type SQL, sql } from '@vela/db/orm';
import { notifications } from '@vela/db/schema/notifications';
import { HIDDEN_NOTIFICATION_TYPES } from '@vela/domain/notifications';

export type NotificationRow = typeof notifications.$inferSelect;
export interface NewNotification {
  type: number;
  params: Record<string, string | number | boolean>;
  url: string | null;
  dedupeKey: string | null;
}

const shown = notInArray(notifications.type, [...HIDDEN_NOTIFICATION_TYPES]);

/**
 * The fans of a performer, a read of the favorites module's table (decision 0030): a subquery of one
 * column `guest_id` that the fans' notifications are inserted from, so they stay one statement.
 */
export type FansOfActor = (actorId: number) => SQL;

export function createNotificationsRepository(db: Db, fansOf: FansOfActor) {
  /** The counts of many guests in one statement (a favorite's fans); guests without any are absent. */
  async function countsOf(
    guestIds: number[],
  ): Promise<Map<number, { unreadTotal: number; unseenTotal: number }>> {
    if (guestIds.length === 0) return new Map();
    const rows = await db
      .select({
        guestId: notifications.guestId,
        unreadTotal: sql<number>`count(*) filter (where ${notifications.unread})::int`,
        unseenTotal: sql<number>`count(*) filter (where ${notifications.unseen})::int`,
      })
      .from(notifications)
      .where(
        and(
          inArray(notifications.guestId, guestIds),
          shown,
          sql`(${notifications.unread} or ${notifications.unseen})`,
        ),
      )
      .groupBy(notifications.guestId);
    return new Map(
      rows.map((row) => [
        Number(row.guestId),
        { unreadTotal: row.unreadTotal, unseenTotal: row.unseenTotal },
      ]),
    );
  }

  return {
    /** Inserts unless the guest already has one with the same dedupe key; the new row or null. */
    async insert(guestId: number, notification: NewNotification): Promise<NotificationRow | null> {
      const [row] = await db
        .insert(notifications)
        .values({ guestId, ...notification })
        .onConflictDoNothing({ target: [notifications.guestId, notifications.dedupeKey] })
        .returning();
      return row ?? null;
    },

    /** One notification for every guest who pinned `actorId` (one statement); the new rows. */
    async insertForFans(actorId: number, notification: NewNotification): Promise<NotificationRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`insert into ${notifications} (guest_id, type, params, url, dedupe_key)
            select fan.guest_id, ${notification.type}, ${JSON.stringify(notification.params)}::jsonb,
                   ${notification.url}, ${notification.dedupeKey}
            from (${fansOf(actorId)}) fan
            on conflict (guest_id, dedupe_key) do nothing
            returning id, guest_id as "guestId", type, params, url, unread, unseen,
                      dedupe_key as "dedupeKey", created_at as "createdAt"`,
      );
      // Raw rows: bigint ids may arrive as strings and instants as text, depending on the driver.
      return rows.map((row) => ({
        ...(row as NotificationRow),
        id: Number(row.id),
        guestId: Number(row.guestId),
        type: Number(row.type),
        createdAt: new Date(row.createdAt as string | Date),
      }));
    },

    /** The newest shown notifications (notifications_guest_newest_idx); only unseen ones if asked. */
    async newest(guestId: number, limit: number, onlyUnseen: boolean): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.guestId, guestId),
            shown,
            onlyUnseen ? eq(notifications.unseen, true) : undefined,
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(limit);
    },

    countsOf,

    async counts(guestId: number): Promise<{ unreadTotal: number; unseenTotal: number }> {
      return (await countsOf([guestId])).get(guestId) ?? { unreadTotal: 0, unseenTotal: 0 };
    },

    /** Marks the guest's notification read (and seen); true when it changed. */
    async markRead(guestId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ unread: false, unseen: false })
        .where(
          and(
            eq(notifications.guestId, guestId),
            eq(notifications.id, id),
            sql`(${notifications.unread} or ${notifications.unseen})`,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markSeen(guestId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ unseen: false })
        .where(
          and(eq(notifications.guestId, guestId), eq(notifications.id, id), eq(notifications.unseen, true)),
        )
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async exists(guestId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.guestId, guestId), eq(notifications.id, id), shown));
      return row !== undefined;
    },

    /** Deletes the guest's notifications among `ids`; the ids deleted. */
    async remove(guestId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.guestId, guestId), inArray(notifications.id, ids)))
        .returning({ id: notifications.id });
      return rows.map((row) => row.id);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/** The simulated performers' pending messenger answers (`messenger_pending_replies`; performer-replies.ts). */
import { type Db, queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { messengerPendingReplies } from '@vela/db/schema/messenger';

export type PendingReply = typeof messengerPendingReplies.$inferSelect;
export type PendingReplyKind = 'text' | 'gift' | 'toy';

export function createPendingRepliesRepository(db: Db) {
  return {
    /** One answer per guest message: a second enqueue of the same message changes nothing. */
    async enqueue(reply: PendingReply): Promise<boolean> {
      const rows = await db
        .insert(messengerPendingReplies)
        .values(reply)
        .onConflictDoNothing()
        .returning({ id: messengerPendingReplies.messageId });
      return rows.length > 0;
    },
    /**
     * Takes (deletes and returns) up to `limit` answers due at `now`, oldest first. Rows another node is
     * taking right now are skipped, so each answer is taken by exactly one node.
     */
    async takeDue(now: Date, limit: number): Promise<PendingReply[]> {
      const rows = await queryRows<{
        message_id: string | number;
        channel_id: string | number;
        guest_id: string | number;
        actor_id: number;
        language: string;
        kind: string;
        due_at: Date | string;
      }>(
        db,
        sql`delete from ${messengerPendingReplies} where message_id in (
          select message_id from ${messengerPendingReplies} where due_at <= ${now.toISOString()}::timestamptz
          order by due_at limit ${limit} for update skip locked)
        returning message_id, channel_id, guest_id, actor_id, language, kind, due_at`,
      );
      return rows.map((row) => ({
        messageId: Number(row.message_id),
        channelId: Number(row.channel_id),
        guestId: Number(row.guest_id),
        actorId: row.actor_id,
        language: row.language,
        kind: row.kind,
        dueAt: new Date(row.due_at),
      }));
    },
  };
}
export type PendingRepliesRepository = ReturnType<typeof createPendingRepliesRepository>;

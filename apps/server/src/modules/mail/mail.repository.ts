/** All SQL of mail: the `mail_outbox` table. */
import type { Db } from '@vela/db/client';
import { desc, eq, sql } from '@vela/db/orm';
import { mailOutbox } from '@vela/db/schema/mail';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface NewOutboxMail {
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
}

export function createMailRepository(db: Db) {
  return {
    async insert(values: NewOutboxMail): Promise<OutboxRow> {
      const [row] = await db.insert(mailOutbox).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async markSent(id: number, sentAt: Date): Promise<void> {
      await db.update(mailOutbox).set({ sentAt, error: null }).where(eq(mailOutbox.id, id));
    },
    async markFailed(id: number, error: string): Promise<void> {
      await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
    },
    async newest(limit: number): Promise<OutboxRow[]> {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
    },
    /** The newest mail to an address (case-insensitive). */
    async newestTo(toAddress: string): Promise<OutboxRow | undefined> {
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.toAddress}) = ${toAddress.toLowerCase()}`)
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      return row;
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;

/**
 * Tables of the mail module (apps/server/src/modules/mail): the mail outbox.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

/**
 * Outgoing mail. Every mail is written here first; with SMTP_URL it is then sent and `sent_at` set,
 * without it the outbox is the delivery (readable on /dev/mail outside production).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** What the mail is for, e.g. password-reset. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    sentAt: tstz('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

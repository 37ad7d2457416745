/**
 * Tables of the avs module (apps/server/src/modules/avs): age verification requests.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { bigserial, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

/**
 * Age verification requests (spec 4) at a provider (the sandbox provider: an operator decides through
 * the internal API). The guest's current status is `guests.avs_status`; this is the history.
 */
export const avsRequests = pgTable(
  'avs_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    provider: text('provider').notNull().default('sandbox'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    fullName: text('full_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    documentType: text('document_type', { enum: ['id-card', 'passport', 'driving-licence'] }).notNull(),
    /** Only the last 4 characters of the document number are kept. */
    documentLast4: text('document_last4').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'revoked'] })
      .notNull()
      .default('pending'),
    decidedAt: tstz('decided_at'),
    decisionMessage: text('decision_message'),
  },
  (t) => [
    index('avs_requests_guest_idx').on(t.guestId),
    index('avs_requests_status_idx').on(t.status, t.createdAt),
  ],
);

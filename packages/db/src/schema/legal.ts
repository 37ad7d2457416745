/**
 * Tables of the legal module (apps/server/src/modules/legal): the legal texts per type, product,
 * language and version.
 * Only that module imports them; other modules ask it (docs/decisions/0031, enforced by
 * apps/server/test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

export const legalTexts = pgTable(
  'legal_texts',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['PP', 'GTC', 'IMP'] }).notNull(),
    product: text('product').notNull(),
    version: text('version').notNull(),
    language: text('language', { enum: ['de', 'en', 'nl', 'es'] }).notNull(),
    html: text('html').notNull(),
    publishedAt: tstz('published_at').notNull(),
  },
  (t) => [
    check('legal_texts_type_check', sql`${t.type} in ('PP', 'GTC', 'IMP')`),
    check('legal_texts_language_check', sql`${t.language} in ('de', 'en', 'nl', 'es')`),
    unique('legal_texts_type_product_language_version_uq').on(t.type, t.product, t.language, t.version),
    index('legal_texts_lookup_idx').on(t.type, t.product, t.language, t.publishedAt.desc().nullsFirst()),
  ],
);

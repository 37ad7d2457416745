/**
 * Column helpers shared by the schema files (no tables): snake_case columns, integer cents for
 * money, timestamptz (UTC) for instants.
 */
import { smallint, timestamp } from 'drizzle-orm/pg-core';

/** A text per supported language (de, en, nl, es). */
export type LocalizedText = { de: string; en: string; nl: string; es: string };

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A guest's like (1) or dislike (-1); one per guest and item. */
export const ratingValue = (name: string) => smallint(name).notNull();

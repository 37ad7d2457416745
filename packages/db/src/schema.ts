/**
 * Drizzle schema of Vela (spec section 3), one file per owning server module under `schema/`
 * (docs/decisions/0031): a module imports only its own file, `@vela/db/schema/<module>`
 * (apps/server/test/table-ownership.test.ts proves it). This barrel gathers every table for the
 * migration generator (`npm run db:generate`, migrations checked in under packages/db/migrations),
 * the database client, the seed and tests.
 */

export * from './schema/actors.ts';
export * from './schema/avs.ts';
export * from './schema/catalog.ts';
export * from './schema/clash.ts';
export type { LocalizedText } from './schema/columns.ts';
export * from './schema/conversion-chat.ts';
export * from './schema/favorites.ts';
export * from './schema/free-show.ts';
export * from './schema/gallery.ts';
export * from './schema/guests.ts';
export * from './schema/infra.ts';
export * from './schema/legal.ts';
export * from './schema/live.ts';
export * from './schema/mail.ts';
export * from './schema/mediathek.ts';
export * from './schema/messenger.ts';
export * from './schema/notifications.ts';
export * from './schema/payments.ts';
export * from './schema/performers.ts';
export * from './schema/pincall.ts';
export * from './schema/playback.ts';
export * from './schema/promotions.ts';
export * from './schema/prosearch.ts';
export * from './schema/search.ts';
export * from './schema/subscriptions.ts';
export * from './schema/tickets.ts';
export * from './schema/toys.ts';
export * from './schema/tracker.ts';
export * from './schema/videos.ts';
export * from './schema/voicecall.ts';
export * from './schema/wallet.ts';
export * from './schema/webpush.ts';

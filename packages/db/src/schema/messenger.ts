/**
 * Tables of the messenger module (apps/server/src/modules/messenger; issue 19,
 * docs/decisions/0054-messenger.md): one channel per guest and performer, its messages, the
 * performers' messaging prices, the gift catalogue and the gifts a guest owns. Only that module
 * imports them; other modules ask it (docs/decisions/0031).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { actorIdColumn } from './catalog.ts';
import { type LocalizedText, tstz } from './columns.ts';
import { guestIdColumn } from './guests.ts';

/**
 * Spec 3 messenger channel: one per (guest, performer). `unread_count` counts the performer's messages
 * the guest has not seen; `free_messages_left` the guest's free text messages in it (from the
 * performer's settings when the channel was created). Either side's block stops both directions.
 */
export const messengerChannels = pgTable(
  'messenger_channels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    archived: boolean('archived').notNull().default(false),
    blockedByGuest: boolean('blocked_by_guest').notNull().default(false),
    blockedByActor: boolean('blocked_by_actor').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    lastViewedAt: tstz('last_viewed_at'),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    /** The newest message's time (the list's order); the creation time until the first message. */
    lastMessageAt: tstz('last_message_at'),
    freeMessagesLeft: integer('free_messages_left').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messenger_channels_guest_actor_unique').on(t.guestId, t.actorId),
    index('messenger_channels_guest_time_idx').on(t.guestId, t.lastMessageAt.desc().nullsLast(), t.id),
    index('messenger_channels_actor_idx').on(t.actorId),
    check('messenger_channels_unread_check', sql`${t.unreadCount} >= 0`),
    check('messenger_channels_free_check', sql`${t.freeMessagesLeft} >= 0`),
  ],
);

/** One gift in a message: which and how many. */
export type MessengerGiftLine = { giftId: number; quantity: number };

/**
 * Spec 3 message: text (stored as typed, shown as text), `new_gift` (gifts, maybe with text), `media`
 * (a performer's paid media, the media table of the messenger's media code), `toy`. `price_cents` is
 * what the guest paid (ledger transfer `transfer_id`, kind `message`). `(guest_id, idempotency_key)`
 * unique: a resent message is one message.
 */
export const messengerMessages = pgTable(
  'messenger_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => messengerChannels.id, { onDelete: 'cascade' }),
    /** The channel's guest (the idempotency key's scope). */
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    messageType: text('message_type').notNull(),
    text: text('text').notNull().default(''),
    gifts: jsonb('gifts').$type<MessengerGiftLine[]>().notNull().default(sql`'[]'::jsonb`),
    priceCents: integer('price_cents').notNull().default(0),
    isVideochat: boolean('is_videochat').notNull().default(false),
    isFreechat: boolean('is_freechat').notNull().default(false),
    mediaId: bigint('media_id', { mode: 'number' }),
    idempotencyKey: text('idempotency_key'),
    transferId: bigint('transfer_id', { mode: 'number' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('messenger_messages_channel_idx').on(t.channelId, t.id),
    uniqueIndex('messenger_messages_guest_key_unique').on(t.guestId, t.idempotencyKey),
    check('messenger_messages_sender_check', sql`${t.sender} in ('guest', 'actor')`),
    check('messenger_messages_type_check', sql`${t.messageType} in ('text', 'new_gift', 'media', 'toy')`),
    check('messenger_messages_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/** A performer's messaging prices (spec 3 channel pricing); a performer without a row writes free. */
export const messengerActorSettings = pgTable(
  'messenger_actor_settings',
  {
    actorId: actorIdColumn().primaryKey(),
    freeMessages: integer('free_messages').notNull().default(0),
    messagePriceCents: integer('message_price_cents').notNull().default(0),
    multichatPriceCents: integer('multichat_price_cents').notNull().default(0),
    isMessagingFree: boolean('is_messaging_free').notNull().default(false),
  },
  (t) => [
    check(
      'messenger_actor_settings_check',
      sql`${t.freeMessages} >= 0 and ${t.messagePriceCents} >= 0 and ${t.multichatPriceCents} >= 0`,
    ),
  ],
);

/** Spec 3 gift: the catalogue (name per language, price, image, active, vip, category). */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The gift's picture under the media root. */
    imageKey: text('image_key').notNull(),
    active: boolean('active').notNull().default(true),
    vip: boolean('vip').notNull().default(false),
    categoryId: integer('category_id').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('gifts_price_check', sql`${t.priceCents} > 0`),
    check('gifts_category_check', sql`${t.categoryId} > 0`),
  ],
);

/** Spec 3 guest boughtGifts: gifts a guest owns (bought or granted, not yet sent). */
export const guestGifts = pgTable(
  'guest_gifts',
  {
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    owned: integer('owned').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.giftId] }),
    check('guest_gifts_owned_check', sql`${t.owned} >= 0`),
  ],
);

/** The operator's gift grants (spec 7 internal grant messenger gifts), one per idempotency key. */
export const giftGrants = pgTable('gift_grants', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  guestId: guestIdColumn({ onDelete: 'cascade' }),
  giftId: integer('gift_id')
    .notNull()
    .references(() => gifts.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  reason: text('reason'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/**
 * Paid media a performer sent in a channel (issue 19 deliverable 2; the messenger's media code,
 * messenger-media.ts): a photo or clip of the seed's abstract pool (`asset_key`), locked until the
 * channel's guest buys it once (`bought_at`, ledger transfer `transfer_id`); then it is in the guest's
 * media library under messenger. `age_rating` gates its signed URL like an album picture's.
 */
export const messengerMedia = pgTable(
  'messenger_media',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => messengerChannels.id, { onDelete: 'cascade' }),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    kind: text('kind').notNull(),
    priceCents: integer('price_cents').notNull(),
    assetKey: text('asset_key').notNull(),
    ageRating: integer('age_rating').notNull().default(18),
    transferId: bigint('transfer_id', { mode: 'number' }),
    boughtAt: tstz('bought_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('messenger_media_channel_idx').on(t.channelId),
    index('messenger_media_bought_idx').on(t.guestId, t.kind, t.boughtAt.desc()),
    check('messenger_media_kind_check', sql`${t.kind} in ('photo', 'clip')`),
    check('messenger_media_price_check', sql`${t.priceCents} > 0`),
    check('messenger_media_bought_check', sql`(${t.boughtAt} is null) = (${t.transferId} is null)`),
  ],
);

/**
 * The simulated performers' answers still to send (issue 19 deliverable 5, performer-replies.ts): one
 * row per guest message (its id is the key, so a message is answered at most once whichever node
 * looks), written by the node that stored the message, taken (deleted) by whichever node sends it when
 * `due_at` has come. Rows survive a restart.
 */
export const messengerPendingReplies = pgTable(
  'messenger_pending_replies',
  {
    messageId: bigint('message_id', { mode: 'number' }).primaryKey(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => messengerChannels.id, { onDelete: 'cascade' }),
    guestId: guestIdColumn({ onDelete: 'cascade' }),
    actorId: actorIdColumn(),
    /** The guest's page language at send (the answer's language). */
    language: text('language').notNull(),
    /** What is answered: a text, a gift (a thank-you) or a toy action (a reaction; migration 0029). */
    kind: text('kind').notNull(),
    dueAt: tstz('due_at').notNull(),
  },
  (t) => [
    index('messenger_pending_replies_due_idx').on(t.dueAt),
    check('messenger_pending_replies_kind_check', sql`${t.kind} in ('text', 'gift', 'toy')`),
  ],
);

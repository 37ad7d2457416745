/**
 * All SQL of the messenger (issue 19, docs/decisions/0054-messenger.md): channels, messages, the
 * performers' messaging settings, gifts and the gifts a guest owns. The service runs what belongs
 * together in one transaction (`createMessengerRepository(tx)`); the database keeps the invariants
 * again: one channel per guest and performer, one message per guest and idempotency key, unread and
 * free messages and owned gifts never below zero.
 */

import type { MessengerFilter } from '@vela/contracts/messenger';
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, gt, inArray, lt, type SQL, sql } from '@vela/db/orm';
import {
  giftGrants,
  gifts,
  guestGifts,
  type MessengerGiftLine,
  messengerActorSettings,
  messengerChannels,
  messengerMessages,
} from '@vela/db/schema/messenger';
import type { Country } from '../../infra/country.ts';
import { actorIdOfferedIn, actorIsOnline } from '../catalog/actor-sql.ts';

/**
 * SQL for the guests module's money state read (guests.repository moneyStateOf, one statement per
 * guest/me): spec 3 Guest.boughtGifts, gift id → quantity owned, as a jsonb object ({} for none).
 */
export const boughtGiftsSql = (guestId: number): SQL =>
  sql`(select coalesce(jsonb_object_agg(${guestGifts.giftId}::text, ${guestGifts.owned}), '{}'::jsonb)
    from ${guestGifts} where ${guestGifts.guestId} = ${guestId} and ${guestGifts.owned} > 0)`;

export type ChannelRow = typeof messengerChannels.$inferSelect;
export type MessageRow = typeof messengerMessages.$inferSelect;
export type SettingsRow = typeof messengerActorSettings.$inferSelect;
export type GiftRow = typeof gifts.$inferSelect;

const c = messengerChannels;
const m = messengerMessages;

/** A performer without a settings row writes for free (no prices were set). */
export const FREE_SETTINGS = (actorId: number): SettingsRow => ({
  actorId,
  freeMessages: 0,
  messagePriceCents: 0,
  multichatPriceCents: 0,
  isMessagingFree: true,
});

const blocked = sql`(${c.blockedByGuest} or ${c.blockedByActor})`;

function filterCondition(filter: MessengerFilter): SQL {
  switch (filter) {
    case 'newest':
      return sql`not ${c.archived} and not ${blocked}`;
    case 'unread':
      return sql`${c.unreadCount} > 0 and not ${blocked}`;
    case 'archived':
      return sql`${c.archived} and not ${blocked}`;
    case 'blocked':
      return blocked;
  }
}

export interface ChannelListQuery {
  guestId: number;
  filter: MessengerFilter;
  online: boolean;
  offset: number;
  limit: number;
  country: Country;
}

export function createMessengerRepository(db: Db) {
  return {
    // ----- channels -----

    async channelOf(guestId: number, channelId: number): Promise<ChannelRow | undefined> {
      const [row] = await db
        .select()
        .from(c)
        .where(and(eq(c.id, channelId), eq(c.guestId, guestId)));
      return row;
    },
    async channelById(channelId: number): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(c).where(eq(c.id, channelId));
      return row;
    },
    /** The guest's channel, row-locked until the transaction ends. */
    async lockChannel(guestId: number, channelId: number): Promise<ChannelRow | undefined> {
      const [row] = await db
        .select()
        .from(c)
        .where(and(eq(c.id, channelId), eq(c.guestId, guestId)))
        .for('update');
      return row;
    },
    async lockChannelById(channelId: number): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(c).where(eq(c.id, channelId)).for('update');
      return row;
    },
    async channelWith(guestId: number, actorId: number): Promise<ChannelRow | undefined> {
      const [row] = await db
        .select()
        .from(c)
        .where(and(eq(c.guestId, guestId), eq(c.actorId, actorId)));
      return row;
    },
    /** Creates the guest's channel with the performer; undefined when it exists already. */
    async insertChannel(
      guestId: number,
      actorId: number,
      freeMessages: number,
    ): Promise<ChannelRow | undefined> {
      const [row] = await db
        .insert(c)
        .values({ guestId, actorId, freeMessagesLeft: freeMessages })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    /** The guest's channels of a filter, newest message first (channels without messages last). */
    async channels(query: ChannelListQuery): Promise<{ rows: ChannelRow[]; total: number }> {
      const where = and(
        eq(c.guestId, query.guestId),
        filterCondition(query.filter),
        query.online ? actorIsOnline(c.actorId) : undefined,
        actorIdOfferedIn(query.country, c.actorId),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(c)
          .where(where)
          .orderBy(sql`${c.lastMessageAt} desc nulls last`, desc(c.id))
          .offset(query.offset)
          .limit(query.limit),
        db.select({ total: sql<number>`count(*)::int` }).from(c).where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },
    /** A performer's channels, newest message first (the performer API; index on actor_id). */
    channelsOfActor(actorId: number, limit: number): Promise<ChannelRow[]> {
      return db
        .select()
        .from(c)
        .where(eq(c.actorId, actorId))
        .orderBy(sql`${c.lastMessageAt} desc nulls last`, desc(c.id))
        .limit(limit);
    },
    async unreadTotal(guestId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${c.unreadCount}), 0)::int` })
        .from(c)
        .where(and(eq(c.guestId, guestId), gt(c.unreadCount, 0), sql`not ${blocked}`));
      return row?.total ?? 0;
    },
    /** The newest `limit` channels with unread messages (spec 9 navbar). */
    navbarChannels(guestId: number, limit: number): Promise<ChannelRow[]> {
      return db
        .select()
        .from(c)
        .where(and(eq(c.guestId, guestId), gt(c.unreadCount, 0), sql`not ${blocked}`))
        .orderBy(sql`${c.lastMessageAt} desc nulls last`, desc(c.id))
        .limit(limit);
    },
    /** Marks the channel read; the row after, undefined when it is not the guest's. */
    async touch(guestId: number, channelId: number, at: Date): Promise<ChannelRow | undefined> {
      const [row] = await db
        .update(c)
        .set({ unreadCount: 0, lastViewedAt: at })
        .where(and(eq(c.id, channelId), eq(c.guestId, guestId)))
        .returning();
      return row;
    },
    /** Marks every channel of the guest read; the channels that had unread messages. */
    allSeen(guestId: number, at: Date): Promise<ChannelRow[]> {
      return db
        .update(c)
        .set({ unreadCount: 0, lastViewedAt: at })
        .where(and(eq(c.guestId, guestId), gt(c.unreadCount, 0)))
        .returning();
    },
    /** Archives or blocks (the guest's side) the guest's channel; the row after, undefined when not theirs. */
    async setGuestFlags(
      guestId: number,
      channelId: number,
      flags: { archived: boolean } | { blockedByGuest: boolean },
    ): Promise<ChannelRow | undefined> {
      const [row] = await db
        .update(c)
        .set(flags)
        .where(and(eq(c.id, channelId), eq(c.guestId, guestId)))
        .returning();
      return row;
    },
    async setBlockedByActor(channelId: number, blockedByActor: boolean): Promise<ChannelRow | undefined> {
      const [row] = await db.update(c).set({ blockedByActor }).where(eq(c.id, channelId)).returning();
      return row;
    },
    /** After a guest's message: the newest message, one free message fewer when it used one. */
    async afterGuestMessage(
      channelId: number,
      message: MessageRow,
      usedFreeMessage: boolean,
    ): Promise<ChannelRow> {
      const [row] = await db
        .update(c)
        .set({
          lastMessageId: message.id,
          lastMessageAt: message.createdAt,
          ...(usedFreeMessage ? { freeMessagesLeft: sql`${c.freeMessagesLeft} - 1` } : {}),
        })
        .where(eq(c.id, channelId))
        .returning();
      if (!row) throw new Error(`channel ${channelId} vanished`);
      return row;
    },
    /** After a performer's message: the newest message and one more unread. */
    async afterActorMessage(channelId: number, message: MessageRow): Promise<ChannelRow> {
      const [row] = await db
        .update(c)
        .set({
          lastMessageId: message.id,
          lastMessageAt: message.createdAt,
          unreadCount: sql`${c.unreadCount} + 1`,
        })
        .where(eq(c.id, channelId))
        .returning();
      if (!row) throw new Error(`channel ${channelId} vanished`);
      return row;
    },

    // ----- messages -----

    async messageByKey(guestId: number, key: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(m)
        .where(and(eq(m.guestId, guestId), eq(m.idempotencyKey, key)));
      return row;
    },
    /** The message of a channel that carries paid media (the messenger's media code). */
    async messageOfMedia(channelId: number, mediaId: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(m)
        .where(and(eq(m.channelId, channelId), eq(m.mediaId, mediaId)))
        .orderBy(asc(m.id))
        .limit(1);
      return row;
    },
    async messagesByIds(ids: readonly number[]): Promise<MessageRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(m)
        .where(inArray(m.id, [...ids]));
    },
    async insertMessage(values: typeof m.$inferInsert): Promise<MessageRow> {
      const [row] = await db.insert(m).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /** A page of the channel's messages, oldest first: the newest `limit` (before `before`). */
    async messagesOf(
      channelId: number,
      limit: number,
      before?: number,
    ): Promise<{ rows: MessageRow[]; hasOlder: boolean }> {
      const rows = await db
        .select()
        .from(m)
        .where(and(eq(m.channelId, channelId), before === undefined ? undefined : lt(m.id, before)))
        .orderBy(desc(m.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
    },

    // ----- settings -----

    async settingsOf(actorId: number): Promise<SettingsRow> {
      const [row] = await db
        .select()
        .from(messengerActorSettings)
        .where(eq(messengerActorSettings.actorId, actorId));
      return row ?? FREE_SETTINGS(actorId);
    },
    async settingsOfMany(actorIds: readonly number[]): Promise<Map<number, SettingsRow>> {
      const unique = [...new Set(actorIds)];
      const rows =
        unique.length === 0
          ? []
          : await db
              .select()
              .from(messengerActorSettings)
              .where(inArray(messengerActorSettings.actorId, unique));
      const found = new Map(rows.map((row) => [row.actorId, row]));
      return new Map(unique.map((id) => [id, found.get(id) ?? FREE_SETTINGS(id)]));
    },

    // ----- gifts -----

    gifts(): Promise<GiftRow[]> {
      return db.select().from(gifts).where(eq(gifts.active, true)).orderBy(asc(gifts.sort), asc(gifts.id));
    },
    async giftsByIds(ids: readonly number[]): Promise<GiftRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(gifts)
        .where(inArray(gifts.id, [...new Set(ids)]));
    },
    async giftById(id: number): Promise<GiftRow | undefined> {
      const [row] = await db.select().from(gifts).where(eq(gifts.id, id));
      return row;
    },
    /** Gift id → quantity the guest owns (only owned > 0). */
    async ownedGifts(guestId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ giftId: guestGifts.giftId, owned: guestGifts.owned })
        .from(guestGifts)
        .where(and(eq(guestGifts.guestId, guestId), gt(guestGifts.owned, 0)));
      return new Map(rows.map((row) => [row.giftId, row.owned]));
    },
    /** The guest's owned counts of these gifts, row-locked until the transaction ends. */
    async lockOwned(guestId: number, giftIds: readonly number[]): Promise<Map<number, number>> {
      if (giftIds.length === 0) return new Map();
      const rows = await db
        .select({ giftId: guestGifts.giftId, owned: guestGifts.owned })
        .from(guestGifts)
        .where(and(eq(guestGifts.guestId, guestId), inArray(guestGifts.giftId, [...new Set(giftIds)])))
        .orderBy(asc(guestGifts.giftId))
        .for('update');
      return new Map(rows.map((row) => [row.giftId, row.owned]));
    },
    async useOwned(guestId: number, giftId: number, quantity: number): Promise<void> {
      await db
        .update(guestGifts)
        .set({ owned: sql`${guestGifts.owned} - ${quantity}` })
        .where(and(eq(guestGifts.guestId, guestId), eq(guestGifts.giftId, giftId)));
    },
    /** The operator's grant under its key; false when the key was used already (nothing added). */
    async grant(input: {
      guestId: number;
      giftId: number;
      quantity: number;
      reason: string | null;
      key: string;
    }): Promise<boolean> {
      const [claimed] = await db
        .insert(giftGrants)
        .values({
          idempotencyKey: input.key,
          guestId: input.guestId,
          giftId: input.giftId,
          quantity: input.quantity,
          reason: input.reason,
        })
        .onConflictDoNothing()
        .returning({ key: giftGrants.idempotencyKey });
      if (!claimed) return false;
      await db
        .insert(guestGifts)
        .values({ guestId: input.guestId, giftId: input.giftId, owned: input.quantity })
        .onConflictDoUpdate({
          target: [guestGifts.guestId, guestGifts.giftId],
          set: { owned: sql`${guestGifts.owned} + ${input.quantity}` },
        });
      return true;
    },
    async grantByKey(key: string) {
      const [row] = await db.select().from(giftGrants).where(eq(giftGrants.idempotencyKey, key));
      return row;
    },
    async ownedOne(guestId: number, giftId: number): Promise<number> {
      const [row] = await db
        .select({ owned: guestGifts.owned })
        .from(guestGifts)
        .where(and(eq(guestGifts.guestId, guestId), eq(guestGifts.giftId, giftId)));
      return row?.owned ?? 0;
    },
  };
}

export type MessengerRepository = ReturnType<typeof createMessengerRepository>;
export type { MessengerGiftLine };

/**
 * All SQL of the conversion-chat module (decision 0047): its two tables, `conversion_chat_countdowns`
 * and `conversion_chat_actors`. The performers' names, avatars and online flags are the catalog's,
 * read through its derived table (`actorRowsSql`, decision 0030), so no catalog table is named here.
 */
import type { Db } from '@vela/db/client';
import { queryRows } from '@vela/db/client';
import { eq, type SQL, sql } from '@vela/db/orm';
import { conversionChatActors, conversionChatCountdowns } from '@vela/db/schema/conversion-chat';
import type { ConversionChatCountdown } from '@vela/domain/conversion-chat';
import { actorOfferedIn, type Country } from '../../infra/country.ts';
import { actorRowsSql } from '../catalog/actor-sql.ts';

/**
 * SQL for the guests module's money state read (guests.repository moneyStateOf, one statement per
 * guest/me): the open countdown's end as ISO text (UTC, ms), or null.
 */
export const conversionChatCountdownEndsSql = (guestId: number): SQL =>
  sql`(select to_char(${conversionChatCountdowns.endsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    from ${conversionChatCountdowns}
    where ${conversionChatCountdowns.guestId} = ${guestId} and ${conversionChatCountdowns.closedAt} is null)`;

/**
 * SQL for the actor data (actors module, one statement per getActorDataByIdOrName): whether the
 * performer is available for a conversion chat (spec 3 isActorAvailableForConversionChat), given the
 * actor's id column.
 */
export const conversionChatAvailableSql = (actorId: SQL): SQL =>
  sql`exists(select 1 from ${conversionChatActors} where ${conversionChatActors.actorId} = ${actorId})`;

export interface ConversionChatActorRow {
  id: number;
  name: string;
  avatarKey: string;
  isOnline: boolean;
}

export function createConversionChatRepository(db: Db) {
  async function countdownOf(guestId: number): Promise<ConversionChatCountdown | null> {
    const [row] = await db
      .select({ endsAt: conversionChatCountdowns.endsAt, closedAt: conversionChatCountdowns.closedAt })
      .from(conversionChatCountdowns)
      .where(eq(conversionChatCountdowns.guestId, guestId));
    return row ?? null;
  }

  return {
    countdownOf,

    /**
     * Starts the guest's countdown unless one exists (the primary key decides a race): answers the
     * stored countdown afterwards, so parallel enables see the same end.
     */
    async startCountdown(guestId: number, enabledAt: Date, endsAt: Date): Promise<ConversionChatCountdown> {
      await db.insert(conversionChatCountdowns).values({ guestId, enabledAt, endsAt }).onConflictDoNothing();
      const row = await countdownOf(guestId);
      if (!row) throw new Error('conversion chat countdown vanished');
      return row;
    },

    /** Closes the guest's open countdown (`disable`); a closed or missing one stays as it is. */
    async closeCountdown(guestId: number, at: Date): Promise<void> {
      await db
        .update(conversionChatCountdowns)
        .set({ closedAt: at })
        .where(
          sql`${conversionChatCountdowns.guestId} = ${guestId} and ${conversionChatCountdowns.closedAt} is null`,
        );
    },

    /**
     * The online performers available for a conversion chat, offered in the caller's country (spec 6),
     * by name, at most `limit` (spec 9: 30).
     */
    async onlineActors(country: Country, limit: number): Promise<ConversionChatActorRow[]> {
      const rows = await queryRows<{ id: number; name: string; avatar_key: string; is_online: boolean }>(
        db,
        sql`select ac.id, ac.name, ac.avatar_key, ac.is_online
          from ${conversionChatActors} cca join ${actorRowsSql()} ac on ac.id = cca.actor_id
          where ac.is_online and ${actorOfferedIn(country, sql`ac.banned_country_codes`)}
          order by ac.name_lower, ac.id
          limit ${limit}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        avatarKey: r.avatar_key,
        isOnline: r.is_online,
      }));
    },

    /** Whether the actor is available for a conversion chat (spec 3 isActorAvailableForConversionChat). */
    async isAvailable(actorId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: conversionChatActors.actorId })
        .from(conversionChatActors)
        .where(eq(conversionChatActors.actorId, actorId));
      return row !== undefined;
    },

    /** Marks or unmarks a performer (operator). */
    async setAvailable(actorId: number, available: boolean): Promise<void> {
      if (available) await db.insert(conversionChatActors).values({ actorId }).onConflictDoNothing();
      else await db.delete(conversionChatActors).where(eq(conversionChatActors.actorId, actorId));
    },
  };
}

export type ConversionChatRepository = ReturnType<typeof createConversionChatRepository>;

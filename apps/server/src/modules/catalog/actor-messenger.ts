/**
 * The catalog's read port for the messenger (issue 19, docs/decisions/0054-messenger.md): who a
 * channel's performer is (name, age, online, picture, banned countries, chat flags), many at once for
 * a channel list, and the performers the messenger recommends (online first). The messenger module
 * asks through this port, never the actors table.
 */
import type { Db } from '@vela/db/client';
import { and, desc, inArray, ne } from '@vela/db/orm';
import { actors } from '@vela/db/schema/catalog';
import { actorOfferedIn, type Country } from '../../infra/country.ts';

export interface ActorForMessenger {
  id: number;
  name: string;
  /** Whole years from the birth date (UTC). */
  age: number | null;
  isOnline: boolean;
  freeChat: boolean;
  isVoyeurChatAvailable: boolean;
  bannedCountryCodes: string[];
  /** The avatar at w320 (`/media/<size>/<key>.webp`). */
  previewPictureUrl: string;
}

const columns = {
  id: actors.id,
  name: actors.name,
  birthDate: actors.birthDate,
  isOnline: actors.isOnline,
  freeChat: actors.freeChat,
  isVoyeurChatAvailable: actors.isVoyeurChatAvailable,
  bannedCountryCodes: actors.bannedCountryCodes,
  avatarKey: actors.avatarKey,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

function ageOn(birthDate: string, now: Date): number | null {
  const [year, month, day] = birthDate.split('-').map(Number);
  if (!year || !month || !day) return null;
  const before = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  return now.getUTCFullYear() - year - (before ? 1 : 0);
}

const present = (row: Row, now: Date): ActorForMessenger => ({
  id: row.id,
  name: row.name,
  age: ageOn(row.birthDate, now),
  isOnline: row.isOnline,
  freeChat: row.freeChat,
  isVoyeurChatAvailable: row.isVoyeurChatAvailable,
  bannedCountryCodes: row.bannedCountryCodes,
  previewPictureUrl: `/media/w320/${encodeURIComponent(row.avatarKey)}.webp`,
});

export function createActorMessengerReads(db: Db, now: () => Date = () => new Date()) {
  return {
    /** The performers of `ids` that exist, by id. */
    async actorsByIds(ids: readonly number[]): Promise<Map<number, ActorForMessenger>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db.select(columns).from(actors).where(inArray(actors.id, unique));
      const at = now();
      return new Map(rows.map((row) => [row.id, present(row, at)]));
    },
    /**
     * Up to `limit` performers offered in `country`, online first, then by ranking, without
     * `excludeId` (spec 7 recommendations).
     */
    async recommended(
      limit: number,
      excludeId: number | null,
      country: Country,
    ): Promise<ActorForMessenger[]> {
      const rows = await db
        .select(columns)
        .from(actors)
        .where(
          and(
            excludeId === null ? undefined : ne(actors.id, excludeId),
            actorOfferedIn(country, actors.bannedCountryCodes),
          ),
        )
        .orderBy(desc(actors.isOnline), desc(actors.rankingPoints), actors.id)
        .limit(limit);
      const at = now();
      return rows.map((row) => present(row, at));
    },
  };
}

export type ActorMessengerReads = ReturnType<typeof createActorMessengerReads>;

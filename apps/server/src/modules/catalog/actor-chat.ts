/**
 * The catalog's read port for live chats (issue 16, decision 0038): what a chat start needs of an
 * actor, from the spec 3 actor data the catalog owns (prices per chat type, online and availability
 * flags, banned countries). The live module asks through this port, never the actors table.
 */
import type { Db } from '@vela/db/client';
import { eq } from '@vela/db/orm';
import { actors } from '@vela/db/schema/catalog';
import type { ActorChatData } from '@vela/domain/chat-types';

export interface ActorForChat {
  id: number;
  name: string;
  chat: ActorChatData;
  /**
   * Whether the performer's live stream needs the age check (spec 6). The catalog has no rating per
   * stream, so every live stream counts as FSK-18: a chat needs an accepted age verification.
   */
  streamIsFsk18: boolean;
  /** chatEnd `isToyControl` (spec 3): no actor offers toy control in the catalog yet. */
  isToyControl: boolean;
}

export function createActorChatReads(db: Db) {
  return {
    /** The actor's chat data, or undefined for an unknown actor. */
    async actorForChat(actorId: number): Promise<ActorForChat | undefined> {
      const [row] = await db
        .select({
          id: actors.id,
          name: actors.name,
          isOnline: actors.isOnline,
          freeChat: actors.freeChat,
          isLivePreviewEnabled: actors.isLivePreviewEnabled,
          isVoyeurChatAvailable: actors.isVoyeurChatAvailable,
          bannedCountryCodes: actors.bannedCountryCodes,
          single: actors.priceSingleCents,
          singlec2c: actors.priceSinglec2cCents,
          voyeur: actors.priceVoyeurCents,
          video: actors.priceVideoCents,
          multiChatPrice: actors.multiChatPriceCents,
        })
        .from(actors)
        .where(eq(actors.id, actorId));
      if (!row) return undefined;
      return {
        id: row.id,
        name: row.name,
        chat: {
          isOnline: row.isOnline,
          freeChat: row.freeChat,
          isLivePreviewEnabled: row.isLivePreviewEnabled,
          isVoyeurChatAvailable: row.isVoyeurChatAvailable,
          bannedCountryCodes: row.bannedCountryCodes,
          prices: { single: row.single, singlec2c: row.singlec2c, voyeur: row.voyeur, video: row.video },
          multiChatPrice: row.multiChatPrice,
          // Spec 3 `singleC2CChatPrice` is the stored `prices.singlec2c` (actors.presenter.ts).
          singleC2CChatPrice: row.singlec2c,
        },
        streamIsFsk18: true,
        isToyControl: false,
      };
    },
  };
}

export type ActorChatReads = ReturnType<typeof createActorChatReads>;

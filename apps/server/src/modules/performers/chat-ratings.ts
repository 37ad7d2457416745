/**
 * The performers module's write port for chat ratings (it owns `chat_ratings`; decisions 0030, 0037):
 * the live module reports a guest's `survey/chatexit` rating of an ended live chat here (spec 7,
 * spec 8 BAD / GREAT), so the profile's chat ratings (spec 3 lastNinetyDays, shown from 10 ratings,
 * spec 9) and the best-chats list count live chats. One rating per chat: a new answer replaces the
 * old one and its time (the 90 days count from the latest answer).
 */
import type { Db } from '@vela/db/client';
import { chatRatings } from '@vela/db/schema/performers';

export interface LiveChatRating {
  liveSessionId: string;
  actorId: number;
  guestId: number;
  /** GREAT: satisfied; BAD: not. */
  satisfied: boolean;
  at: Date;
}

export interface ChatRatingWrites {
  recordLiveChatRating(rating: LiveChatRating): Promise<void>;
}

export function createChatRatingWrites(db: Db): ChatRatingWrites {
  return {
    async recordLiveChatRating(rating) {
      await db
        .insert(chatRatings)
        .values({
          actorId: rating.actorId,
          guestId: rating.guestId,
          satisfied: rating.satisfied,
          createdAt: rating.at,
          liveSessionId: rating.liveSessionId,
        })
        .onConflictDoUpdate({
          target: chatRatings.liveSessionId,
          set: { satisfied: rating.satisfied, createdAt: rating.at },
        });
    },
  };
}

/**
 * Which chat types a performer offers right now (issue 16): what the live page lists in its start
 * area, each with its price per minute. It asks `decideChatStart` itself with a guest who passes every
 * check of the guest's side (logged in, age-checked, no banned country, enough money, free time and
 * preview units left), so what stays refused is the performer's side only — offline, the type not
 * offered (its actor flag), the performer in a single chat (or, for a voyeur private chat, not in
 * one). The page therefore never offers a chat the server would refuse for the performer.
 */
import { type ChatSessionSettings, DEFAULT_CHAT_SESSION_SETTINGS, decideChatStart } from './chat-session.ts';
import { type ActorChatData, type ChatType, chatPricePerMinute } from './chat-types.ts';
import { VISITOR } from './restrictions.ts';

export interface ChatOffer {
  type: ChatType;
  /** Euro cents per minute (0: free). */
  pricePerMinuteCents: number;
}

const ABLE_GUEST = { ...VISITOR, isLoggedIn: true, hasAvs: true, isPayingCustomer: true };

/** The types of `types` (in that order) the performer offers now, with their prices. */
export function chatOffers(
  actor: ActorChatData,
  performerInSingle: boolean,
  types: readonly ChatType[],
  settings: ChatSessionSettings = DEFAULT_CHAT_SESSION_SETTINGS,
): ChatOffer[] {
  return types
    .filter(
      (type) =>
        decideChatStart(
          {
            type,
            guest: ABLE_GUEST,
            guestCountry: null,
            actor,
            streamIsFsk18: false,
            performerInSingle,
            balanceCents: Number.MAX_SAFE_INTEGER,
            voucherMinutes: 0,
            freeChatMsLeft: Number.MAX_SAFE_INTEGER,
            previewUnitsUsed: 0,
          },
          settings,
        ).ok,
    )
    .map((type) => ({ type, pricePerMinuteCents: chatPricePerMinute(type, actor) }));
}

/**
 * The chat types of spec 1 and what a minute of each costs, from the actor data of spec 3 (issue 16).
 * Pure data and rules; the session engine (./chat-session.ts) bills the price chosen here.
 *
 * Spec 1 names seven live chat types: livechat, voyeur chat, free chat, live preview, voyeur private
 * chat, video call, live show. Spec 3 actor data carries the prices: `prices` (video, singlec2c,
 * voucherChatMinutes, freeMessages, message, single, voyeur), `multiChatPrice`,
 * `singleC2CChatPrice`. Which price belongs to which chat (docs/decisions/0038):
 *
 * | chat type           | per minute             | what it is                                                   |
 * | ------------------- | ---------------------- | ------------------------------------------------------------ |
 * | livechat            | `prices.single`        | the guest alone with the performer (exclusive: "single")     |
 * | video call          | `singleC2CChatPrice`   | livechat with the guest's camera to the performer (cam2cam)  |
 * | live show           | `multiChatPrice`       | the performer's show for many guests at once, shared chat    |
 * | voyeur chat         | `prices.voyeur`        | watching the performer's show without writing                |
 * | voyeur private chat | `prices.voyeur`        | watching another guest's livechat (performer allows voyeurs) |
 * | free chat           | free                   | performers with `freeChat`, limited by the guest's free time |
 * | live preview        | free                   | a short look; 5 units an hour, 20 for VIP (spec 6, 9)        |
 *
 * - `prices.single` is the price the profile already shows as "Live chat" and that lists sort by,
 *   and `singleC2CChatPrice` (= `prices.singlec2c`, the same stored price) the one it shows as
 *   "Cam2cam chat": what the guest was shown is what the guest pays.
 * - `prices.video` is NOT a chat price: it is the performer's video price, which the profile shows as
 *   a one-off price in coins. It takes no part here.
 * - `voucherChatMinutes` is the guest's chat-minute vouchers (voucher type 2, "videochat") valid with
 *   this performer, one unit = one chat minute (`voucherChatMinutesFor`). They pay the minutes of the
 *   conversations with the performer (livechat, video call) before coins; watching (voyeur, live
 *   show) is paid in coins only.
 * - Prices are integer euro cents, like every amount of the ledger (spec 9 shows them in coins).
 */
import { VOUCHER_TYPES, type VoucherLot, voucherCounts } from './vouchers.ts';

export const CHAT_TYPES = [
  'livechat',
  'voyeur-chat',
  'free-chat',
  'live-preview',
  'voyeur-private-chat',
  'video-call',
  'live-show',
  'ticket-show',
  'voice-call',
] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

export function isChatType(value: unknown): value is ChatType {
  return typeof value === 'string' && (CHAT_TYPES as readonly string[]).includes(value);
}

/** The spec 3 actor data a chat's price and availability come from; every price in euro cents. */
export interface ActorChatData {
  isOnline: boolean;
  freeChat: boolean;
  isLivePreviewEnabled: boolean;
  isVoyeurChatAvailable: boolean;
  bannedCountryCodes: readonly string[];
  prices: {
    single: number;
    singlec2c: number;
    voyeur: number;
    video: number;
  };
  multiChatPrice: number;
  singleC2CChatPrice: number;
}

/** The actor data field a chat type's price per minute is read from; null: the chat is free. */
export type ChatPriceField = 'prices.single' | 'singleC2CChatPrice' | 'multiChatPrice' | 'prices.voyeur';

/** The actor flag a chat type needs to be offered at all. */
export type ChatAvailabilityFlag = 'freeChat' | 'isLivePreviewEnabled' | 'isVoyeurChatAvailable';

export interface ChatTypeRule {
  type: ChatType;
  priceField: ChatPriceField | null;
  /** The performer must accept the request (a conversation); otherwise the guest joins at once. */
  needsPerformerAccept: boolean;
  /** Chat-minute vouchers (type 2) pay its minutes before coins. */
  vouchersPay: boolean;
  /** While it runs the performer is "single": others get 906 host single (a preview 404). */
  exclusive: boolean;
  /** The guest's camera goes to the performer (cam2cam). */
  guestCamera: boolean;
  /** The guest only watches (chatEnd `isVoyeur`); a voyeur does not write to the performer. */
  isVoyeur: boolean;
  /** Needs a login (spec 6: free chat duration is logged-in only; paid chats need a wallet). */
  needsLogin: boolean;
  availability: ChatAvailabilityFlag | null;
}

/** A voyeur watches and does not write; priced by `prices.voyeur`, no accept, no vouchers. */
const VOYEUR_RULE: Omit<ChatTypeRule, 'type'> = {
  priceField: 'prices.voyeur',
  needsPerformerAccept: false,
  vouchersPay: false,
  exclusive: false,
  guestCamera: false,
  isVoyeur: true,
  needsLogin: true,
  availability: 'isVoyeurChatAvailable',
};

/** A show many guests watch at once, with one shared text chat: no accept, not exclusive, no vouchers. */
const SHOW_RULE: Omit<ChatTypeRule, 'type' | 'priceField'> = {
  needsPerformerAccept: false,
  vouchersPay: false,
  exclusive: false,
  guestCamera: false,
  isVoyeur: false,
  needsLogin: true,
  availability: null,
};

export const CHAT_TYPE_RULES: Readonly<Record<ChatType, ChatTypeRule>> = {
  livechat: {
    type: 'livechat',
    priceField: 'prices.single',
    needsPerformerAccept: true,
    vouchersPay: true,
    exclusive: true,
    guestCamera: false,
    isVoyeur: false,
    needsLogin: true,
    availability: null,
  },
  'video-call': {
    type: 'video-call',
    priceField: 'singleC2CChatPrice',
    needsPerformerAccept: true,
    vouchersPay: true,
    exclusive: true,
    guestCamera: true,
    isVoyeur: false,
    needsLogin: true,
    availability: null,
  },
  'live-show': { ...SHOW_RULE, type: 'live-show', priceField: 'multiChatPrice' },
  // A cam show's ticket holders (issue 18, ticket-show.ts): the ticket paid, so no minute price; the
  // show's shared text chat like a live show; admitted only with a ticket while the show runs.
  'ticket-show': { ...SHOW_RULE, type: 'ticket-show', priceField: null },
  // The performer's video and text chat during a guest's voice call (issue 18, decision 0051): the
  // phone bill pays (voice-call.ts), so no minute price; the performer is on the phone, so exclusive;
  // the call is already connected, so no accept. Opened only by the voicecall module, never by live/start.
  'voice-call': {
    type: 'voice-call',
    priceField: null,
    needsPerformerAccept: false,
    vouchersPay: false,
    exclusive: true,
    guestCamera: false,
    isVoyeur: false,
    needsLogin: true,
    availability: null,
  },
  'voyeur-chat': { ...VOYEUR_RULE, type: 'voyeur-chat' },
  // Watches another guest's livechat: the same rules as watching the show.
  'voyeur-private-chat': { ...VOYEUR_RULE, type: 'voyeur-private-chat' },
  'free-chat': {
    type: 'free-chat',
    priceField: null,
    needsPerformerAccept: true,
    vouchersPay: false,
    exclusive: false,
    guestCamera: false,
    isVoyeur: false,
    needsLogin: true,
    availability: 'freeChat',
  },
  'live-preview': {
    type: 'live-preview',
    priceField: null,
    needsPerformerAccept: false,
    vouchersPay: false,
    exclusive: false,
    guestCamera: false,
    isVoyeur: true,
    needsLogin: false,
    availability: 'isLivePreviewEnabled',
  },
};

/** The price of one minute of a chat type with this performer, in euro cents (0: free). */
export function chatPricePerMinute(type: ChatType, actor: ActorChatData): number {
  const field = CHAT_TYPE_RULES[type].priceField;
  let cents: number;
  switch (field) {
    case null:
      return 0;
    case 'prices.single':
      cents = actor.prices.single;
      break;
    case 'singleC2CChatPrice':
      cents = actor.singleC2CChatPrice;
      break;
    case 'multiChatPrice':
      cents = actor.multiChatPrice;
      break;
    case 'prices.voyeur':
      cents = actor.prices.voyeur;
      break;
  }
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Invalid ${field} ${cents}`);
  return cents;
}

/** Whether the performer offers this chat type at all (its actor flag). Online is checked apart. */
export function isChatTypeOffered(type: ChatType, actor: ActorChatData): boolean {
  const flag = CHAT_TYPE_RULES[type].availability;
  return flag === null ? true : actor[flag];
}

/**
 * Spec 3 `voucherChatMinutes` for a guest and a performer: the usable chat-minute vouchers (type 2,
 * "videochat") issued for this performer or for any performer, one unit = one chat minute.
 */
export function voucherChatMinutesFor(lots: readonly VoucherLot[], actorId: number, now: Date): number {
  return voucherCounts(lots, now, actorId)[VOUCHER_TYPES.videochat];
}

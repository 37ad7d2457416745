/**
 * The guest–performer messenger (issue 19; spec 2 `/messenger/`, spec 3 messenger channel, message
 * send, gift, guest boughtGifts, spec 4 "Channels" / "Gift message" / navbar messages, spec 5, spec 7
 * socket and REST calls, spec 9 constants; docs/decisions/0054-messenger.md).
 *
 * Mode: **server** (spec 3 "Messenger modes: webtoken, server"): channels and messages live on our
 * server and travel over our socket; there is no third-party messenger to hand a web token to.
 *
 * One channel per (guest, performer), created by `POST channel/actor/:actorId` ("Message" on the
 * profile). Lists and list changes go over the socket (`loadChannels`, `filterChannels`,
 * `loadOnlineChannels`, `archiveChannel`, `allChannelsSeen` → `channels` / `channel`); a channel's
 * conversation is read over REST (`messenger/channel/:channelId`, older pages with `before`); a
 * message is sent over the socket (`sendMessage`) or REST (`messenger/channel/:channelId/messages`),
 * both answered by `messengerMessage` on every page of the guest.
 *
 * Money (spec 3 channel pricing): a text message is free while the channel's messaging is free or the
 * guest has free messages left in it, otherwise it costs `messagePrice` (`multiChatPrice` when sent
 * with `isVideochat` during the guest's live chat); gifts the guest owns (bought earlier, or a
 * messenger-gift voucher, type 6) are free, the rest are bought with the message. The sum is charged
 * through the ledger (kind `message`) under the page's `idempotencyKey` BEFORE the message is stored
 * and delivered; a refusal changes nothing.
 *
 * Error codes (spec 8 leaves the values to us):
 * - NOT_LOGGED_IN             a visitor (spec 6: channel actions are logged-in only)
 * - MESSENGER_CHANNEL_NOT_FOUND no such channel of the asking guest (another guest's is "not found")
 * - MESSENGER_ACTOR_NOT_FOUND  no such performer, or none the guest may write to (banned country)
 * - MESSENGER_CHANNEL_BLOCKED  the channel is blocked (either side): nothing is sent
 * - MESSENGER_GIFT_NOT_FOUND   a gift that does not exist or is not active
 * - MESSENGER_GIFT_VIP_ONLY    a VIP gift sent by a guest who is not VIP
 * - MESSENGER_EMPTY_MESSAGE    neither text nor gifts
 * - MESSENGER_PRICE_CHANGED    `expectedPriceCents` given and not the price now: nothing charged
 * - MESSENGER_MEDIA_NOT_FOUND  paid media that is not in a message of the guest's channel
 * - NOT_ENOUGH_MONEY           the wallet has less than the price: nothing changed
 * - TOY_NOT_AVAILABLE          toy control where the performer has no toy now
 */
import { CENTS_PER_COIN } from '@vela/domain/coins';
import { CHANNEL_FILTERS } from '@vela/domain/messenger-channels';
import { z } from 'zod';
import { LanguageSchema, PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ToyPresetSchema, ToyStateSchema } from './live-interaction.ts';
import { MESSENGER_OWN_ERROR_CODES } from './messenger-codes.ts';

/** Spec 9: one channel-list load per 500 ms (page and server). */
export const MESSENGER_CHANNEL_THROTTLE_MS = 500;
/** Spec 9: the channels list holds at most 500. */
export const MESSENGER_CHANNELS_MAX = 500;
/** Spec 9: the navbar shows the newest 5 channels with unread messages. */
export const MESSENGER_NAVBAR_CHANNELS = 5;
/** Messages of one conversation page (older pages with `before`). */
export const MESSENGER_MESSAGES_PAGE = 30;
/** Longest text of a message (characters, after trimming). */
export const MESSENGER_TEXT_MAX = 2000;
/** Most gifts (summed quantities) in one message. */
export const MESSENGER_GIFTS_PER_MESSAGE_MAX = 20;
/**
 * Spec 9: how many performers `recommendations` answers per layout — "recommendations per grid 8, per
 * slider 5" (`useGrid` 1 / 0) and "recommended actors shown 9" (no `useGrid`: the plain list).
 */
export const MESSENGER_RECOMMENDATIONS = { grid: 8, slider: 5, list: 9 } as const;
export type MessengerRecommendationsLayout = keyof typeof MESSENGER_RECOMMENDATIONS;
/** Spec 9 local-storage keys: the selected channel and the performer of a new conversation. */
export { MESSENGER_STORAGE_ACTOR_ID, MESSENGER_STORAGE_CHANNEL_ID } from './messenger-storage.ts';

export const MESSENGER_ERROR_CODES = [
  'NOT_LOGGED_IN',
  ...MESSENGER_OWN_ERROR_CODES,
  'NOT_ENOUGH_MONEY',
  'TOY_NOT_AVAILABLE',
] as const;
export type MessengerErrorCode = (typeof MESSENGER_ERROR_CODES)[number];

/** A channel or message id: a positive integer as a string (bigint in the database). */
export const MessengerIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a positive integer id');
const ActorId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const GiftId = z
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** Spec 3 filters of the channel list. */
export const MESSENGER_FILTERS = CHANNEL_FILTERS;
export const MessengerFilterSchema = z.enum(MESSENGER_FILTERS);
export type MessengerFilter = z.infer<typeof MessengerFilterSchema>;

/** Spec 3 messenger channel, as its guest sees it. Prices are euro cents (`EUR`), shown as coins. */
export const MessengerChannelSchema = z.object({
  id: MessengerIdSchema,
  channelId: MessengerIdSchema,
  actorId: z.number().int().positive(),
  actorName: z.string(),
  actorAge: z.number().int().nullable(),
  isActorOnline: z.boolean(),
  /** `open`, or what the guest made of it: `archived`, `blocked` (blocked wins). */
  status: z.enum(['open', 'archived', 'blocked']),
  unread: z.boolean(),
  unreadCount: z.number().int().nonnegative(),
  archived: z.boolean(),
  /** Blocked by the guest (the performer's block is `status: 'blocked'` too; either stops both ways). */
  blocked: z.boolean(),
  /** The newest message's time (ISO), null for a channel without messages. */
  messageTimestamp: z.string().nullable(),
  lastViewedTimestamp: z.string().nullable(),
  lastMessageId: MessengerIdSchema.nullable(),
  /** The newest message's text, shortened (or the gift's name), for the list. */
  subject: z.string(),
  /** "5 min ago" in the asking page's language. */
  sentDiffForHumans: z.string(),
  /** Free messages the guest has left in this channel. */
  freeMessagesAmount: z.number().int().nonnegative(),
  /** The price of the guest's next text message now (0 while free). */
  messagePrice: PriceSchema,
  isMessagingFree: z.boolean(),
  multiChatPrice: PriceSchema,
  canVoyeurChat: z.boolean(),
  isVoyeurInSingleChatAllowed: z.boolean(),
  isDildocontrolAvailable: z.boolean(),
  freeChat: z.boolean(),
  previewPictureUrl: z.string().nullable(),
});
export type MessengerChannel = z.infer<typeof MessengerChannelSchema>;

export const MessengerGiftInMessageSchema = z.object({ giftId: GiftId, quantity: z.int().min(1).max(20) });
export type MessengerGiftInMessage = z.infer<typeof MessengerGiftInMessageSchema>;

/** The files of a bought clip besides its playlist, signed for the guest like it. */
export const MessengerClipFilesSchema = z.object({
  /** A frame of the clip (JPEG). */
  posterUrl: z.string(),
  /** WebVTT of the clip's preview thumbnails (cues into one sprite image), as the player reads them. */
  thumbnailsUrl: z.string(),
});
export type MessengerClipFiles = z.infer<typeof MessengerClipFilesSchema>;

/** Paid media a performer sent: locked until bought (then in the media library under messenger). */
export const MessengerMediaSchema = z.object({
  mediaId: MessengerIdSchema,
  kind: z.enum(['photo', 'clip']),
  price: PriceSchema,
  bought: z.boolean(),
  /** The blurred preview while locked; the full picture or clip (signed URL) once bought. */
  previewUrl: z.string(),
  /** Once bought: the picture (WebP), or the clip's HLS playlist; signed for the guest. Locked: null. */
  url: z.string().nullable(),
  /** A bought clip's poster and preview thumbnails (signed like `url`; the player's files); else null. */
  clip: MessengerClipFilesSchema.nullable(),
});
export type MessengerMedia = z.infer<typeof MessengerMediaSchema>;

/** Spec 3 message: type `text`, `new_gift` (gifts, maybe with text), `media` (performer), `toy`. */
export const MessengerMessageSchema = z.object({
  id: MessengerIdSchema,
  channelId: MessengerIdSchema,
  messageType: z.enum(['text', 'new_gift', 'media', 'toy']),
  senderType: z.enum(['guest', 'actor']),
  text: z.string(),
  includedGifts: z.array(MessengerGiftInMessageSchema),
  media: MessengerMediaSchema.nullable(),
  /** What the guest paid for this message (cents; 0 when free). */
  priceCents: z.number().int().nonnegative(),
  isVideochat: z.boolean(),
  isFreechat: z.boolean(),
  createdAt: z.string(),
});
export type MessengerMessage = z.infer<typeof MessengerMessageSchema>;

/** Spec 3 gift: price, image, active, vip, category, translations (4 languages). */
export const MessengerGiftSchema = z.object({
  id: GiftId,
  name: z.string(),
  price: PriceSchema,
  imageUrl: z.string(),
  active: z.boolean(),
  vip: z.boolean(),
  categoryId: z.number().int().positive(),
  translations: z.array(z.object({ language: LanguageSchema, name: z.string(), value: z.string() })),
});
export type MessengerGift = z.infer<typeof MessengerGiftSchema>;

/**
 * Spec 3 message send: what the page sends (over the socket's `sendMessage` or REST). `senderType` is
 * always the guest's; `idempotencyKey` makes a resend one message and one charge.
 */
export const MessengerSendSchema = z.strictObject({
  channelId: MessengerIdSchema,
  messageType: z.enum(['text', 'new_gift']),
  senderType: z.literal('guest').optional(),
  isVideochat: z.boolean().optional(),
  isFreechat: z.boolean().optional(),
  data: z.strictObject({ text: z.string().max(MESSENGER_TEXT_MAX * 2) }),
  includedGifts: z.array(MessengerGiftInMessageSchema).max(MESSENGER_GIFTS_PER_MESSAGE_MAX).optional(),
  /** The page's id of this message (its draft): the same key is the same message. */
  idempotencyKey: z.string().min(8).max(100),
  /** The price the page showed (cents): a different price now refuses (MESSENGER_PRICE_CHANGED). */
  expectedPriceCents: z.int().nonnegative().optional(),
});
export type MessengerSend = z.infer<typeof MessengerSendSchema>;

const BalanceFields = {
  guestBalance: z.number().int(),
  guestBalanceFormatted: z.string(),
  guestBalanceCents: z.number().int(),
};

export const MessengerSendResultSchema = z.object({
  message: MessengerMessageSchema,
  channel: MessengerChannelSchema,
  /** A resend of a stored message: nothing was charged now. */
  alreadySent: z.boolean(),
  ...BalanceFields,
});
export type MessengerSendResult = z.infer<typeof MessengerSendResultSchema>;

/** A performer seen from the messenger before (or without) a channel: `messenger/actor/:actorId`. */
export const MessengerActorSchema = z.object({
  actorId: z.number().int().positive(),
  actorName: z.string(),
  isActorOnline: z.boolean(),
  previewPictureUrl: z.string().nullable(),
  freeMessagesAmount: z.number().int().nonnegative(),
  messagePrice: PriceSchema,
  isMessagingFree: z.boolean(),
  multiChatPrice: PriceSchema,
  isDildocontrolAvailable: z.boolean(),
  /** The guest's channel with the performer, when there is one. */
  channelId: MessengerIdSchema.nullable(),
});
export type MessengerActor = z.infer<typeof MessengerActorSchema>;

// --- socket shapes (added to the unions in socket.ts) ----------------------------------------------

/** Outgoing (page → server) messenger messages besides the spec's originals in socket.ts. */
export const MESSENGER_CLIENT_SHAPES = {
  /** Spec 7 sendMessage: the message send of spec 3. */
  sendMessage: MessengerSendSchema.omit({}).shape,
};

/** Incoming (server → page) messenger events, on every page of the guest. */
export const MESSENGER_EVENT_SHAPES = {
  /** A message in one of the guest's channels (sent from any page, or the performer's reply). */
  messengerMessage: { message: MessengerMessageSchema, channel: MessengerChannelSchema },
  /** The guest's unread total and the navbar's newest 5 unread channels changed. */
  messengerUnread: {
    unreadTotal: z.number().int().nonnegative(),
    navbar: z.array(MessengerChannelSchema).max(MESSENGER_NAVBAR_CHANNELS),
  },
  /** A message's price in a channel changed (spec 7 messagePrice): the next text message costs this. */
  messagePrice: { channelId: MessengerIdSchema, price: PriceSchema },
  /** The channel list (answer to loadChannels / filterChannels / loadOnlineChannels). */
  channels: {
    channels: z.array(MessengerChannelSchema).max(MESSENGER_CHANNELS_MAX),
    total: z.number().int().nonnegative(),
    filterType: MessengerFilterSchema,
    online: z.boolean(),
    offset: z.number().int().nonnegative(),
  },
  /** One channel changed (archived, blocked, read, new message, performer online). */
  channel: { channel: MessengerChannelSchema },
};

// --- REST -------------------------------------------------------------------------------------------

const ChannelParams = z.object({ channelId: MessengerIdSchema });
const ActorParams = z.object({ actorId: ActorId });

export const MessengerConversationSchema = z.object({
  channel: MessengerChannelSchema,
  /** Oldest first; at most MESSENGER_MESSAGES_PAGE. */
  messages: z.array(MessengerMessageSchema),
  hasOlder: z.boolean(),
});
export type MessengerConversation = z.infer<typeof MessengerConversationSchema>;

/**
 * The page's language (`?lang=`): what the server writes in for this guest — channel texts, gift names and the
 * performer's answers (the simulator replies in it). Without it the server takes Accept-Language, which is the
 * browser's and not the page's: a guest on /nl/ with an English browser would be answered in English.
 */
const PageLanguageQuery = z.object({ lang: LanguageSchema.optional() });

export const messengerEndpoints = {
  /**
   * Spec 7 `messenger/channel/{channelId}`: one of the guest's channels with its newest messages (or
   * those before `before`). Reading does not mark read; `touch` does (spec 7 touch messenger channel).
   */
  conversation: defineEndpoint({
    method: 'GET',
    path: 'messenger/channel/:channelId',
    params: ChannelParams,
    query: PageLanguageQuery.extend({ before: MessengerIdSchema.optional() }),
    response: MessengerConversationSchema,
    errors: ['NOT_LOGGED_IN', 'MESSENGER_CHANNEL_NOT_FOUND'],
  }),
  /** Marks the channel read (selecting it): the unread total falls by its count, never below 0. */
  touch: defineEndpoint({
    method: 'POST',
    path: 'messenger/channel/:channelId/touch',
    params: ChannelParams,
    query: PageLanguageQuery,
    response: z.object({ channel: MessengerChannelSchema, unreadTotal: z.number().int().nonnegative() }),
    errors: ['NOT_LOGGED_IN', 'MESSENGER_CHANNEL_NOT_FOUND'],
  }),
  /** Sends a message (the same as the socket's sendMessage). */
  send: defineEndpoint({
    method: 'POST',
    path: 'messenger/channel/:channelId/messages',
    params: ChannelParams,
    query: PageLanguageQuery,
    body: MessengerSendSchema.omit({ channelId: true }),
    response: MessengerSendResultSchema,
    errors: [...MESSENGER_ERROR_CODES],
  }),
  /** Blocks or unblocks the channel (the guest's side): a blocked channel carries nothing either way. */
  block: defineEndpoint({
    method: 'POST',
    path: 'messenger/channel/:channelId/block',
    params: ChannelParams,
    query: PageLanguageQuery,
    body: z.strictObject({ blocked: z.boolean() }),
    response: z.object({ channel: MessengerChannelSchema }),
    errors: ['NOT_LOGGED_IN', 'MESSENGER_CHANNEL_NOT_FOUND'],
  }),
  /** Archives or restores the channel (the same as the socket's archiveChannel). */
  archive: defineEndpoint({
    method: 'POST',
    path: 'messenger/channel/:channelId/archive',
    params: ChannelParams,
    query: PageLanguageQuery,
    body: z.strictObject({ status: z.boolean() }),
    response: z.object({ channel: MessengerChannelSchema }),
    errors: ['NOT_LOGGED_IN', 'MESSENGER_CHANNEL_NOT_FOUND'],
  }),
  /** Buys paid media a performer sent in the channel (then in the media library under messenger). */
  buyMedia: defineEndpoint({
    method: 'POST',
    path: 'messenger/channel/:channelId/media/:mediaId/buy',
    query: PageLanguageQuery,
    params: z.object({ channelId: MessengerIdSchema, mediaId: MessengerIdSchema }),
    body: z.strictObject({ idempotencyKey: z.string().min(8).max(100) }),
    response: z.object({ message: MessengerMessageSchema, alreadyBought: z.boolean(), ...BalanceFields }),
    errors: ['NOT_LOGGED_IN', 'MESSENGER_CHANNEL_NOT_FOUND', 'MESSENGER_MEDIA_NOT_FOUND', 'NOT_ENOUGH_MONEY'],
  }),
  /**
   * Toy control from the messenger (spec 3 `isDildocontrolAvailable`; GraphQL "toy controls"): a paid,
   * logged action through the same ToyControl port as the live chat (presets and prices of
   * `GET live/toys/:actorId`); the same `actionId` is one action and one charge; a command the toy
   * refused is refunded. Shown in the conversation as a message of type `toy`.
   */
  toy: defineEndpoint({
    method: 'POST',
    path: 'messenger/channel/:channelId/toy',
    params: ChannelParams,
    query: PageLanguageQuery,
    body: z.strictObject({ actionId: z.uuid(), preset: ToyPresetSchema }),
    response: z.object({
      message: MessengerMessageSchema,
      state: ToyStateSchema,
      status: z.enum(['done', 'refunded']),
      price: PriceSchema,
      ...BalanceFields,
    }),
    errors: [
      'NOT_LOGGED_IN',
      'MESSENGER_CHANNEL_NOT_FOUND',
      'MESSENGER_CHANNEL_BLOCKED',
      'NOT_ENOUGH_MONEY',
      'TOY_NOT_AVAILABLE',
      'IDEMPOTENCY_KEY_REUSED',
    ],
  }),
  /** Spec 7 `channel/actor/{actorId}`: the guest's channel with the performer, created when missing. */
  channelForActor: defineEndpoint({
    method: 'POST',
    path: 'channel/actor/:actorId',
    params: ActorParams,
    query: PageLanguageQuery,
    response: z.object({ channel: MessengerChannelSchema, created: z.boolean() }),
    errors: ['NOT_LOGGED_IN', 'MESSENGER_ACTOR_NOT_FOUND'],
  }),
  /** Spec 7 `messenger/actor/{actorId}`: the performer as the messenger shows them (pricing, toy). */
  actor: defineEndpoint({
    method: 'GET',
    path: 'messenger/actor/:actorId',
    params: ActorParams,
    query: PageLanguageQuery,
    response: MessengerActorSchema,
    errors: ['NOT_LOGGED_IN', 'MESSENGER_ACTOR_NOT_FOUND'],
  }),
  /**
   * Spec 7 `recommendations` (currentActorId, useGrid, fsk): performers for an empty messenger, online
   * first, without `currentActorId`. `useGrid` 1/true: a grid of 8, 0/false: a slider of 5, absent: the
   * list of 9 (spec 9; `layout` says which). `fsk` is the highest age rating of the preview pictures
   * asked for (default 16): 16 gives the avatars (FSK-16, spec 9); 18 gives each performer's newest
   * FSK-18 album cover (the avatar when she has none) — only to a guest whose age check is accepted,
   * anyone else gets FSK-16 pictures whatever is asked, and `fsk` in the answer says what was applied.
   * Decision 0054.
   */
  recommendations: defineEndpoint({
    method: 'GET',
    path: 'recommendations',
    query: PageLanguageQuery.extend({
      currentActorId: ActorId.optional(),
      useGrid: z.enum(['0', '1', 'true', 'false']).optional(),
      fsk: z.enum(['16', '18']).optional(),
    }),
    response: z.object({
      layout: z.enum(['grid', 'slider', 'list']),
      /** The age rating the preview pictures were chosen up to (18 only past the age check). */
      fsk: z.union([z.literal(16), z.literal(18)]),
      actors: z.array(
        z.object({
          actorId: z.number().int().positive(),
          actorName: z.string(),
          isActorOnline: z.boolean(),
          previewPictureUrl: z.string().nullable(),
          /** The preview picture's own age rating. */
          previewPictureAgeRating: z.union([z.literal(16), z.literal(18)]),
        }),
      ),
    }),
    errors: ['NOT_LOGGED_IN'],
  }),
  /** The guest's gifts catalogue and owned counts (spec 3 boughtGifts; vouchers type 6 included). */
  gifts: defineEndpoint({
    method: 'GET',
    path: 'messenger/gifts',
    query: PageLanguageQuery,
    response: z.object({
      gifts: z.array(MessengerGiftSchema),
      /** Gift id → quantity the guest owns (bought and not yet sent). */
      boughtGifts: z.record(z.string(), z.number().int().nonnegative()),
      /** Messenger-gift vouchers (type 6): each pays one gift of any kind. */
      giftVouchers: z.number().int().nonnegative(),
    }),
    errors: ['NOT_LOGGED_IN'],
  }),
  /** Spec 7 `logger/vxmessengerError`: the page reports a messenger failure (logged, no answer). */
  logError: defineEndpoint({
    method: 'POST',
    path: 'logger/vxmessengerError',
    body: z.strictObject({
      message: z.string().max(500),
      channelId: MessengerIdSchema.optional(),
      context: z.string().max(100).optional(),
    }),
    status: 204,
    response: z.undefined(),
    errors: [],
  }),
  /** Operator (spec 7 internal "grant messenger gifts"): gives a guest gifts to send. */
  grantGiftsInternal: defineEndpoint({
    method: 'POST',
    path: 'internal/messenger/gifts/grant',
    body: z.strictObject({
      guestId: z.int().positive(),
      giftId: GiftId,
      quantity: z.int().min(1).max(100),
      reason: z.string().max(200).optional(),
      idempotencyKey: z.string().min(8).max(100),
    }),
    response: z.object({ guestId: z.number().int(), giftId: z.number().int(), owned: z.number().int() }),
    errors: ['MESSENGER_GIFT_NOT_FOUND', 'NOT_FOUND'],
  }),
};

// --- the performer API's messenger calls (X-Performer-Token; docs/PERFORMER-API.md) ----------------

/** Paid media a performer sends: at least 1 coin, at most 200 coins (whole coins). */
export const MESSENGER_MEDIA_PRICE_MIN_CENTS = CENTS_PER_COIN;
export const MESSENGER_MEDIA_PRICE_MAX_CENTS = 200 * CENTS_PER_COIN;
/** A caption of paid media (characters, after trimming). */
export const MESSENGER_CAPTION_MAX = 300;
/** Channels `performer/messenger/channels` answers, newest message first. */
export const PERFORMER_MESSENGER_CHANNELS_MAX = 100;

/** A channel as its performer sees it: the guest's screen name, the newest message, blocked. */
export const PerformerMessengerChannelSchema = z.object({
  channelId: MessengerIdSchema,
  guestName: z.string(),
  /** Blocked by either side: nothing can be sent. */
  blocked: z.boolean(),
  lastMessage: z
    .object({
      id: MessengerIdSchema,
      senderType: z.enum(['guest', 'actor']),
      messageType: z.enum(['text', 'new_gift', 'media', 'toy']),
      text: z.string(),
      at: z.string(),
    })
    .nullable(),
});
export type PerformerMessengerChannel = z.infer<typeof PerformerMessengerChannelSchema>;

/** What a performer's send answers: the stored message (as the guest sees it), and whether it was a resend. */
const PerformerSendAnswerSchema = z.object({
  channelId: MessengerIdSchema,
  messageId: MessengerIdSchema,
  /** The paid media's id (media only). */
  mediaId: MessengerIdSchema.nullable(),
  /** A resend under a stored key: nothing new was sent. */
  alreadySent: z.boolean(),
});

const PerformerChannelParams = z.strictObject({ channelId: MessengerIdSchema });
const PERFORMER_SEND_ERRORS = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'MESSENGER_CHANNEL_NOT_FOUND',
  'MESSENGER_CHANNEL_BLOCKED',
  'IDEMPOTENCY_KEY_REUSED',
] as const;

/**
 * The performer's side of the messenger in the performer API (issue 19 deliverable 2): the token's
 * performer lists its channels, writes, and sends paid media (a photo or a clip for coins, locked until
 * the guest buys it; then in the guest's media library under messenger). Another performer's channel is 404
 * MESSENGER_CHANNEL_NOT_FOUND; a channel blocked by either side 409 MESSENGER_CHANNEL_BLOCKED. The same
 * `idempotencyKey` in a channel is one message.
 */
export const messengerPerformerEndpoints = {
  channels: defineEndpoint({
    method: 'GET',
    path: 'performer/messenger/channels',
    response: z.object({
      actorId: z.number().int(),
      channels: z.array(PerformerMessengerChannelSchema).max(PERFORMER_MESSENGER_CHANNELS_MAX),
    }),
    errors: ['UNAUTHORIZED', 'FORBIDDEN'],
  }),
  message: defineEndpoint({
    method: 'POST',
    path: 'performer/messenger/channels/:channelId/messages',
    params: PerformerChannelParams,
    body: z.strictObject({
      text: z.string().trim().min(1).max(MESSENGER_TEXT_MAX),
      idempotencyKey: z.string().min(8).max(100).optional(),
    }),
    response: PerformerSendAnswerSchema,
    errors: PERFORMER_SEND_ERRORS,
  }),
  media: defineEndpoint({
    method: 'POST',
    path: 'performer/messenger/channels/:channelId/media',
    params: PerformerChannelParams,
    body: z.strictObject({
      /** `photo` (a picture) or `clip` (a short video, played as HLS once bought). */
      kind: z.enum(['photo', 'clip']),
      priceCents: z
        .int()
        .min(MESSENGER_MEDIA_PRICE_MIN_CENTS)
        .max(MESSENGER_MEDIA_PRICE_MAX_CENTS)
        .multipleOf(CENTS_PER_COIN),
      caption: z.string().trim().max(MESSENGER_CAPTION_MAX).optional(),
      idempotencyKey: z.string().min(8).max(100),
    }),
    response: PerformerSendAnswerSchema,
    errors: PERFORMER_SEND_ERRORS,
  }),
};

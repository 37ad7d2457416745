/**
 * The guest socket at `/socket` (spec 4 "Socket", spec 7 socket messages, spec 8 close codes and
 * error types, spec 9 timings): every message either way, defined once as two discriminated unions
 * on `type` and validated on both ends. The server answers an unknown or malformed message with an
 * `error` message and keeps the connection.
 *
 * Outgoing (browser -> server) messages carry `type`, `accessToken` and `guestId` (spec 7); a
 * visitor's page sends `accessToken: null, guestId: null` and may only ask for a session and ping.
 * Incoming (server -> browser) messages carry `type`. Bus events on channel `guest:<id>` are
 * incoming messages as they are (`GuestSocketEventSchema`), so modules publish exactly what the page
 * receives. A message whose feature is not built is answered `UNSUPPORTED_MESSAGE`. The messenger's
 * shapes are in messenger.ts (issue 19).
 */
import { z } from 'zod';
import { LanguageSchema, PriceSchema } from './common.ts';
import { AvsSocketEventSchema } from './guest.ts';
import { LIVE_CLIENT_SHAPES, LIVE_EVENT_SHAPES } from './live.ts';
import { LIVE_BROADCAST_SHAPES } from './live-events.ts';
import { LIVE_INTERACTION_CLIENT_SHAPES, LIVE_INTERACTION_EVENT_SHAPES } from './live-interaction.ts';
import {
  MESSENGER_CLIENT_SHAPES,
  MESSENGER_ERROR_CODES,
  MESSENGER_EVENT_SHAPES,
  MessengerFilterSchema,
} from './messenger.ts';
import { ChargeSchema, OneClickConfigSchema } from './payment-api.ts';
import { GuestVoucherSchema, RewardViewSchema } from './promotions-api.ts';
import { AboStatusSchema, AboUpdateEventSchema } from './subscriptions-api.ts';
import { TICKET_EVENT_SHAPES } from './tickets.ts';
import { VoiceCallViewSchema } from './voicecall.ts';

export const SOCKET_PATH = '/socket';
/** Spec 9: the page pings every 50 s; a pong must arrive before the next ping. */
export const SOCKET_PING_INTERVAL_MS = 50_000;
/** Spec 9: a closed socket is opened again after 1 s. */
export const SOCKET_RECONNECT_DELAY_MS = 1_000;
/** Spec 8: protocol error (not retried after a first attempt) and pong missing. */
export const SOCKET_CLOSE_PROTOCOL_ERROR = 1002;
export const SOCKET_CLOSE_PONG_MISSING = 4000;
/** Spec 8: reported once per connection to `logger/websocketConnectionError`. */
export const SOCKET_ERROR_TYPES = [
  'WEBSOCKET_ERROR_CONNECTION_CLOSED',
  'WEBSOCKET_ERROR_PONG_IS_MISSING',
] as const;
export type SocketErrorType = (typeof SOCKET_ERROR_TYPES)[number];
/** Largest message either way (a channel list of 500 is far below). */
export const SOCKET_MAX_MESSAGE_BYTES = 64 * 1024;

const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a positive integer id');
const ActorId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const NotificationId = Id;

// --- outgoing: browser -> server ------------------------------------------------------------------

const envelope = {
  accessToken: z.string().min(1).max(2048).nullable(),
  guestId: Id.nullable(),
};
const out = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...envelope, ...shape });
/** `out` for each entry of a table of shapes (type → shape), each keeping its literal type. */
const outAll = <S extends Record<string, z.ZodRawShape>>(shapes: S) =>
  Object.entries(shapes).map(([type, shape]) => out(type, shape)) as {
    [K in keyof S & string]: ReturnType<typeof out<K, S[K]>>;
  }[keyof S & string][];

export const NotificationListKindSchema = z.enum(['navbar', 'floating']);
export type NotificationListKind = z.infer<typeof NotificationListKindSchema>;

export const PinTargetSchema = z.enum(['actor', 'album', 'sedcards', 'picture']);
export type PinTarget = z.infer<typeof PinTargetSchema>;

export const ClientSocketMessageSchema = z.discriminatedUnion('type', [
  out('requestSession', { language: LanguageSchema }),
  out('ping', {}),
  // Messenger (spec 4 "Channels", issue 19; shapes in messenger.ts).
  ...outAll(MESSENGER_CLIENT_SHAPES),
  out('allChannelsSeen', {}),
  out('loadChannels', { offset: z.number().int().nonnegative(), limit: z.number().int().min(1).max(500) }),
  out('loadOnlineChannels', { online: z.boolean() }),
  out('filterChannels', { filterType: MessengerFilterSchema }),
  out('archiveChannel', { channelId: Id, status: z.boolean() }),
  // One-click top-up (spec 4, issue 4's payments).
  out('canOneClick', {}),
  out('chargeOneClick', {
    amount: z.number().int().positive(),
    channelId: z.string().max(100).optional(),
    idempotencyKey: z.string().min(8).max(100),
  }),
  // Notifications (spec 4, spec 9: newest 5).
  out('getNavbarNotifications', {}),
  out('getFloatingNotifications', {}),
  out('markNotificationRead', { notificationId: NotificationId }),
  out('markNotificationSeen', { notificationId: NotificationId }),
  // Account.
  out('refreshEmailProperties', {}),
  out('passwordChanged', {}),
  out('sendSignupEmail', { email: z.string().trim().min(3).max(254) }),
  out('removeStatusBar', {}),
  // Favorites (spec 4 "Favorites").
  out('pinActor', { actorId: ActorId }),
  out('unpinActor', { actorId: ActorId }),
  out('setPinnedActorNotification', {
    actorId: ActorId,
    channel: z.enum(['email', 'sms']),
    enabled: z.boolean(),
  }),
  out('pinAlbum', { albumId: ActorId }),
  out('unpinAlbum', { albumId: ActorId }),
  out('pinSedcards', { actorId: ActorId }),
  out('unpinSedcards', { actorId: ActorId }),
  out('pinPicture', { pictureId: ActorId }),
  out('unpinPicture', { pictureId: ActorId }),
  out('favoriteRequestActors', {}),
  // Live chat (decision 0038 part 3; shapes in live.ts): signaling and the chat of one session.
  ...outAll(LIVE_CLIENT_SHAPES),
  ...outAll(LIVE_INTERACTION_CLIENT_SHAPES),
]);
export type ClientSocketMessage = z.infer<typeof ClientSocketMessageSchema>;
export type ClientSocketMessageType = ClientSocketMessage['type'];
/** A message as the page builds it: the socket adds the envelope (token and guest id). */
export type ClientSocketRequest = ClientSocketMessage extends infer M
  ? M extends ClientSocketMessage
    ? Omit<M, 'accessToken' | 'guestId'>
    : never
  : never;

/** Messages a visitor's socket may send (everything else needs a logged-in session, spec 6). */
export const ANONYMOUS_SOCKET_MESSAGES: readonly ClientSocketMessageType[] = ['requestSession', 'ping'];

// --- incoming: server -> browser ------------------------------------------------------------------

const msg = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });
/** `msg` for each entry of a table of shapes (type → shape), each keeping its literal type. */
const msgAll = <S extends Record<string, z.ZodRawShape>>(shapes: S) =>
  Object.entries(shapes).map(([type, shape]) => msg(type, shape)) as {
    [K in keyof S & string]: ReturnType<typeof msg<K, S[K]>>;
  }[keyof S & string][];

/** Notification (spec 3: id, unread, unseen), with what the page needs to render it in its language. */
export const NotificationSchema = z.strictObject({
  id: NotificationId,
  /** Numeric type (spec 9 hides 6, 7, 13, 14, 15, 22; those never reach a page). */
  type: z.number().int().positive(),
  unread: z.boolean(),
  unseen: z.boolean(),
  /** Texts are rendered by the page from type and params, in the page's language. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** Where a click leads (a path on this origin), or null. */
  url: z.string().max(500).nullable(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationCountsSchema = z.strictObject({
  unreadTotal: z.number().int().nonnegative(),
  unseenTotal: z.number().int().nonnegative(),
});
export type NotificationCounts = z.infer<typeof NotificationCountsSchema>;

export const FavoriteActorSchema = z.strictObject({
  id: ActorId,
  name: z.string(),
  isOnline: z.boolean(),
  /** The avatar image (ImageRef of common.ts: the page builds its URL). */
  avatar: z.strictObject({
    key: z.string(),
    ageRating: z.union([z.literal(16), z.literal(18)]),
    aspect: z.number(),
  }),
  notifyEmail: z.boolean(),
  notifySms: z.boolean(),
});
export type FavoriteActor = z.infer<typeof FavoriteActorSchema>;

export const GuestBalanceMessageSchema = msg('guestBalance', {
  guestBalance: z.number().int().nonnegative(),
  guestBalanceFormatted: z.string(),
  guestBalanceCents: z.number().int().nonnegative(),
  guestIsPayingCustomer: z.boolean(),
});
export type GuestBalanceMessage = z.infer<typeof GuestBalanceMessageSchema>;

/** What a page resyncs from after every (re)connect (DESIGN.md "Realtime"): the state of the guest. */
export const SessionSnapshotSchema = z.strictObject({
  balance: GuestBalanceMessageSchema.omit({ type: true }),
  avsStatus: z.enum(['unknown', 'pending', 'rejected', 'accepted']),
  vipAboStatus: AboStatusSchema,
  vxtvAboStatus: AboStatusSchema,
  notifications: NotificationCountsSchema,
  pinnedActorIds: z.array(ActorId),
  /**
   * The guest's pinned albums, pictures and sedcards (actor ids), newest first, at most
   * PINNED_ITEMS_SNAPSHOT of each: the pin buttons of the album page start from them.
   */
  pinnedItems: z.strictObject({
    album: z.array(ActorId),
    picture: z.array(ActorId),
    sedcards: z.array(ActorId),
  }),
  /**
   * The guest's usable vouchers (spec 3 Guest.vouchers), as `guestVouchers` sends them: a page opened
   * after a grant or a redemption knows them too (the buy buttons say which purchase a voucher pays).
   */
  vouchers: z.array(GuestVoucherSchema),
  /**
   * The messenger's unread total and the navbar's newest 5 channels with unread messages (spec 9), as
   * `messengerUnread` sends them (issue 19): a page opened later knows the badge without a call. The
   * server always sends it; optional so a page built before issue 19 still parses.
   */
  messenger: z.strictObject(MESSENGER_EVENT_SHAPES.messengerUnread).optional(),
  /**
   * The guest's running voice call (spec 3 Guest `isVoicecallActive`, decision 0051) as
   * `voicecall/state` names it, else null: a page opened (or reconnected) after `voicecallStart` knows
   * the call without a request. The server always sends it; optional so an older page still parses.
   */
  voiceCall: VoiceCallViewSchema.nullable().optional(),
});
/** The most pinned albums, pictures and sedcards each a snapshot carries (the newest pins). */
export const PINNED_ITEMS_SNAPSHOT = 1000;
export type SessionSnapshot = z.infer<typeof SessionSnapshotSchema>;

const PresenceFields = {
  actorId: ActorId,
  actorName: z.string(),
  /** Actors online after this change (the navbar's count). */
  onlineTotal: z.number().int().nonnegative(),
};

export const ActorOnlineMessageSchema = msg('actorOnline', PresenceFields);
export const ActorOfflineMessageSchema = msg('actorOffline', PresenceFields);
export const PresenceMessageSchema = z.discriminatedUnion('type', [
  ActorOnlineMessageSchema,
  ActorOfflineMessageSchema,
]);
export type PresenceMessage = z.infer<typeof PresenceMessageSchema>;
/**
 * What every socket hears (visitors too), on bus channel `presence`: presence and the live events about
 * a performer (issue 18, decision 0053: free show start/stop, clash of cams voting).
 */
export const BroadcastMessageSchema = z.discriminatedUnion('type', [
  ...PresenceMessageSchema.options,
  ...msgAll(LIVE_BROADCAST_SHAPES),
]);
export type BroadcastMessage = z.infer<typeof BroadcastMessageSchema>;
const BROADCAST_TYPES: ReadonlySet<string> = new Set(
  BroadcastMessageSchema.options.map((o) => o.shape.type.value),
);
/** Whether a delivered event is one of every socket's (not a guest's own). */
export const isBroadcastMessage = (event: { type: string }): event is BroadcastMessage =>
  BROADCAST_TYPES.has(event.type);

/**
 * Events about one guest, published on bus channel `guest:<id>` and sent as they are to every open
 * page of that guest (on every node).
 */
const guestEvents = [
  GuestBalanceMessageSchema,
  msg('guestVouchers', { vouchers: z.array(GuestVoucherSchema) }),
  msg('bonusCodeRedeemed', { code: z.string(), reward: RewardViewSchema, pending: z.boolean() }),
  ...AvsSocketEventSchema.options,
  ...AboUpdateEventSchema.options,
  msg('guestLocked', {}),
  msg('loyaltyPointsChanged', { points: z.number().int() }),
  msg('pageReload', {}),
  msg('notification', { notification: NotificationSchema, counts: NotificationCountsSchema }),
  msg('notificationsRemoved', { ids: z.array(NotificationId), counts: NotificationCountsSchema }),
  msg('notificationsMarkedRead', { ids: z.array(NotificationId), counts: NotificationCountsSchema }),
  msg('notificationsMarkedSeen', { ids: z.array(NotificationId), counts: NotificationCountsSchema }),
  msg('favoritePinned', { target: PinTargetSchema, id: ActorId }),
  msg('favoriteUnpinned', { target: PinTargetSchema, id: ActorId }),
  msg('pinnedActorNotification', { actorId: ActorId, notifyEmail: z.boolean(), notifySms: z.boolean() }),
  msg('emailProperties', { email: z.string().nullable() }),
  msg('removeStatusBar', {}),
  // Live chat (decision 0038 part 3): every open page of the guest follows the meter and the end.
  /** After each charged minute: minutes billed, money spent (coins, rounded up) and the balance left. */
  msg('liveMeter', {
    sessionId: z.uuid(),
    minutes: z.number().int().nonnegative(),
    spent: PriceSchema,
    /** Whole coins, rounded down (`coinBalanceOf`). */
    balance: PriceSchema,
  }),
  /** Spec 3 "Chat end": `chatId` is the live session id; `price` is the money the chat cost, in coins. */
  msg('chatEnd', {
    chatId: z.uuid(),
    price: PriceSchema,
    actorId: ActorId,
    actorName: z.string(),
    isVoyeur: z.boolean(),
    isToyControl: z.boolean(),
  }),
  ...msgAll(LIVE_EVENT_SHAPES),
  // Voice calls (issue 18, decision 0051): the guest's call started / ended (spec 7 `voicecall stop`);
  // pages see the call's HMAC `voicecallIdHash`, never its id.
  msg('voicecallStart', { voicecallIdHash: z.string(), actorId: ActorId, actorName: z.string() }),
  msg('voicecallStop', { voicecallIdHash: z.string() }),
  // Ticket shows (issue 18): a show the guest holds a ticket for started (the live-show tab offers
  // "Join the show"), and spec 7 `privateTicketShowInvitation` (a performer invites the guest).
  msg('ticketShowStarted', {
    actorId: ActorId,
    actorName: z.string(),
    showId: z.number().int().positive(),
    title: z.string(),
    endsAt: z.iso.datetime(),
  }),
  msg('privateTicketShowInvitation', {
    actorName: z.string(),
    actorProfilePictureUrl: z.string().nullable(),
    actorId: ActorId,
  }),
  // Chat tickets (issue 18; tickets.ts): a ticket bought, returned or refunded (show cancelled).
  ...msgAll(TICKET_EVENT_SHAPES),
  ...msgAll(LIVE_INTERACTION_EVENT_SHAPES),
  // Messenger (issue 19, messenger.ts): a message, the unread total, a price, one channel changed.
  msg('messengerMessage', MESSENGER_EVENT_SHAPES.messengerMessage),
  msg('messengerUnread', MESSENGER_EVENT_SHAPES.messengerUnread),
  msg('messagePrice', MESSENGER_EVENT_SHAPES.messagePrice),
  msg('channel', MESSENGER_EVENT_SHAPES.channel),
] as const;
export const GuestSocketEventSchema = z.discriminatedUnion('type', [
  ...guestEvents,
  /** Asks every socket of the guest to check its session now (logout, password change); not sent on. */
  msg('sessionCheck', {}),
]);
export type GuestSocketEvent = z.infer<typeof GuestSocketEventSchema>;

export const SocketErrorCodeSchema = z.enum([
  'MALFORMED_MESSAGE',
  'UNKNOWN_MESSAGE',
  'INVALID_MESSAGE',
  /** Text with a control character (strings.ts, decision 0025); before the session: then close 1002. */
  'INVALID_CHARACTERS',
  'NO_SESSION',
  'NOT_LOGGED_IN',
  'TOKEN_MISMATCH',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'UNSUPPORTED_MESSAGE',
  'NOT_FOUND',
  /** The performer is not offered in the caller's country (spec 6 banned countries). */
  'ACTOR_BLOCKED_IN_COUNTRY',
  /** Live signaling or chat for a session that is not the guest's, not starting/running, or past its funds. */
  'LIVE_SESSION_NOT_ACTIVE',
  /** An SDP over 16 KB, with other media than one video section, or other codecs than VP8. */
  'INVALID_SDP',
  'RATE_LIMITED',
  'FAILED',
  /** The messenger's refusals (issue 19), e.g. to sendMessage (NOT_LOGGED_IN is above already). */
  ...MESSENGER_ERROR_CODES,
  /** A refused value the schema could not say (a text too long after trimming). */
  'VALIDATION_ERROR',
  /** An idempotency key used before for a different request. */
  'IDEMPOTENCY_KEY_REUSED',
]);
export type SocketErrorCode = z.infer<typeof SocketErrorCodeSchema>;

export const ServerSocketMessageSchema = z.discriminatedUnion('type', [
  msg('ackSession', {
    guestId: Id.nullable(),
    language: LanguageSchema,
    /** Null for a visitor. */
    snapshot: SessionSnapshotSchema.nullable(),
  }),
  msg('sessionExpired', {}),
  msg('pong', { ttl: z.number().int().positive() }),
  msg('error', {
    code: SocketErrorCodeSchema,
    message: z.string(),
    /** The type of the message this answers, when it could be read. */
    inReplyTo: z.string().max(64).nullable(),
  }),
  ...guestEvents,
  ...BroadcastMessageSchema.options,
  msg('canOneClickResult', { config: OneClickConfigSchema }),
  msg('chargeOneClickResult', { charge: ChargeSchema.nullable(), errorCode: z.string().nullable() }),
  msg('navbarNotifications', {
    notifications: z.array(NotificationSchema),
    counts: NotificationCountsSchema,
  }),
  msg('floatingNotifications', {
    notifications: z.array(NotificationSchema),
    counts: NotificationCountsSchema,
  }),
  msg('favoriteActors', {
    actors: z.array(FavoriteActorSchema),
    onlineTotal: z.number().int().nonnegative(),
  }),
  msg('signupEmailSent', { email: z.string() }),
  // Messenger (issue 19): the answer to loadChannels / filterChannels / loadOnlineChannels.
  msg('channels', MESSENGER_EVENT_SHAPES.channels),
]);
export type ServerSocketMessage = z.infer<typeof ServerSocketMessageSchema>;
export type ServerSocketMessageType = ServerSocketMessage['type'];
export type ServerMessageOf<T extends ServerSocketMessageType> = Extract<ServerSocketMessage, { type: T }>;

/** Bus channel of one guest's events. */
export const guestChannel = (guestId: number | string) => `guest:${guestId}`;
/** Bus channel of performer presence (every socket, visitors too). */
export const PRESENCE_CHANNEL = 'presence';

/**
 * Live chats of a guest (issue 16, decision 0038 parts 2 and 3): the REST calls that start, show,
 * end, itemise and rate a chat, and the field shapes of the live socket messages (socket.ts adds
 * them to its unions: `liveJoin`, `liveAnswer`, `liveIceCandidate`, `livePublishOffer`,
 * `liveMediaUp`, `liveMessage`, `liveExit` from the browser; `liveOffer`, `liveIceCandidate`,
 * `livePublishAnswer`, `liveState`, `liveMessage`, `liveEnded`, plus `liveMeter` and `chatEnd`, to
 * every open page of the guest on `guest:<id>`).
 *
 * Money leaves the server in coins (spec 9: 1 EUR = 4 coins, rounded up) as `Price`
 * `{ value, currency: 'VXC' }`; the receipt also carries the cents the ledger moved.
 *
 * Signaling goes only through our server (decision 0038 part 3). The server's offer is complete
 * (non-trickle); the page answers the `offerId` it was given. Every answer, candidate and publish
 * offer is checked against the session (the guest's own, starting or running, within its funds):
 * otherwise the socket answers `error` `LIVE_SESSION_NOT_ACTIVE` and forwards nothing. An SDP is at
 * most 16 KB with exactly one media section, a video one, whose codecs are VP8 (and its
 * retransmission, rtx) only (`liveSdpProblem`): a cam2cam page sets its codec preferences to VP8.
 */
import { RESTRICTION_REASONS } from '@vela/domain/restrictions';
import { z } from 'zod';
import { ErrorBodySchema, LanguageSchema, PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import type { ErrorCode } from './error-codes.ts';
import { LiveTipSchema } from './live-interaction.ts';

/** The chat types paid by the minute. */
export const LIVE_PAID_CHAT_TYPES = [
  'livechat',
  'video-call',
  'live-show',
  'voyeur-chat',
  'voyeur-private-chat',
] as const;
/**
 * The free chat types (decision 0038 part 9): `free-chat` (performers with `freeChat`, paid by the
 * guest's free chat time) and `live-preview` (performers with `isLivePreviewEnabled`, one preview unit).
 */
export const LIVE_FREE_CHAT_TYPES = ['free-chat', 'live-preview'] as const;
/** Every chat type `live/start` starts (spec 1's seven, and a cam show's `ticket-show`: the ticket paid). */
export const LIVE_CHAT_TYPES = [...LIVE_PAID_CHAT_TYPES, ...LIVE_FREE_CHAT_TYPES, 'ticket-show'] as const;
export const LiveChatTypeSchema = z.enum(LIVE_CHAT_TYPES);
export type LiveChatType = z.infer<typeof LiveChatTypeSchema>;
/**
 * The type of a session as its views answer it: every `live/start` type, and a voice call's video
 * (`voice-call`, decision 0051), which only the voicecall module opens (never `live/start`).
 */
export const LiveSessionTypeSchema = z.enum([...LIVE_CHAT_TYPES, 'voice-call']);
export type LivePaidChatType = (typeof LIVE_PAID_CHAT_TYPES)[number];

/** Spec 6 and 9 "live preview 5 (20 VIP)": preview units per rolling hour. */
export const LIVE_PREVIEW_UNITS = 5;
export const LIVE_PREVIEW_UNITS_VIP = 20;
/** After "no thanks" (free preview decline) the offer modal `fifteen-minutes-preview` stays closed this long. */
export const LIVE_PREVIEW_DECLINE_MS = 15 * 60 * 1000;

/** The session's life (packages/domain chat-session.ts): requested → starting → running → ending → ended. */
export const LIVE_SESSION_STATUSES = ['requested', 'starting', 'running', 'ending', 'ended'] as const;
export const LiveSessionStatusSchema = z.enum(LIVE_SESSION_STATUSES);
export type LiveSessionStatus = z.infer<typeof LiveSessionStatusSchema>;

/** Longest chat message (characters, after trimming). */
export const LIVE_MESSAGE_MAX_CHARS = 500;
/** Longest SDP (offer or answer) the server takes, in bytes. */
export const LIVE_SDP_MAX_BYTES = 16 * 1024;
/** How many of the newest messages the session view carries (a reload re-reads them). */
export const LIVE_TRANSCRIPT_LIMIT = 50;

export const LiveSessionIdSchema = z.uuid();
const ActorId = z
  .int()
  .positive()
  .max(2 ** 31 - 1);
const Coins = PriceSchema;

/** The codes a guest's own end may carry (spec 8 client codes; default 100 "exit"). */
export const LIVE_GUEST_EXIT_CODES = [100, 102, 103, 104, 106, 901, 902, 903, 904] as const;
export const LiveGuestExitCodeSchema = z.union(
  LIVE_GUEST_EXIT_CODES.map((code) => z.literal(code)) as unknown as [
    z.ZodLiteral<(typeof LIVE_GUEST_EXIT_CODES)[number]>,
    ...z.ZodLiteral<(typeof LIVE_GUEST_EXIT_CODES)[number]>[],
  ],
);

export const LiveActorSchema = z.object({ id: ActorId, name: z.string() });

// --- start -------------------------------------------------------------------------------------------

/**
 * `POST live/start`: the same `idempotencyKey` (per guest) answers the same session, however often
 * it is sent; a refused start stores nothing, so the key may be sent again (after a top-up).
 */
export const LiveStartRequestSchema = z.strictObject({
  actorId: ActorId,
  type: LiveChatTypeSchema,
  idempotencyKey: z.string().min(8).max(100),
});
export type LiveStartRequest = z.infer<typeof LiveStartRequestSchema>;

export const LiveStartAnswerSchema = z.object({
  sessionId: LiveSessionIdSchema,
  type: LiveSessionTypeSchema,
  status: LiveSessionStatusSchema,
  /** What a minute costs in coins (spec 9 "amount per minute"). */
  pricePerMinute: Coins,
  /** The guest's chat-minute vouchers with this performer that pay first (0 for types they do not pay). */
  voucherMinutes: z.number().int().nonnegative(),
  actor: LiveActorSchema,
  /**
   * Delivered media the chat may use, ms: free chat the guest's free chat time left, a live preview
   * one preview unit; null (or absent) for a chat paid by the minute.
   */
  allowanceMs: z.number().int().nonnegative().nullable().optional(),
});
export type LiveStartAnswer = z.infer<typeof LiveStartAnswerSchema>;

/**
 * Why a start was refused (the `error.code` of the 4xx answer) and the HTTP status it is answered
 * with: the age check is `RESTRICTED` with `reason` (spec 6: the AVS dialog resolves it); money is
 * `NOT_ENOUGH_MONEY` with modal `not-enough-money` (spec 2: it leads to the payment dialog, then the
 * page sends the same start again). A visitor gets 401 `NOT_LOGGED_IN` before any of these.
 */
export const LIVE_START_REFUSALS = {
  ACTOR_NOT_FOUND: 404,
  ACTOR_BLOCKED_IN_COUNTRY: 403,
  RESTRICTED: 403,
  NOT_ENOUGH_MONEY: 402,
  PERFORMER_OFFLINE: 409,
  CHAT_TYPE_NOT_OFFERED: 409,
  PERFORMER_IN_SINGLE: 409,
  NO_PRIVATE_CHAT_TO_WATCH: 409,
  GUEST_IN_CHAT: 409,
  /** A live preview with no unit left in the hour (exit code 402 "limit hour"). */
  PREVIEW_LIMIT: 429,
  /** A free chat with no free chat time left (exit code 503 "time limit"). */
  FREE_CHAT_USED_UP: 409,
  /** Ticket shows (issue 18): the running show needs a ticket (the body's `show` says which). */
  TICKET_REQUIRED: 403,
  /** No show of the performer runs yet (the body's `show` is the next one). */
  SHOW_NOT_STARTED: 409,
  /** No show of the performer runs now or later. */
  SHOW_NOT_RUNNING: 409,
  /** Another chat while the performer's ticket show runs (exit code 908 live show started). */
  SHOW_RUNNING: 409,
} as const satisfies Partial<Record<ErrorCode, 402 | 403 | 404 | 409 | 429>>;
export type LiveStartRefusalCode = keyof typeof LIVE_START_REFUSALS;
export const LIVE_START_REFUSAL_CODES = Object.keys(LIVE_START_REFUSALS) as [
  LiveStartRefusalCode,
  ...LiveStartRefusalCode[],
];

/** The body of a refused start: the uniform error body plus the spec 8 exit code, the modal and the restriction. */
export const LiveStartRefusalBodySchema = ErrorBodySchema.extend({
  error: ErrorBodySchema.shape.error.extend({
    code: z.enum(LIVE_START_REFUSAL_CODES),
    message: z.string(),
    /**
     * The spec 8 exit code the refusal reports, or null: pre-chat (106 money, 906 host single, 601,
     * 198), a live preview's own set (406 banned, 405 fsk, 498 offline, 407 disabled, 404 single,
     * 402 limit hour), free chat 503 (no free time left).
     */
    exitCode: z.number().int().nullable(),
    /** The spec 2 modal the page opens. */
    modal: z.literal('not-enough-money').nullable(),
    /** With `RESTRICTED`: the spec 6 reason (its dialog resolves it). */
    reason: z.enum(RESTRICTION_REASONS).optional(),
    /** Ticket show refusals: the show concerned (the page offers its ticket). */
    show: z
      .object({
        id: z.number().int().positive(),
        title: z.string(),
        price: PriceSchema,
        startsAt: z.iso.datetime(),
        endsAt: z.iso.datetime(),
      })
      .optional(),
  }),
});
export type LiveStartRefusalBody = z.infer<typeof LiveStartRefusalBodySchema>;

// --- the session as a reload sees it ----------------------------------------------------------------

export const LiveSessionParamsSchema = z.object({ sessionId: LiveSessionIdSchema });

export const LiveMessageSenderSchema = z.enum(['guest', 'performer']);
export const LiveChatMessageSchema = z.object({
  /** Unique per session: a guest message's id is the one its page chose (a resend is stored once). */
  messageId: z.uuid(),
  from: LiveMessageSenderSchema,
  text: z.string(),
  at: z.iso.datetime(),
});
export type LiveChatMessage = z.infer<typeof LiveChatMessageSchema>;

/** The cost meter: minutes charged, what they cost, the balance after (whole coins, rounded down). */
export const LiveMeterSchema = z.object({
  minutes: z.number().int().nonnegative(),
  spent: Coins,
  balance: Coins,
  voucherMinutesUsed: z.number().int().nonnegative(),
  /** Media delivered so far (the page's mm:ss), ms. */
  deliveredMs: z.number().int().nonnegative(),
});
export type LiveMeter = z.infer<typeof LiveMeterSchema>;

/** `GET live/sessions/:sessionId`: only the guest's own session (another's answers 404). */
export const LiveSessionViewSchema = LiveStartAnswerSchema.extend({
  /** The spec 8 code it ended with, once it is ending or ended. */
  exitCode: z.number().int().nullable(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  /** The newest messages (at most LIVE_TRANSCRIPT_LIMIT), oldest first. */
  messages: z.array(LiveChatMessageSchema),
  meter: LiveMeterSchema,
  /** The guest's rating (survey/chatexit), once given. */
  rating: z.enum(['BAD', 'GREAT']).nullable(),
  /** The guest's tips in this chat, oldest first (issue 18; the chat shows them among the messages). */
  tips: z.array(LiveTipSchema).optional(),
});
export type LiveSessionView = z.infer<typeof LiveSessionViewSchema>;

// --- exit, receipt, rating --------------------------------------------------------------------------

/** `POST live/sessions/:sessionId/exit`: the guest ends the chat (default code 100). */
export const LiveExitRequestSchema = z.strictObject({ code: LiveGuestExitCodeSchema.optional() });
export const LiveExitAnswerSchema = z.object({
  sessionId: LiveSessionIdSchema,
  status: LiveSessionStatusSchema,
  exitCode: z.number().int().nullable(),
});

/** One charged minute: index from 0; a partial last minute is charged pro rata (or one voucher unit). */
export const LiveReceiptMinuteSchema = z.object({
  index: z.number().int().nonnegative(),
  partial: z.boolean(),
  paidWith: z.enum(['coins', 'voucher']),
  /**
   * Whole coins such that the lines add up to `totals.price` (each the running total's coins minus the
   * lines before: its exact coins rounded down or up); 0 for a voucher minute.
   */
  price: Coins,
  /** The euro cents the ledger moved (0 for a voucher minute). */
  cents: z.number().int().nonnegative(),
});
export type LiveReceiptMinute = z.infer<typeof LiveReceiptMinuteSchema>;

/** `GET live/sessions/:sessionId/receipt`: every charged minute of the guest's own session. */
export const LiveReceiptSchema = LiveStartAnswerSchema.omit({ voucherMinutes: true }).extend({
  exitCode: z.number().int().nullable(),
  minutes: z.array(LiveReceiptMinuteSchema),
  totals: z.object({
    minutes: z.number().int().nonnegative(),
    voucherMinutes: z.number().int().nonnegative(),
    /** What the chat cost in coins (rounded up once, as chatEnd's price). */
    price: Coins,
    cents: z.number().int().nonnegative(),
  }),
  /** The tips of the chat (issue 18), each in coins; not in `totals`, which are the minutes. */
  tips: z.array(LiveTipSchema).optional(),
});
export type LiveReceipt = z.infer<typeof LiveReceiptSchema>;

/** Spec 8 survey ratings. */
export const CHAT_RATINGS = ['BAD', 'GREAT'] as const;
export const ChatRatingSchema = z.enum(CHAT_RATINGS);
export type ChatRating = z.infer<typeof ChatRatingSchema>;

/**
 * `POST survey/chatexit` (spec 7; spec 8 ratings BAD, GREAT): the guest rates an ended chat of their
 * own; `chatId` is chatEnd's `chatId` (the live session id). Rating again replaces the rating.
 */
export const ChatExitSurveyRequestSchema = z.strictObject({
  chatId: LiveSessionIdSchema,
  rating: ChatRatingSchema,
});
export type ChatExitSurveyRequest = z.infer<typeof ChatExitSurveyRequestSchema>;
export const ChatExitSurveyAnswerSchema = z.object({ chatId: LiveSessionIdSchema, rating: ChatRatingSchema });

// --- free preview and free chat offers ----------------------------------------------------------------

/**
 * A guest's live preview allowance (spec 6 "live preview limit 5 units (20 VIP)"): one unit is one
 * preview whose first frame arrived, of at most `unitMs`; units count over the rolling hour.
 */
export const LivePreviewAllowanceSchema = z.object({
  unitsLimit: z.number().int().nonnegative(),
  unitsUsed: z.number().int().nonnegative(),
  unitsLeft: z.number().int().nonnegative(),
  /** Length of one unit (the longest look), ms. */
  unitMs: z.number().int().positive(),
  /** When the oldest unit of the hour frees up again (null: none used). */
  nextUnitAt: z.iso.datetime().nullable(),
  /** The guest declined the offer (free preview decline): the offer modal stays closed until then. */
  declinedUntil: z.iso.datetime().nullable(),
});
export type LivePreviewAllowance = z.infer<typeof LivePreviewAllowanceSchema>;

/** Spec 3 Guest "free chat durations" / spec 7 "free chat duration": the guest's free chat time. */
export const FreeChatDurationSchema = z.object({
  /** Free chat time left today (UTC day), ms. */
  msLeft: z.number().int().nonnegative(),
  /** Free chat time every day brings, ms (LIVE_FREE_CHAT_MS_PER_DAY). */
  msPerDay: z.number().int().nonnegative(),
  /** When the time is renewed (next UTC midnight). */
  renewsAt: z.iso.datetime(),
});
export type FreeChatDuration = z.infer<typeof FreeChatDurationSchema>;

/** Why a free chat type cannot start with this performer now (the start's refusal), or null: it can. */
export const LiveOfferRefusalSchema = z
  .object({ code: z.string(), exitCode: z.number().int().nullable() })
  .nullable();

/**
 * `GET live/offers/:actorId`: what the live-show tab offers for free (logged-in guest): a free
 * preview when the performer has `isLivePreviewEnabled`, a free chat when it has `freeChat`; each
 * null when the performer does not offer it.
 */
export const LiveOffersSchema = z.object({
  actorId: ActorId,
  preview: z.object({ allowance: LivePreviewAllowanceSchema, refusal: LiveOfferRefusalSchema }).nullable(),
  freeChat: z.object({ duration: FreeChatDurationSchema, refusal: LiveOfferRefusalSchema }).nullable(),
});
export type LiveOffers = z.infer<typeof LiveOffersSchema>;
export const LiveOffersParamsSchema = z.object({ actorId: z.coerce.number().pipe(ActorId) });

/** `POST live/preview/decline` (spec 7 "free preview decline"): the offer modal stays closed 15 minutes. */
export const LivePreviewDeclineRequestSchema = z.strictObject({});

// --- what a performer offers now (the live page's start area) ---------------------------------------

export const LiveActorParamsSchema = z.object({ actorId: z.coerce.number().pipe(ActorId) });

/** One paid chat type the performer offers now and what a minute of it costs (spec 3 actor prices, in coins). */
export const LiveChatTypeOfferSchema = z.object({
  type: z.enum(LIVE_PAID_CHAT_TYPES),
  pricePerMinute: Coins,
  /** The guest's camera goes to the performer (video call: cam2cam). */
  guestCamera: z.boolean(),
});
export type LiveChatTypeOffer = z.infer<typeof LiveChatTypeOfferSchema>;

/**
 * `GET live/actors/:actorId/chat-types`: the paid chat types a start would not be refused for on the
 * performer's side (online, the type's actor flag, single or not: domain `chatOffers`), in the page's
 * order. Public data of the performer, the same for every caller; it changes with the performer's
 * chats, so the page reads it after hydration instead of from the shared render.
 */
export const LiveActorChatTypesSchema = z.object({
  actorId: ActorId,
  isOnline: z.boolean(),
  /** The performer is in a livechat or video call with a guest (only a voyeur private chat is open). */
  performerInSingle: z.boolean(),
  offers: z.array(LiveChatTypeOfferSchema),
});
export type LiveActorChatTypes = z.infer<typeof LiveActorChatTypesSchema>;

export const liveEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: 'live/start',
    /** Spec 7's language parameter: the performer side answers the guest in it (the simulator's replies). */
    query: z.object({ lang: LanguageSchema.optional() }),
    body: LiveStartRequestSchema,
    response: LiveStartAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'IDEMPOTENCY_KEY_REUSED', ...LIVE_START_REFUSAL_CODES],
  }),
  chatTypes: defineEndpoint({
    method: 'GET',
    path: 'live/actors/:actorId/chat-types',
    params: LiveActorParamsSchema,
    response: LiveActorChatTypesSchema,
    errors: ['ACTOR_NOT_FOUND'],
  }),
  session: defineEndpoint({
    method: 'GET',
    path: 'live/sessions/:sessionId',
    params: LiveSessionParamsSchema,
    response: LiveSessionViewSchema,
    errors: ['NOT_LOGGED_IN', 'LIVE_SESSION_NOT_FOUND'],
  }),
  exit: defineEndpoint({
    method: 'POST',
    path: 'live/sessions/:sessionId/exit',
    params: LiveSessionParamsSchema,
    body: LiveExitRequestSchema,
    response: LiveExitAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'LIVE_SESSION_NOT_FOUND'],
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: 'live/sessions/:sessionId/receipt',
    params: LiveSessionParamsSchema,
    response: LiveReceiptSchema,
    errors: ['NOT_LOGGED_IN', 'LIVE_SESSION_NOT_FOUND'],
  }),
  offers: defineEndpoint({
    method: 'GET',
    path: 'live/offers/:actorId',
    params: LiveOffersParamsSchema,
    response: LiveOffersSchema,
    errors: ['NOT_LOGGED_IN', 'ACTOR_NOT_FOUND'],
  }),
  previewDecline: defineEndpoint({
    method: 'POST',
    path: 'live/preview/decline',
    body: LivePreviewDeclineRequestSchema,
    response: LivePreviewAllowanceSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  chatExitSurvey: defineEndpoint({
    method: 'POST',
    path: 'survey/chatexit',
    body: ChatExitSurveyRequestSchema,
    response: ChatExitSurveyAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'LIVE_SESSION_NOT_FOUND', 'LIVE_SESSION_NOT_ENDED'],
  }),
};

// --- socket field shapes (socket.ts builds the messages) ---------------------------------------------

export const LiveSdpSchema = z.string().min(1).max(LIVE_SDP_MAX_BYTES);
/** A chat message as the guest writes it: trimmed, 1–500 characters (control characters are refused at the socket). */
export const LiveMessageTextSchema = z.string().trim().min(1).max(LIVE_MESSAGE_MAX_CHARS);
export const LiveIceCandidateSchema = z.strictObject({
  candidate: z.string().max(1024),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(16).nullable().optional(),
});
export type LiveIceCandidate = z.infer<typeof LiveIceCandidateSchema>;

/** Browser → server (socket.ts `out(type, shape)`). */
export const LIVE_CLIENT_SHAPES = {
  /** The page shows the session (first load or after a reload): the server sends a new `liveOffer`. */
  liveJoin: { sessionId: LiveSessionIdSchema },
  /** The page's answer to `liveOffer` `offerId`. */
  liveAnswer: { sessionId: LiveSessionIdSchema, offerId: z.uuid(), sdp: LiveSdpSchema },
  liveIceCandidate: { sessionId: LiveSessionIdSchema, offerId: z.uuid(), candidate: LiveIceCandidateSchema },
  /** Cam2cam (video call): the guest camera's offer (VP8 only); answered with `livePublishAnswer`. */
  livePublishOffer: { sessionId: LiveSessionIdSchema, sdp: LiveSdpSchema },
  /** The page decoded the first frame of `offerId` (billing needs this and the server's transport state). */
  liveMediaUp: { sessionId: LiveSessionIdSchema, offerId: z.uuid() },
  /** `messageId` is chosen by the page; a resend with the same id is stored and relayed once. */
  liveMessage: { sessionId: LiveSessionIdSchema, messageId: z.uuid(), text: LiveMessageTextSchema },
  liveExit: { sessionId: LiveSessionIdSchema, code: LiveGuestExitCodeSchema.optional() },
} as const;

/** Server → every open page of the guest (socket.ts `msg(type, shape)`, on `guest:<id>`). */
export const LIVE_EVENT_SHAPES = {
  /** The viewer's offer (a new one after every `liveJoin`); answer it with `liveAnswer` and `offerId`. */
  liveOffer: { sessionId: LiveSessionIdSchema, offerId: z.uuid(), sdp: z.string() },
  /** A server-side ICE candidate (the offers are complete today, so none is sent). */
  liveIceCandidate: { sessionId: LiveSessionIdSchema, offerId: z.uuid(), candidate: LiveIceCandidateSchema },
  livePublishAnswer: { sessionId: LiveSessionIdSchema, sdp: z.string() },
  /** The session's status changed (accepted, media up, ending). */
  liveState: {
    sessionId: LiveSessionIdSchema,
    status: LiveSessionStatusSchema,
    exitCode: z.number().int().nullable(),
  },
  liveMessage: { sessionId: LiveSessionIdSchema, ...LiveChatMessageSchema.shape },
  /** The session ended with this spec 8 code (before the last minute is settled; `chatEnd` follows). */
  liveEnded: { sessionId: LiveSessionIdSchema, exitCode: z.number().int() },
} as const;

/**
 * Why an SDP is refused, or null: at most LIVE_SDP_MAX_BYTES, exactly one media section, a video
 * one, carrying VP8 (and rtx for it) only.
 */
export function liveSdpProblem(sdp: string): string | null {
  if (new TextEncoder().encode(sdp).length > LIVE_SDP_MAX_BYTES) return 'the SDP is larger than 16 KB';
  if (!sdp.startsWith('v=0')) return 'not an SDP (it starts with v=0)';
  const lines = sdp.split(/\r?\n/);
  const media = lines.filter((line) => line.startsWith('m='));
  if (media.length !== 1 || !media[0]?.startsWith('m=video ')) return 'one video media section only';
  const codecs = lines
    .filter((line) => line.startsWith('a=rtpmap:'))
    .map((line) => /^a=rtpmap:\d+ ([^/\s]+)/.exec(line)?.[1]?.toUpperCase() ?? '');
  if (!codecs.includes('VP8')) return 'VP8 is missing';
  if (codecs.some((codec) => codec !== 'VP8' && codec !== 'RTX')) return 'VP8 only';
  return null;
}

/**
 * The performer API (issue 16, decision 0038 part 7): what a performer app (and the demo's activity
 * simulator) calls under `/rest/v1/performer/`. Not a guest call and not the operator API: every call
 * carries the performer's own token in the header `X-Performer-Token` (`<actorId>.<signature>`, the
 * signature an HMAC-SHA256 of the actor id under the deployment's PERFORMER_API_SECRET; see
 * docs/PERFORMER-API.md). The token names the actor, so no path names one: a performer acts only as
 * itself, and a session of another performer is unknown to it (404).
 *
 * Refusals: no token 401 UNAUTHORIZED, a wrong one 403 FORBIDDEN, an unknown (or another performer's)
 * session 404 NOT_FOUND, an action the session's state does not allow (accepting a running chat,
 * writing before the video runs, anything after the end) 409 CONFLICT, a session whose billing runs on
 * another server node 503 SERVICE_UNAVAILABLE (retry).
 */
import { z } from 'zod';
import { LanguageSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** The header of the performer's token. */
export const PERFORMER_TOKEN_HEADER = 'x-performer-token';

/** Longest chat message (the guest's limit too, decision 0038 part 3). */
export const PERFORMER_MESSAGE_MAX = 500;

/** Longest SDP offer of the broadcast page (decision 0038 part 3: 16 KB). */
export const PERFORMER_SDP_MAX = 16 * 1024;

/** How long `inbox` may wait for news (long poll). */
export const PERFORMER_INBOX_MAX_WAIT_MS = 25_000;

const SessionParamsSchema = z.strictObject({ sessionId: z.uuid() });

/** A chat of the performer as the desk knows it: asked for (`requested`) or accepted and live. */
export const PerformerChatSchema = z.object({
  sessionId: z.uuid(),
  /** The guest's screen name. */
  guestName: z.string(),
  /** The guest's page language: answer in it. */
  language: LanguageSchema,
  /** The chat type (packages/domain chat-types.ts). */
  type: z.string(),
  /** `requested` waits for accept or decline; `accepted` is live. */
  state: z.enum(['requested', 'accepted']),
  requestedAt: z.string(),
});
export type PerformerChat = z.infer<typeof PerformerChatSchema>;

/** What happened for the performer, in order (`seq` grows by one per event of this performer). */
export const PerformerEventSchema = z.discriminatedUnion('type', [
  z.object({
    seq: z.number().int(),
    at: z.string(),
    type: z.literal('chatRequest'),
    chat: PerformerChatSchema,
  }),
  z.object({
    seq: z.number().int(),
    at: z.string(),
    type: z.literal('guestMessage'),
    sessionId: z.uuid(),
    text: z.string(),
  }),
  z.object({
    seq: z.number().int(),
    at: z.string(),
    type: z.literal('chatEnded'),
    sessionId: z.uuid(),
    /** The spec 8 exit code. */
    exitCode: z.number().int(),
  }),
  // In-session interaction (issue 18, contracts live-interaction.ts).
  z.object({
    seq: z.number().int(),
    at: z.string(),
    type: z.literal('guestTip'),
    sessionId: z.uuid(),
    amountCoins: z.number().int(),
    guestName: z.string(),
  }),
  z.object({
    seq: z.number().int(),
    at: z.string(),
    type: z.literal('toyAction'),
    sessionId: z.uuid(),
    level: z.number().int(),
    durationMs: z.number().int(),
    guestName: z.string(),
  }),
  z.object({
    seq: z.number().int(),
    at: z.string(),
    type: z.literal('liveReaction'),
    sessionId: z.uuid(),
    reaction: z.string(),
  }),
]);
export type PerformerEvent = z.infer<typeof PerformerEventSchema>;

/** A session after a performer's action: its status and, once it ended, the spec 8 exit code. */
export const PerformerSessionAnswerSchema = z.object({
  sessionId: z.uuid(),
  status: z.enum(['requested', 'starting', 'running', 'ending', 'ended']),
  exitCode: z.number().int().nullable(),
});

const sessionAction = <const P extends string>(path: P) =>
  defineEndpoint({
    method: 'POST',
    path,
    params: SessionParamsSchema,
    response: PerformerSessionAnswerSchema,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
  });

export const performerEndpoints = {
  /**
   * The performer comes online or goes offline (the catalog's online flag, presence events). Going
   * offline ends the performer's live chats: a running one with 203, one still asked for with 198.
   */
  presence: defineEndpoint({
    method: 'POST',
    path: 'performer/presence',
    body: z.strictObject({ online: z.boolean() }),
    response: z.object({
      actorId: z.number().int(),
      online: z.boolean(),
      changed: z.boolean(),
      chatsEnded: z.number().int(),
    }),
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
  }),
  /**
   * The performer's chats (requests waiting for an answer, accepted ones) and the events after
   * `after` (the `cursor` of the previous answer; 0 at first). With `waitMs` the call waits up to
   * that long for a first new event (long poll) and answers at once when one is there.
   */
  inbox: defineEndpoint({
    method: 'GET',
    path: 'performer/inbox',
    query: z.object({
      after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
      waitMs: z.coerce.number().int().min(0).max(PERFORMER_INBOX_MAX_WAIT_MS).default(0),
    }),
    response: z.object({
      actorId: z.number().int(),
      /** The `after` of the next call. */
      cursor: z.number().int(),
      chats: z.array(PerformerChatSchema),
      events: z.array(PerformerEventSchema),
    }),
    errors: ['UNAUTHORIZED', 'FORBIDDEN'],
  }),
  /** Accepts a chat request: the video starts. */
  accept: sessionAction('performer/sessions/:sessionId/accept'),
  /** Declines a chat request: the session ends with 201. */
  decline: sessionAction('performer/sessions/:sessionId/decline'),
  /** Ends a chat (kick): 201; the current minute is not charged. */
  kick: sessionAction('performer/sessions/:sessionId/kick'),
  /** Stops sending (the performer's camera off for this chat): 202. */
  stopSend: sessionAction('performer/sessions/:sessionId/stop'),
  /**
   * The broadcast page's camera: the browser's complete SDP offer (non-trickle, VP8 video) becomes the
   * performer's source, which every viewer of the performer then sees instead of the test pattern.
   * Only with a media path (else 404).
   */
  broadcast: defineEndpoint({
    method: 'POST',
    path: 'performer/broadcast',
    body: z.strictObject({ sdp: z.string().min(1).max(PERFORMER_SDP_MAX) }),
    response: z.object({ answerSdp: z.string() }),
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'INVALID_SDP', 'SERVICE_UNAVAILABLE'],
  }),
  /**
   * Cam2cam, the performer's side: an offer (complete SDP, receive-only VP8 video) that receives the
   * guest's camera of this session, while the chat is starting or running. 409 CONFLICT before the
   * guest published a camera. Only with a media path.
   */
  guestCamera: defineEndpoint({
    method: 'POST',
    path: 'performer/sessions/:sessionId/guest-camera',
    params: SessionParamsSchema,
    response: z.object({ offerSdp: z.string() }),
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
  }),
  /** The performer's browser's answer to `guestCamera`'s offer. */
  guestCameraAnswer: defineEndpoint({
    method: 'POST',
    path: 'performer/sessions/:sessionId/guest-camera/answer',
    params: SessionParamsSchema,
    body: z.strictObject({ sdp: z.string().min(1).max(PERFORMER_SDP_MAX) }),
    response: z.object({ sessionId: z.uuid() }),
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_SDP', 'SERVICE_UNAVAILABLE'],
  }),
  /** A message to the guest of a running chat (1–500 characters after trimming). */
  message: defineEndpoint({
    method: 'POST',
    path: 'performer/sessions/:sessionId/messages',
    params: SessionParamsSchema,
    body: z.strictObject({ text: z.string().trim().min(1).max(PERFORMER_MESSAGE_MAX) }),
    response: PerformerSessionAnswerSchema,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
  }),
};

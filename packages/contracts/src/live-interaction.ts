/**
 * In-session interaction (issue 18 deliverable 2, decision 0052): tips, live reactions and toy
 * control. Tips and toy actions are REST calls of the guest's own running session (their refusals are
 * 4xx with a code: 402 NOT_ENOUGH_MONEY, 404 LIVE_SESSION_NOT_FOUND, 409 LIVE_SESSION_NOT_ACTIVE,
 * 409 TOY_NOT_AVAILABLE); what they did reaches every open page of the guest (`liveTip`, `toyAction`)
 * and the performer (performer API events). Reactions go over the socket (`sendLiveReaction`) and
 * reach the performer and every viewer of the performer's public show (`liveReaction`). The toy's
 * live state is `toyState` on the guest's pages and `GET performer/toy` for the performer page.
 */
import { LIVE_REACTIONS, TIP_MAX_COINS, TIP_MIN_COINS } from '@vela/domain/tips';
import { TOY_PRESET_NAMES, type ToyPreset } from '@vela/domain/toy-control';
import { z } from 'zod';
import { PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

const SessionId = z.uuid();
const ActorId = z
  .int()
  .positive()
  .max(2 ** 31 - 1);
const SessionParams = z.object({ sessionId: SessionId });

export const LiveReactionSchema = z.enum(LIVE_REACTIONS);
export const ToyPresetSchema = z.enum(TOY_PRESET_NAMES as [ToyPreset, ...ToyPreset[]]);

/** `POST live/sessions/:sessionId/tips`: spec 5 "tip sent in coins"; the same `tipId` is one tip. */
export const LiveTipRequestSchema = z.strictObject({
  tipId: z.uuid(),
  amountCoins: z.int().min(TIP_MIN_COINS).max(TIP_MAX_COINS),
});
export const LiveTipSchema = z.object({
  sessionId: SessionId,
  tipId: z.uuid(),
  amountCoins: z.int().positive(),
  at: z.iso.datetime(),
});
export type LiveTip = z.infer<typeof LiveTipSchema>;

/** A toy's state: idle, or vibrating at `level` until `until`. */
export const ToyStateSchema = z.object({
  actorId: ActorId,
  status: z.enum(['idle', 'vibrating']),
  level: z.int().min(0).max(20),
  until: z.iso.datetime().nullable(),
});
export type ToyStateView = z.infer<typeof ToyStateSchema>;

/** `GET live/toys/:actorId`: does the performer have a toy, its state, the presets and their prices. */
export const ToyOfferSchema = z.object({
  available: z.boolean(),
  state: ToyStateSchema,
  presets: z.array(
    z.object({ preset: ToyPresetSchema, level: z.int(), durationMs: z.int(), price: PriceSchema }),
  ),
});
export type ToyOffer = z.infer<typeof ToyOfferSchema>;

/** `POST live/sessions/:sessionId/toy`: a paid toy action in the guest's running chat. */
export const ToyActionRequestSchema = z.strictObject({ actionId: z.uuid(), preset: ToyPresetSchema });
export const ToyActionSchema = z.object({
  sessionId: SessionId,
  actionId: z.uuid(),
  preset: ToyPresetSchema,
  level: z.int(),
  durationMs: z.int(),
  price: PriceSchema,
  /** `done`: the toy took the command; `refunded`: it did not, the money went back. */
  status: z.enum(['done', 'refunded']),
  at: z.iso.datetime(),
});
export type ToyAction = z.infer<typeof ToyActionSchema>;

export const liveInteractionEndpoints = {
  tip: defineEndpoint({
    method: 'POST',
    path: 'live/sessions/:sessionId/tips',
    params: SessionParams,
    body: LiveTipRequestSchema,
    response: LiveTipSchema,
    errors: [
      'NOT_LOGGED_IN',
      'LIVE_SESSION_NOT_FOUND',
      'LIVE_SESSION_NOT_ACTIVE',
      'NOT_ENOUGH_MONEY',
      'IDEMPOTENCY_KEY_REUSED',
    ],
  }),
  toyOffer: defineEndpoint({
    method: 'GET',
    path: 'live/toys/:actorId',
    params: z.object({ actorId: z.coerce.number().pipe(ActorId) }),
    response: ToyOfferSchema,
    errors: [],
  }),
  toyAction: defineEndpoint({
    method: 'POST',
    path: 'live/sessions/:sessionId/toy',
    params: SessionParams,
    body: ToyActionRequestSchema,
    response: ToyActionSchema,
    errors: [
      'NOT_LOGGED_IN',
      'LIVE_SESSION_NOT_FOUND',
      'LIVE_SESSION_NOT_ACTIVE',
      'NOT_ENOUGH_MONEY',
      'TOY_NOT_AVAILABLE',
      'IDEMPOTENCY_KEY_REUSED',
    ],
  }),
};

/** `GET performer/toy` (performer token): the performer's toy, its live state and the latest actions. */
export const PerformerToySchema = z.object({
  available: z.boolean(),
  state: ToyStateSchema,
  actions: z.array(
    z.object({
      preset: ToyPresetSchema,
      level: z.int(),
      durationMs: z.int(),
      status: z.enum(['done', 'refunded']),
      at: z.iso.datetime(),
    }),
  ),
});
export const performerToyEndpoints = {
  toy: defineEndpoint({
    method: 'GET',
    path: 'performer/toy',
    response: PerformerToySchema,
    errors: ['UNAUTHORIZED', 'FORBIDDEN'],
  }),
};

/** Browser → server (socket.ts `out`). */
export const LIVE_INTERACTION_CLIENT_SHAPES = {
  /** A reaction in the guest's running public show (rate-limited per guest). */
  sendLiveReaction: { sessionId: SessionId, reaction: LiveReactionSchema },
} as const;

/** Server → the guest's pages (socket.ts `msg`). */
export const LIVE_INTERACTION_EVENT_SHAPES = {
  /** Spec 7 `liveReaction`: a viewer of this performer's public show reacted. */
  liveReaction: { actorId: ActorId, reaction: LiveReactionSchema, at: z.iso.datetime() },
  /** The guest tipped (every page of the guest shows it in the chat). */
  liveTip: LiveTipSchema.shape,
  /** The guest's toy action and what came of it. */
  toyAction: ToyActionSchema.shape,
  /** The performer's toy changed (a command began, or it went idle). */
  toyState: ToyStateSchema.shape,
} as const;

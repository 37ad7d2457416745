/**
 * Special live events (issue 18 deliverable 2, decision 0053): clash of cams voting (spec 2 "clash of
 * cams", spec 7 `clashOfCamsVoting`) and the free show (spec 4 "free show start/stop").
 *
 * - A clash is two online performers for a few minutes; the operator starts it (`POST
 *   internal/clashes`). A logged-in guest has one free vote per clash (`POST clashes/:clashId/vote`;
 *   a second one is 409 ALREADY_VOTED and the first stands). `GET clashes/current?actorId=` is what a
 *   page of either performer shows on load; every vote and the end reach every open page as
 *   `clashOfCamsVoting` (the page keeps the clash of the performer it shows).
 * - A performer starts and stops a free show (`POST performer/freeShow {running}`); every page hears
 *   `freeShowStart` / `freeShowStop`. While it runs a live show of that performer costs nothing; when it
 *   stops, the free viewers' chats end (exit code 202 "stop send"): nobody turns paid without choosing.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

const ActorId = z
  .int()
  .positive()
  .max(2 ** 31 - 1);
const ClashId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Longest clash, in minutes (an operator typo of hours is refused). */
export const CLASH_MAX_MINUTES = 60;

/** One side of a clash: the performer and the votes so far. */
export const ClashSideSchema = z.object({
  actorId: ActorId,
  actorName: z.string(),
  votes: z.int().nonnegative(),
});

/** A clash of cams and its totals; `ended` once the voting window closed (the totals are final). */
export const ClashViewSchema = z.object({
  clashId: z.int().positive(),
  actors: z.array(ClashSideSchema).length(2),
  endsAt: z.iso.datetime(),
  ended: z.boolean(),
});
export type ClashView = z.infer<typeof ClashViewSchema>;

export const clashEndpoints = {
  /** The running clash (or the last one, just ended) of a performer; `clash` null when none. */
  current: defineEndpoint({
    method: 'GET',
    path: 'clashes/current',
    query: z.object({ actorId: z.coerce.number().pipe(ActorId) }),
    response: z.object({
      clash: ClashViewSchema.nullable(),
      /** The performer the asking guest voted for in it (null: no vote yet, or a visitor). */
      votedFor: ActorId.nullable(),
    }),
    errors: [],
  }),
  /** A logged-in guest's one free vote. */
  vote: defineEndpoint({
    method: 'POST',
    path: 'clashes/:clashId/vote',
    params: z.object({ clashId: ClashId }),
    body: z.strictObject({ actorId: ActorId }),
    response: ClashViewSchema,
    errors: ['NOT_LOGGED_IN', 'CLASH_NOT_FOUND', 'CLASH_WRONG_ACTOR', 'CLASH_ENDED', 'ALREADY_VOTED'],
  }),
} as const;

/** Operator (internal API): starts a clash of two online performers now, for `minutes`. */
export const clashOperatorEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: 'clashes',
    body: z.strictObject({
      actorIds: z.tuple([ActorId, ActorId]).refine(([a, b]) => a !== b, 'two different performers'),
      minutes: z.int().min(1).max(CLASH_MAX_MINUTES),
    }),
    response: ClashViewSchema,
    status: 201,
    errors: ['NOT_FOUND', 'PERFORMER_OFFLINE', 'CLASH_RUNNING'],
  }),
} as const;

/** The free show's state of a performer. */
export const FreeShowSchema = z.object({
  actorId: ActorId,
  running: z.boolean(),
  since: z.iso.datetime().nullable(),
});

export const freeShowEndpoints = {
  /** Performer API (performer token): starts or stops the performer's free show. */
  set: defineEndpoint({
    method: 'POST',
    path: 'performer/freeShow',
    body: z.strictObject({ running: z.boolean() }),
    response: FreeShowSchema,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'PERFORMER_OFFLINE'],
  }),
  /** Public: does the performer's free show run now (the live-show tab on load). */
  state: defineEndpoint({
    method: 'GET',
    path: 'live/free-shows/:actorId',
    params: z.object({ actorId: z.coerce.number().pipe(ActorId) }),
    response: FreeShowSchema,
    errors: [],
  }),
} as const;

/** Server → every socket, visitors' too (the presence channel; socket.ts `BroadcastMessageSchema`). */
export const LIVE_BROADCAST_SHAPES = {
  /** Spec 7 `clashOfCamsVoting`: a clash's totals after a vote, and once more at its end. */
  clashOfCamsVoting: ClashViewSchema.shape,
  /** Spec 4: a performer's free show started. */
  freeShowStart: { actorId: ActorId },
  /** Spec 4: a performer's free show stopped. */
  freeShowStop: { actorId: ActorId },
} as const;

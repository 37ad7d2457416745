/**
 * The show side of ticket shows (issue 18): the performer API's calls to schedule a cam show and to
 * invite a guest (spec 7 `privateTicketShowInvitation`), and the operator's show clock call. The
 * guest joins a running show with `live/start` type `ticket-show` (live.ts); the refusals
 * (TICKET_REQUIRED, SHOW_NOT_STARTED, SHOW_NOT_RUNNING, SHOW_RUNNING) carry the show concerned.
 */
import { z } from 'zod';
import { PriceSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const SHOW_TITLE_MAX = 120;
export const SHOW_DESCRIPTION_MAX = 2000;
/** Longest show (a scheduling mistake should not block a performer for days). */
export const SHOW_MAX_DURATION_MS = 12 * 60 * 60 * 1000;
/** Highest ticket price, cents. */
export const SHOW_MAX_PRICE_CENTS = 100_000;

export const ScheduleShowBodySchema = z
  .strictObject({
    title: z.string().trim().min(1).max(SHOW_TITLE_MAX),
    description: z.string().trim().max(SHOW_DESCRIPTION_MAX).default(''),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    /** The ticket price in euro cents (0: a free show, tickets still needed). */
    priceCents: z.number().int().min(0).max(SHOW_MAX_PRICE_CENTS),
    isFeatured: z.boolean().default(false),
    isInternal: z.boolean().default(false),
    bonusCode: z.string().trim().min(1).max(40).nullable().default(null),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  })
  .refine((body) => Date.parse(body.endsAt) - Date.parse(body.startsAt) <= SHOW_MAX_DURATION_MS, {
    message: 'A show lasts at most 12 hours',
    path: ['endsAt'],
  });
export type ScheduleShowBody = z.infer<typeof ScheduleShowBodySchema>;

export const ScheduledShowSchema = z.object({
  id: z.number().int().positive(),
  actorId: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  price: PriceSchema,
  isFree: z.boolean(),
  isFeatured: z.boolean(),
  isInternal: z.boolean(),
});
export type ScheduledShow = z.infer<typeof ScheduledShowSchema>;

/**
 * The performer's show as the live-show tab sees it now (by the show clock): the running one (with
 * whether the caller holds its ticket: "Join the show" or "Ticket needed"), else the next one.
 */
export const ActorShowStateSchema = z.object({
  running: z
    .object({
      show: z.object({ id: z.number().int(), title: z.string(), endsAt: z.iso.datetime() }),
      hasTicket: z.boolean(),
    })
    .nullable(),
  next: z.object({ id: z.number().int(), title: z.string(), startsAt: z.iso.datetime() }).nullable(),
});
export type ActorShowState = z.infer<typeof ActorShowStateSchema>;

export const showEndpoints = {
  /** The live-show tab: the performer's running (or next) show and the caller's ticket; per caller. */
  state: defineEndpoint({
    method: 'GET',
    path: 'live/actors/:actorId/show',
    params: z.strictObject({
      actorId: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    }),
    response: ActorShowStateSchema,
    errors: [],
  }),
  /** The performer schedules a cam show (performer API; X-Performer-Token). */
  schedule: defineEndpoint({
    method: 'POST',
    path: 'performer/shows',
    body: ScheduleShowBodySchema,
    response: ScheduledShowSchema,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
  }),
  /**
   * The performer invites a guest to its show (spec 7 `privateTicketShowInvitation` on every open
   * page of the guest): only a guest who holds a ticket for the performer's running or next show,
   * or who is in a chat with the performer; anyone else is 404 (no guest ids are probed).
   */
  invite: defineEndpoint({
    method: 'POST',
    path: 'performer/invitations',
    body: z.strictObject({ guestId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    response: z.object({ invited: z.literal(true) }),
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
  }),
  /** Operator: moves the show clock (only with SHOW_CLOCK_ADJUSTABLE; else 404). */
  shiftClock: defineEndpoint({
    method: 'POST',
    path: 'show-clock',
    body: z.strictObject({ shiftMs: z.number().int().min(-86_400_000).max(86_400_000) }),
    response: z.object({ offsetMs: z.number().int(), now: z.iso.datetime() }),
    errors: ['NOT_FOUND'],
  }),
} as const;

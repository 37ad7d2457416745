/**
 * The live chat use cases (issue 16, decision 0038): start a paid chat, feed a session the events of
 * its outside world, end it. The rules are the engine's (packages/domain chat-session.ts); this
 * service gathers its inputs through the owners' ports (the guest from the guests module, the balance
 * from the wallet, the actor's chat data from the catalog), lets the database decide the races of a
 * start (one exclusive chat per performer, one paid chat per guest), and hands the session to this
 * node's billing loop (live.loop.ts).
 *
 * The guest's chat-minute vouchers with the performer (promotions' port) pay first: the session opens
 * with them, and a usable voucher minute is enough to start (spec 8). A start's idempotency key
 * (per guest) answers the session it started, however often it is sent.
 *
 * Signaling (decision 0038 part 3): every answer, candidate, camera offer, media-up and message of a
 * guest passes ONE check, `mayMedia` (the guest's own session, starting or running, not past the
 * time its funds or allowance pay for), else `LIVE_SESSION_NOT_ACTIVE` and nothing is forwarded.
 * SDPs are checked before the media port sees them (`liveSdpProblem`: 16 KB, one video m-line, VP8).
 *
 * Reads for the guest (the session view, the receipt, the rating) answer only the guest's own
 * session: another guest's is the same 404 as one that does not exist.
 *
 * Free chat and live previews (decision 0038 part 9) start through the same `start`: a preview's
 * allowance is one preview unit (`previewUnitMs` of delivered media); the units a guest used in the
 * last hour are the `live_preview_units` rows (one per preview whose first frame arrived), against
 * 5, or 20 for a VIP (the subscriptions module answers `isVip`). A free chat's allowance is the
 * guest's free chat time left today (`freeChatMsPerDay` minus the day's `live_free_chat_uses`);
 * neither moves money (price 0: the engine emits no charge).
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '@vela/contracts/common';
import {
  type ChatRating,
  LIVE_PAID_CHAT_TYPES,
  LIVE_PREVIEW_DECLINE_MS,
  LIVE_TRANSCRIPT_LIMIT,
  liveSdpProblem,
} from '@vela/contracts/live';
import type { LiveTip } from '@vela/contracts/live-interaction';
import { chatOffers } from '@vela/domain/chat-offers';
import {
  type ChatSessionEffect,
  type ChatSessionEvent,
  type ChatSessionSettings,
  type ChatSessionState,
  type ChatStartInput,
  type ChatStartRefusalCode,
  decideChatStart,
  fundedMs,
  openChatSession,
  PREVIEW_WINDOW_MS,
} from '@vela/domain/chat-session';
import { CHAT_TYPE_RULES, type ChatType } from '@vela/domain/chat-types';
import { livePreviewLimit, type RestrictionReason, VISITOR } from '@vela/domain/restrictions';
import type { TicketShowRefusal } from '@vela/domain/ticket-show';
import { snapshotOf } from '../../http/age-gate.ts';
import { AppError } from '../../http/errors.ts';
import { uniqueViolation } from '../../infra/db-errors.ts';
import type { ActorForChat } from '../catalog/actor-chat.ts';
import type { FeatureModuleDeps } from '../feature-module.ts';
import type { ChatRatingWrites } from '../performers/chat-ratings.ts';
import type { LiveLoop, LiveVouchers } from './live.loop.ts';
import { stepOf, utcDayOf } from './live.loop.ts';
import type { LiveNodeCommand, LiveNodeMessage, RevokeCause } from './live.relay.ts';
import {
  ACTOR_EXCLUSIVE_INDEX,
  GUEST_LIVE_INDEX,
  GUEST_PREVIEW_INDEX,
  LIVE_STATUSES,
  type LiveRepository,
  type LiveSessionRow,
} from './live.repository.ts';
import type { LiveSignaling } from './live.signaling.ts';
import type { IceCandidateInit } from './media/live-media.ts';
import type { PerformerDesk } from './performer-desk.ts';
import type { ShowAdmission, ShowOffer } from './show-admission.ts';

/** The chat types paid by the minute. */
export type PaidChatType = Exclude<ChatType, 'free-chat' | 'live-preview' | 'ticket-show'>;

export interface LiveStartRequest {
  guestId: number;
  actorId: number;
  type: ChatType;
  /** The caller's country (ISO alpha-2), or null when unknown. */
  country: string | null;
  /** The guest's page language (spec 7's `lang`): the performer answers in it. */
  language?: Language;
  /** The guest's idempotency key: the same key answers the session it started. */
  idempotencyKey?: string;
}

export type LiveStartRefusalCode =
  | ChatStartRefusalCode
  | TicketShowRefusal
  | 'ACTOR_NOT_FOUND'
  | 'GUEST_IN_CHAT';

export interface LiveStarted {
  ok: true;
  sessionId: string;
  type: ChatType;
  status: ChatSessionState['status'];
  pricePerMinuteCents: number;
  voucherMinutes: number;
  actor: { id: number; name: string };
  /** Free chat time or one preview unit, ms of delivered media; null for a paid chat. */
  allowanceMs: number | null;
}

export type LiveStartResult =
  | LiveStarted
  | {
      ok: false;
      code: LiveStartRefusalCode;
      /** The spec 8 exit code the refusal reports, when one fits (906 host single, 106, 601, 198). */
      exitCode: number | null;
      modal: 'not-enough-money' | null;
      /** The spec 6 restriction whose dialog resolves it (the age check), when one does. */
      restriction?: RestrictionReason;
      /** A ticket show refusal: the show concerned (show-admission.ts). */
      show?: ShowOffer;
    };

type GuestExitCode = Extract<ChatSessionEvent, { type: 'guestExit' }>['code'];

export interface LiveServiceDeps {
  repository: LiveRepository;
  loop: LiveLoop;
  wallet: { guestBalance(guestId: number): Promise<number> };
  vouchers: Pick<LiveVouchers, 'chatMinuteVouchers'>;
  guests: Pick<FeatureModuleDeps['guests'], 'guestById'>;
  actors: { actorForChat(actorId: number): Promise<ActorForChat | undefined> };
  settings: ChatSessionSettings;
  /**
   * The subscriptions module's answer: whether the guest is a VIP (20 preview units instead of 5);
   * without it nobody is.
   */
  isVip?: (guestId: number) => Promise<boolean>;
  /** Free chat time every guest gets per UTC day, ms (LIVE_FREE_CHAT_MS_PER_DAY); none without it. */
  freeChatMsPerDay?: number;
  nodeId: string;
  leaseMs: number;
  now: () => number;
  /** The performer side (live.performer.ts): a chat that waits for the performer is asked there. */
  performer?: Pick<PerformerDesk, 'requestChat'>;
  /**
   * The performers module's chat ratings (it owns them): a guest's survey/chatexit rating is reported
   * there, so the profile's chat ratings count it; without it the rating stays on the session only.
   */
  ratings?: ChatRatingWrites;
  /** The media side of the sessions this node owns (live.signaling.ts). */
  signaling?: LiveSignaling;
  /** Sends a page's message to the node that continues its session (live.relay.ts, the bus). */
  relay?: (ownerNode: string, message: LiveNodeMessage) => Promise<void>;
  /**
   * The show side (issue 18, show-admission.ts): a running cam show admits its ticket holders and
   * refuses other chats; without it no ticket show starts.
   */
  shows?: Pick<ShowAdmission, 'check'>;
  /** The interaction part (issue 18): a session's tips, and whether toy control is available in a chat. */
  interaction?: {
    tipsOf(sessionId: string): Promise<LiveTip[]>;
    toyControlAvailable(actorId: number, type: string): Promise<boolean>;
  };
  /** The free-show module's read (issue 18, decision 0053): while it runs, the live show is free. */
  freeShows?: { isRunning(actorId: number): Promise<boolean> };
}

/** What a session says about itself to its guest: the start answer (also for a replayed start). */
function startedOf(state: ChatSessionState): LiveStarted {
  return {
    ok: true,
    sessionId: state.sessionId,
    type: state.type,
    status: state.status,
    pricePerMinuteCents: state.pricePerMinuteCents,
    voucherMinutes: state.voucherMinutes,
    actor: { id: state.actorId, name: state.actorName },
    allowanceMs: state.allowanceMs,
  };
}

/** The next UTC midnight after a moment (when the free chat time is renewed). */
const nextUtcMidnight = (ms: number) => {
  const day = new Date(ms);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1));
};

export interface PreviewAllowance {
  unitsLimit: number;
  unitsUsed: number;
  unitsLeft: number;
  unitMs: number;
  nextUnitAt: Date | null;
  declinedUntil: Date | null;
}

export interface FreeChatTime {
  msLeft: number;
  msPerDay: number;
  renewsAt: Date;
}

const stateOfRow = (row: LiveSessionRow) => row.state as unknown as ChatSessionState;

/** The delivered media of a session up to `now` (the engine counts it on its next event). */
export function deliveredAt(state: ChatSessionState, now: number): number {
  const flowing = state.deliveringSince === null ? 0 : Math.max(0, now - state.deliveringSince);
  return state.deliveredMs + flowing;
}

/**
 * THE check of every media and chat message of a guest (decision 0038 part 3): the guest owns the
 * session, it is starting or running, and its delivered time is not past what its funds (or its
 * allowance) pay for.
 */
export function mayMedia(state: ChatSessionState | undefined, guestId: number, now: number): boolean {
  if (!state || state.guestId !== guestId) return false;
  if (state.status !== 'starting' && state.status !== 'running') return false;
  const delivered = deliveredAt(state, now);
  if (state.allowanceMs !== null && delivered >= state.allowanceMs) return false;
  return delivered < fundedMs(state);
}

/** How long a forwarded performer event waits for the owner's step, and how often it looks. */
const FORWARD_WAIT_MS = 3000;
const FORWARD_POLL_MS = 25;

const notActive = (message = 'This chat is not active') =>
  new AppError('LIVE_SESSION_NOT_ACTIVE', message, 409);
const notFound = () => new AppError('LIVE_SESSION_NOT_FOUND', 'No such chat of yours', 404);

/** The events the outside world reports for a session (the performer side, the media, the guest). */
export type LiveSessionEvent = Exclude<
  ChatSessionEvent,
  { type: 'tick' | 'handOver' | 'chargeSucceeded' | 'chargeRefused' }
>;

export function createLiveService(deps: LiveServiceDeps) {
  const { repository, loop } = deps;
  const isVipNow = deps.isVip ?? (async () => false);
  const freeChatMsPerDay = deps.freeChatMsPerDay ?? 0;

  /** The guest's session started with this key, if any (a different chat under the key is refused). */
  async function replayOf(request: LiveStartRequest): Promise<LiveStarted | null> {
    if (request.idempotencyKey === undefined) return null;
    const row = await repository.sessionByStartKey(request.guestId, request.idempotencyKey);
    if (!row) return null;
    if (row.actorId !== request.actorId || row.type !== request.type) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This key started another chat', 409);
    }
    return startedOf(loop.stateOf(row.id) ?? stateOfRow(row));
  }

  /** The preview units the guest used in the last hour (`PREVIEW_WINDOW_MS`), oldest first. */
  function previewUnitsInWindow(guestId: number): Promise<Date[]> {
    return repository.previewUnitsSince(guestId, new Date(deps.now() - PREVIEW_WINDOW_MS));
  }

  async function previewUnitsUsedNow(guestId: number): Promise<number> {
    return (await previewUnitsInWindow(guestId)).length;
  }

  /** Spec 3 Guest "free chat durations": the guest's free chat time left today. */
  async function freeChatTime(guestId: number): Promise<FreeChatTime> {
    const now = deps.now();
    const used = await repository.freeChatMsUsed(guestId, utcDayOf(now));
    return {
      msLeft: Math.max(0, freeChatMsPerDay - used),
      msPerDay: freeChatMsPerDay,
      renewsAt: nextUtcMidnight(now),
    };
  }

  /** Spec 6 "live preview limit 5 units (20 VIP)": the guest's units in the rolling hour. */
  async function previewAllowance(guestId: number, vip?: boolean): Promise<PreviewAllowance> {
    const [units, isVip, declinedUntil] = await Promise.all([
      previewUnitsInWindow(guestId),
      vip ?? isVipNow(guestId),
      repository.previewDeclinedUntil(guestId),
    ]);
    const unitsLimit = livePreviewLimit({ ...VISITOR, isLoggedIn: true, isVip });
    const oldest = units[0];
    return {
      unitsLimit,
      unitsUsed: units.length,
      unitsLeft: Math.max(0, unitsLimit - units.length),
      unitMs: deps.settings.previewUnitMs,
      nextUnitAt: oldest ? new Date(oldest.getTime() + PREVIEW_WINDOW_MS) : null,
      declinedUntil: declinedUntil && declinedUntil.getTime() > deps.now() ? declinedUntil : null,
    };
  }

  /**
   * What a start decision (`decideChatStart`) reads of the guest and the performer, read at once; the
   * guest's chat-minute vouchers only for a real start (the free offers do not use them). Undefined
   * when the performer does not exist.
   */
  async function startContext(guestId: number, actorId: number, country: string | null, vouchers: boolean) {
    const [guest, actor, balanceCents, voucherMinutes, performerInSingle, isVip] = await Promise.all([
      deps.guests.guestById(guestId),
      deps.actors.actorForChat(actorId),
      deps.wallet.guestBalance(guestId),
      vouchers ? deps.vouchers.chatMinuteVouchers(guestId, actorId) : 0,
      repository.actorInSingle(actorId),
      isVipNow(guestId),
    ]);
    if (!actor) return undefined;
    const input: Omit<ChatStartInput, 'type' | 'freeChatMsLeft' | 'previewUnitsUsed'> = {
      guest: { ...snapshotOf(guest), isVip: guest ? isVip : false },
      guestCountry: country,
      actor: actor.chat,
      streamIsFsk18: actor.streamIsFsk18,
      performerInSingle,
      balanceCents,
      voucherMinutes,
    };
    return { actor, input, isVip, guestName: guest?.screenName ?? '' };
  }

  async function start(request: LiveStartRequest): Promise<LiveStartResult> {
    const replayed = await replayOf(request);
    if (replayed) return replayed;
    if (deps.shows) {
      const refusal = await deps.shows.check(request.guestId, request.actorId, request.type);
      if (refusal) return refusal;
    } else if (request.type === 'ticket-show') {
      return { ok: false, code: 'SHOW_NOT_RUNNING', exitCode: null, modal: null };
    }
    const [context, previewUnitsUsed, freeChat] = await Promise.all([
      startContext(request.guestId, request.actorId, request.country, true),
      request.type === 'live-preview' ? previewUnitsUsedNow(request.guestId) : 0,
      request.type === 'free-chat' ? freeChatTime(request.guestId) : null,
    ]);
    if (!context) return { ok: false, code: 'ACTOR_NOT_FOUND', exitCode: null, modal: null };
    const { actor, input } = context;
    // A running free show (decision 0053) makes the performer's live show free: price 0, no charge.
    const free = request.type === 'live-show' && ((await deps.freeShows?.isRunning(actor.id)) ?? false);
    const decision = decideChatStart(
      {
        ...input,
        ...(free ? { actor: { ...input.actor, multiChatPrice: 0 } } : {}),
        type: request.type,
        freeChatMsLeft: freeChat?.msLeft ?? 0,
        previewUnitsUsed,
      },
      deps.settings,
    );
    if (!decision.ok) {
      return {
        ok: false,
        code: decision.code,
        exitCode: decision.exitCode,
        modal: decision.modal,
        ...(decision.restriction ? { restriction: decision.restriction } : {}),
      };
    }
    const sessionId = randomUUID();
    const opened = openChatSession(
      {
        sessionId,
        guestId: request.guestId,
        actorId: actor.id,
        actorName: actor.name,
        start: decision,
        balanceCents: input.balanceCents,
        isToyControl:
          actor.isToyControl ||
          ((await deps.interaction?.toyControlAvailable(actor.id, request.type)) ?? false),
        settings: deps.settings,
      },
      deps.now(),
    );
    const step = stepOf(opened.state);
    // One source owner per performer (decision 0038 part 5): while a node continues a chat of this
    // performer, a new one goes to that node, where the performer's source and its viewers are.
    const ownerNode = deps.relay
      ? ((await repository.actorSourceNode(actor.id)) ?? deps.nodeId)
      : deps.nodeId;
    try {
      await repository.insertSession({
        id: sessionId,
        guestId: request.guestId,
        actorId: actor.id,
        type: request.type,
        status: step.status,
        exclusive: CHAT_TYPE_RULES[request.type].exclusive,
        state: step.state,
        ownerNode,
        leaseMs: deps.leaseMs,
        nextDeadline: step.nextDeadline,
        startKey: request.idempotencyKey ?? null,
      });
    } catch (error) {
      // A parallel start won the race the indexes decide; the same key's start answers its session.
      // (Whichever index the database names: a same-key race also collides on the guest's and the
      // performer's index.)
      const index = uniqueViolation(error);
      if (index !== null) {
        const raced = await replayOf(request);
        if (raced) return raced;
      }
      if (index === ACTOR_EXCLUSIVE_INDEX) {
        return { ok: false, code: 'PERFORMER_IN_SINGLE', exitCode: 906, modal: null };
      }
      if (index === GUEST_LIVE_INDEX || index === GUEST_PREVIEW_INDEX)
        return { ok: false, code: 'GUEST_IN_CHAT', exitCode: null, modal: null };
      throw error;
    }
    // The opening effects: the performer is asked (a chat that needs an accept), or the media starts.
    const opening = opened.effects.filter((effect) => effect.type !== 'askPerformer');
    if (ownerNode === deps.nodeId) void loop.adopt(opened.state, 0, opening);
    else {
      await deps.relay?.(ownerNode, {
        sessionId,
        guestId: request.guestId,
        command: { kind: 'adopt', effects: opening },
      });
    }
    if (opened.effects.some((effect) => effect.type === 'askPerformer')) {
      deps.performer?.requestChat({
        sessionId,
        actorId: actor.id,
        guestId: request.guestId,
        guestName: context.guestName,
        language: request.language ?? 'en',
        type: request.type,
      });
    }
    return startedOf(opened.state);
  }

  /**
   * A chat another node started with this node as its owner (the performer's source runs here): it
   * joins this node's loop with its opening effects, unless it moved on meanwhile.
   */
  async function adoptStarted(sessionId: string, effects: ChatSessionEffect[]): Promise<void> {
    if (loop.owns(sessionId)) return;
    const row = await repository.sessionById(sessionId);
    if (!row || row.ownerNode !== deps.nodeId || row.version !== 0) return;
    await loop.adopt(stateOfRow(row), row.version, effects);
  }

  /** Feeds an owned session an event; false when this node does not continue that session. */
  async function event(sessionId: string, sessionEvent: LiveSessionEvent): Promise<boolean> {
    if (!loop.owns(sessionId)) return false;
    await loop.feed(sessionId, sessionEvent);
    return true;
  }

  /** The guest's own session as stored (any node's), else 404 (another guest's is the same as none). */
  async function ownRow(guestId: number, sessionId: string): Promise<LiveSessionRow> {
    const row = await repository.sessionById(sessionId);
    if (!row || row.guestId !== guestId) throw notFound();
    return row;
  }

  /** The state of a session this node continues that passes `mayMedia` for the guest, else 409. */
  function activeState(guestId: number, sessionId: string): ChatSessionState {
    const state = loop.stateOf(sessionId);
    if (!mayMedia(state, guestId, deps.now())) throw notActive();
    return state as ChatSessionState;
  }

  function signalingOf(): LiveSignaling {
    if (!deps.signaling) throw notActive('No media path on this server');
    return deps.signaling;
  }

  function checkSdp(sdp: string): void {
    const problem = liveSdpProblem(sdp);
    if (problem) throw new AppError('INVALID_SDP', problem, 400);
  }

  /**
   * The guest ends the chat (spec 8 100 exit, or the guest code given); false when it is not the
   * guest's or not continued here. Ending one that already ended changes nothing.
   */
  async function exit(guestId: number, sessionId: string, code?: GuestExitCode): Promise<boolean> {
    const state = loop.stateOf(sessionId);
    if (!state || state.guestId !== guestId) return false;
    return event(sessionId, code === undefined ? { type: 'guestExit' } : { type: 'guestExit', code });
  }

  /**
   * A page's message for a session another node continues (decision 0038 part 4): the guest's own,
   * not over, sent to its owner node on the bus; the row it was sent for, or null when it is not
   * relayed (this node continues it, or no node does).
   */
  async function relay(
    guestId: number,
    sessionId: string,
    command: LiveNodeCommand,
  ): Promise<LiveSessionRow | null> {
    if (!deps.relay || loop.owns(sessionId)) return null;
    const row = await repository.sessionById(sessionId);
    if (!row || row.guestId !== guestId || row.ownerNode === deps.nodeId) return null;
    if (!(LIVE_STATUSES as readonly string[]).includes(row.status)) return null;
    await deps.relay(row.ownerNode, { sessionId, guestId, command });
    return row;
  }

  /**
   * What a guest's page asks of a session (the socket's live messages): run here when this node
   * continues the session, else relayed to its owner (`mayRelay`; a relayed message is not relayed
   * again). Every media and chat call passes `mayMedia` where the session is.
   */
  function pageCalls(mayRelay: boolean) {
    const elsewhere = (guestId: number, sessionId: string, command: LiveNodeCommand) =>
      mayRelay ? relay(guestId, sessionId, command) : Promise.resolve(null);
    const calls = {
      /** The guest ends the chat; false when it is not the guest's or no node continues it. */
      async exit(guestId: number, sessionId: string, code?: GuestExitCode): Promise<boolean> {
        if (
          await elsewhere(guestId, sessionId, code === undefined ? { kind: 'exit' } : { kind: 'exit', code })
        )
          return true;
        return exit(guestId, sessionId, code);
      },

      /**
       * The page shows the session (first load or after a reload): within the grace period the guest
       * is back (`guestReconnected`), and a starting or running chat gets a new viewer and offer.
       * Answers the status (an ended chat's too, so the page shows its end).
       */
      async join(guestId: number, sessionId: string) {
        const relayed = await elsewhere(guestId, sessionId, { kind: 'join' });
        if (relayed) return { status: stateOfRow(relayed).status, exitCode: relayed.exitCode };
        const state = loop.stateOf(sessionId);
        if (!state || state.guestId !== guestId) {
          const row = await ownRow(guestId, sessionId).catch(() => null);
          if (!row) throw notActive();
          return { status: stateOfRow(row).status, exitCode: row.exitCode };
        }
        await event(sessionId, state.disconnected ? { type: 'guestReconnected' } : { type: 'guestAlive' });
        const now = loop.stateOf(sessionId);
        if (now && mayMedia(now, guestId, deps.now())) {
          await signalingOf().offer({
            sessionId,
            guestId,
            actorId: now.actorId,
            actorName: now.actorName,
          });
        }
        const current = loop.stateOf(sessionId) ?? stateOfRow(await ownRow(guestId, sessionId));
        return { status: current.status, exitCode: current.exitCode };
      },

      /**
       * The page of the session pinged (spec 9): the guest's client is alive. A session this node
       * took over (`handOver`: the guest counts as disconnected) is joined again, with a new offer.
       */
      async alive(guestId: number, sessionId: string): Promise<void> {
        if (await elsewhere(guestId, sessionId, { kind: 'alive' })) return;
        const state = loop.stateOf(sessionId);
        if (state?.guestId !== guestId) return;
        if (state.disconnected) await calls.join(guestId, sessionId);
        else await event(sessionId, { type: 'guestAlive' });
      },

      /**
       * The guest's session on the chat's page ended (a logout: 101), the guest was locked (920) or
       * the age check revoked (601): the chat ends with that cause.
       */
      async revoked(guestId: number, sessionId: string, cause: RevokeCause): Promise<void> {
        if (await elsewhere(guestId, sessionId, { kind: 'revoked', cause })) return;
        if (loop.stateOf(sessionId)?.guestId === guestId) await event(sessionId, { type: cause });
      },

      /**
       * The page of the session closed: the guest is gone until a `liveJoin` within the grace period.
       * Its viewer is released now (a Janus handle, an embedded peer), not when the browser's ICE
       * times out: a page that comes back gets a new offer (`join`).
       */
      async gone(guestId: number, sessionId: string): Promise<void> {
        if (await elsewhere(guestId, sessionId, { kind: 'gone' })) return;
        if (loop.stateOf(sessionId)?.guestId === guestId) {
          await event(sessionId, { type: 'guestDisconnected' });
          await deps.signaling?.stop(sessionId);
        }
      },

      async answer(guestId: number, sessionId: string, offerId: string, sdp: string): Promise<void> {
        checkSdp(sdp);
        if (await elsewhere(guestId, sessionId, { kind: 'answer', offerId, sdp })) return;
        const state = activeState(guestId, sessionId);
        await signalingOf().answer(sessionId, offerId, sdp);
        // A page answered the offer a node sent after taking the session over (`handOver`: the
        // guest counts as disconnected): the guest is back, and the new viewer's mediaUp bills again.
        if (state.disconnected) await event(sessionId, { type: 'guestReconnected' });
      },

      async candidate(
        guestId: number,
        sessionId: string,
        offerId: string,
        candidate: IceCandidateInit,
      ): Promise<void> {
        if (await elsewhere(guestId, sessionId, { kind: 'candidate', offerId, candidate })) return;
        activeState(guestId, sessionId);
        await signalingOf().candidate(sessionId, offerId, candidate);
      },

      /** Cam2cam: the guest camera's offer (video calls only). */
      async publishOffer(guestId: number, sessionId: string, sdp: string): Promise<void> {
        checkSdp(sdp);
        if (await elsewhere(guestId, sessionId, { kind: 'publishOffer', sdp })) return;
        const state = activeState(guestId, sessionId);
        if (!CHAT_TYPE_RULES[state.type].guestCamera) throw notActive('This chat takes no guest camera');
        await signalingOf().publishCamera(sessionId, guestId, sdp);
      },

      /** The page decoded the first frame of `offerId` (half of what `mediaUp` needs). */
      async mediaUp(guestId: number, sessionId: string, offerId: string): Promise<void> {
        if (await elsewhere(guestId, sessionId, { kind: 'mediaUp', offerId })) return;
        activeState(guestId, sessionId);
        signalingOf().browserUp(sessionId, offerId);
      },

      /** A guest's chat message, stored and relayed once per `messageId`. */
      async message(guestId: number, sessionId: string, messageId: string, text: string): Promise<void> {
        if (await elsewhere(guestId, sessionId, { kind: 'message', messageId, text })) return;
        const state = activeState(guestId, sessionId);
        if (state.status !== 'running') throw notActive('The chat has not started yet');
        if (CHAT_TYPE_RULES[state.type].isVoyeur) throw notActive('A voyeur chat does not write');
        await loop.feed(sessionId, { type: 'message', from: 'guest', text }, messageId);
      },
    };
    return calls;
  }

  /**
   * What the live-show tab offers for free with this performer (logged-in guest): the preview
   * allowance when the performer has `isLivePreviewEnabled`, the free chat time when it has
   * `freeChat`, each with the refusal a start would get now (the same `decideChatStart`), or null.
   */
  async function offers(guestId: number, actorId: number, country: string | null) {
    const context = await startContext(guestId, actorId, country, false);
    if (!context) throw new AppError('ACTOR_NOT_FOUND', 'No such performer', 404);
    const { actor, input, isVip } = context;
    const [preview, freeChat] = await Promise.all([
      actor.chat.isLivePreviewEnabled ? previewAllowance(guestId, isVip) : null,
      actor.chat.freeChat ? freeChatTime(guestId) : null,
    ]);
    const refusalOf = (type: 'live-preview' | 'free-chat') => {
      const decision = decideChatStart(
        {
          ...input,
          type,
          freeChatMsLeft: freeChat?.msLeft ?? 0,
          previewUnitsUsed: preview?.unitsUsed ?? 0,
        },
        deps.settings,
      );
      return decision.ok ? null : { code: decision.code, exitCode: decision.exitCode };
    };
    return {
      actorId: actor.id,
      preview: preview ? { allowance: preview, refusal: refusalOf('live-preview') } : null,
      freeChat: freeChat ? { duration: freeChat, refusal: refusalOf('free-chat') } : null,
    };
  }

  return {
    start,
    event,
    offers,

    /**
     * The performer went offline (presence's `actorOffline`, whoever set it): its previews this node
     * continues end with 403 (a preview not yet showing, 498). Previews never ask the performer, so the
     * performer desk, which ends the chats it was asked for, does not know them.
     */
    /**
     * The performer's free show stopped (decision 0053): the live shows this node runs for free end
     * as the performer stopping the stream (202); a paid chat would need the guest's choice.
     */
    async freeShowStopped(actorId: number): Promise<void> {
      const free = loop
        .ownedOf(actorId, 'live-show')
        .filter((id) => loop.stateOf(id)?.pricePerMinuteCents === 0);
      await Promise.all(free.map((id) => loop.feed(id, { type: 'performerStopSend' })));
    },
    async previewsOffline(actorId: number): Promise<void> {
      await Promise.all(
        loop.ownedOf(actorId, 'live-preview').map((id) => loop.feed(id, { type: 'performerOffline' })),
      );
    },
    freeChatTime,
    previewAllowance,

    /**
     * Spec 7 "free preview decline": the guest said no thanks to the free preview offer; the offer
     * modal (`fifteen-minutes-preview`) stays closed for LIVE_PREVIEW_DECLINE_MS (15 minutes).
     */
    async declinePreview(guestId: number): Promise<PreviewAllowance> {
      await repository.setPreviewDeclinedUntil(guestId, new Date(deps.now() + LIVE_PREVIEW_DECLINE_MS));
      return previewAllowance(guestId);
    },

    /**
     * Spec 7 "free preview init": the guest takes up the free preview offer of a performer; an
     * earlier decline is cleared, and the answer says whether a preview can start now (the refusal a
     * start would get) and how many units are left. The preview itself starts with `live/start`.
     */
    async initPreview(guestId: number, actorId: number, country: string | null) {
      await repository.setPreviewDeclinedUntil(guestId, null);
      const offered = await offers(guestId, actorId, country);
      return {
        actorId: offered.actorId,
        enabled: offered.preview !== null,
        allowance: offered.preview?.allowance ?? (await previewAllowance(guestId)),
        refusal: offered.preview
          ? offered.preview.refusal
          : { code: 'CHAT_TYPE_NOT_OFFERED', exitCode: 407 as const },
      };
    },

    /** The paid chat types the performer offers now, for the live page's start area (domain `chatOffers`). */
    async chatTypes(actorId: number) {
      const [actor, performerInSingle] = await Promise.all([
        deps.actors.actorForChat(actorId),
        repository.actorInSingle(actorId),
      ]);
      if (!actor) throw new AppError('ACTOR_NOT_FOUND', 'No such performer', 404);
      const offers = chatOffers(actor.chat, performerInSingle, LIVE_PAID_CHAT_TYPES);
      return { actor, performerInSingle, offers };
    },

    /** REST exit: the guest's own session (404 otherwise); its status and code after the exit. */
    async exitOwn(guestId: number, sessionId: string, code?: GuestExitCode) {
      await ownRow(guestId, sessionId);
      await pageCalls(true).exit(guestId, sessionId, code);
      const row = await ownRow(guestId, sessionId);
      return { sessionId, status: stateOfRow(row).status, exitCode: row.exitCode };
    },

    ...pageCalls(true),

    /** Runs a page's message another node relayed for a session this node continues. */
    runRelayed(message: LiveNodeMessage): Promise<unknown> {
      const calls = pageCalls(false);
      const { sessionId, guestId, command } = message;
      switch (command.kind) {
        case 'join':
          return calls.join(guestId, sessionId);
        case 'answer':
          return calls.answer(guestId, sessionId, command.offerId, command.sdp);
        case 'candidate':
          return calls.candidate(guestId, sessionId, command.offerId, command.candidate);
        case 'publishOffer':
          return calls.publishOffer(guestId, sessionId, command.sdp);
        case 'mediaUp':
          return calls.mediaUp(guestId, sessionId, command.offerId);
        case 'message':
          return calls.message(guestId, sessionId, command.messageId, command.text);
        case 'exit':
          return calls.exit(guestId, sessionId, command.code);
        case 'alive':
          return calls.alive(guestId, sessionId);
        case 'gone':
          return calls.gone(guestId, sessionId);
        case 'revoked':
          return calls.revoked(guestId, sessionId, command.cause);
        case 'performer':
          return event(sessionId, command.event);
        case 'adopt':
          return adoptStarted(sessionId, command.effects);
      }
    },

    /** The session view of a reload: the guest's own session only. */
    async view(guestId: number, sessionId: string) {
      const row = await ownRow(guestId, sessionId);
      // This node's state is newer than the row between a step's store and its effects.
      const state = loop.stateOf(sessionId) ?? stateOfRow(row);
      const messages = await repository.messagesOf(sessionId, LIVE_TRANSCRIPT_LIMIT);
      const tips = await deps.interaction?.tipsOf(sessionId);
      return { row, state, messages, deliveredMs: deliveredAt(state, deps.now()), ...(tips ? { tips } : {}) };
    },

    /** The receipt: every settled minute of the guest's own session. */
    async receipt(guestId: number, sessionId: string) {
      const row = await ownRow(guestId, sessionId);
      const tips = await deps.interaction?.tipsOf(sessionId);
      return {
        row,
        state: stateOfRow(row),
        minutes: await repository.minutesOf(sessionId),
        ...(tips ? { tips } : {}),
      };
    },

    /** survey/chatexit: the guest rates an ended chat of their own. */
    async rate(guestId: number, sessionId: string, rating: ChatRating): Promise<void> {
      const row = await ownRow(guestId, sessionId);
      if (row.status !== 'ended') {
        throw new AppError('LIVE_SESSION_NOT_ENDED', 'A chat is rated after it ended', 409);
      }
      const at = new Date(deps.now());
      await repository.rate(sessionId, rating, at);
      // Both writes are idempotent (the session's row, one rating per chat there): a rating that
      // failed between them is completed by the guest's retry.
      await deps.ratings?.recordLiveChatRating({
        liveSessionId: sessionId,
        actorId: row.actorId,
        guestId,
        satisfied: rating === 'GREAT',
        at,
      });
    },

    /**
     * A performer's event for a session another node continues (the performer's app is connected
     * here): sent to the owner node on the bus; resolves once the owner stored a step after it (or
     * after FORWARD_WAIT_MS: an event that changes nothing stores none). False when no node continues
     * the session.
     */
    async forward(sessionId: string, sessionEvent: LiveSessionEvent): Promise<boolean> {
      if (loop.owns(sessionId)) return event(sessionId, sessionEvent);
      const row = await repository.sessionById(sessionId);
      if (!deps.relay || !row || !(LIVE_STATUSES as readonly string[]).includes(row.status)) return false;
      await deps.relay(row.ownerNode, {
        sessionId,
        guestId: row.guestId,
        command: { kind: 'performer', event: sessionEvent },
      });
      for (let waited = 0; waited < FORWARD_WAIT_MS; waited += FORWARD_POLL_MS) {
        await new Promise((resolve) => setTimeout(resolve, FORWARD_POLL_MS));
        if (((await repository.sessionById(sessionId))?.version ?? row.version) > row.version) break;
      }
      return true;
    },

    /** The stored session row (status, exit code, state). */
    sessionById: (sessionId: string) => repository.sessionById(sessionId),
    /** The transcript's last messages, oldest first. */
    messagesOf: (sessionId: string, limit = LIVE_TRANSCRIPT_LIMIT) => repository.messagesOf(sessionId, limit),
  };
}

export type LiveService = ReturnType<typeof createLiveService>;

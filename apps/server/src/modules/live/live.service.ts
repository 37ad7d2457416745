/**
 * The live chat use cases (issue 16, decision 0038): start a paid chat, feed a session the events of
 * its outside world, end it. The rules are the engine's (packages/domain chat-session.ts); this
 * service gathers its inputs through the owners' ports (the guest from the guests module, the balance
 * from the wallet, the actor's chat data from the catalog), lets the database decide the races of a
 * start (one exclusive chat per performer, one paid chat per guest), and hands the session to this
 * node's billing loop (live.loop.ts).
 *
 * The guest's chat-minute vouchers with the performer (promotions' port) pay first: the session opens
 * with them, and a usable voucher minute is enough to start (spec 8).
 *
 * Not built yet, so absent: routes and socket messages for guests (no media path exists, so nothing
 * a browser says could prove delivery), free chat and live previews (their allowances).
 * Today the tests drive this service; the signaling of decision 0038 part 3 will.
 */
import { randomUUID } from 'node:crypto';
import {
  type ChatSessionEvent,
  type ChatSessionSettings,
  type ChatStartRefusalCode,
  decideChatStart,
  openChatSession,
} from '@vela/domain/chat-session';
import { CHAT_TYPE_RULES, type ChatType } from '@vela/domain/chat-types';
import { snapshotOf } from '../../http/age-gate.ts';
import { uniqueViolation } from '../../infra/db-errors.ts';
import type { ActorForChat } from '../catalog/actor-chat.ts';
import type { FeatureModuleDeps } from '../feature-module.ts';
import type { LiveLoop, LiveVouchers } from './live.loop.ts';
import { stepOf } from './live.loop.ts';
import { ACTOR_EXCLUSIVE_INDEX, GUEST_LIVE_INDEX, type LiveRepository } from './live.repository.ts';
import type { PerformerDesk } from './performer-desk.ts';

/** The chat types this slice starts: the paid ones (free chat and previews need their allowances). */
export type PaidChatType = Exclude<ChatType, 'free-chat' | 'live-preview'>;

export interface LiveStartRequest {
  guestId: number;
  actorId: number;
  type: PaidChatType;
  /** The caller's country (ISO alpha-2), or null when unknown. */
  country: string | null;
  /** The guest's page language (de, en, nl, es): the performer answers in it. */
  language?: string;
}

export type LiveStartRefusalCode = ChatStartRefusalCode | 'ACTOR_NOT_FOUND' | 'GUEST_IN_CHAT';

export type LiveStartResult =
  | { ok: true; sessionId: string; status: string; pricePerMinuteCents: number }
  | {
      ok: false;
      code: LiveStartRefusalCode;
      /** The spec 8 exit code the refusal reports, when one fits (906 host single, 106, 601, 198). */
      exitCode: number | null;
      modal: 'not-enough-money' | null;
    };

export interface LiveServiceDeps {
  repository: LiveRepository;
  loop: LiveLoop;
  wallet: { guestBalance(guestId: number): Promise<number> };
  vouchers: Pick<LiveVouchers, 'chatMinuteVouchers'>;
  guests: Pick<FeatureModuleDeps['guests'], 'guestById'>;
  actors: { actorForChat(actorId: number): Promise<ActorForChat | undefined> };
  settings: ChatSessionSettings;
  nodeId: string;
  leaseMs: number;
  now: () => number;
  /** The performer side (live.performer.ts): a chat that waits for the performer is asked there. */
  performer?: Pick<PerformerDesk, 'requestChat'>;
}

/** The events the outside world reports for a session (the performer side, the media, the guest). */
export type LiveSessionEvent = Exclude<
  ChatSessionEvent,
  { type: 'tick' | 'handOver' | 'chargeSucceeded' | 'chargeRefused' }
>;

export function createLiveService(deps: LiveServiceDeps) {
  const { repository, loop } = deps;

  async function start(request: LiveStartRequest): Promise<LiveStartResult> {
    const [guest, actor, balanceCents, voucherMinutes, performerInSingle] = await Promise.all([
      deps.guests.guestById(request.guestId),
      deps.actors.actorForChat(request.actorId),
      deps.wallet.guestBalance(request.guestId),
      deps.vouchers.chatMinuteVouchers(request.guestId, request.actorId),
      deps.repository.actorInSingle(request.actorId),
    ]);
    if (!actor) return { ok: false, code: 'ACTOR_NOT_FOUND', exitCode: null, modal: null };
    const decision = decideChatStart(
      {
        type: request.type,
        guest: snapshotOf(guest),
        guestCountry: request.country,
        actor: actor.chat,
        streamIsFsk18: actor.streamIsFsk18,
        performerInSingle,
        balanceCents,
        voucherMinutes,
        freeChatMsLeft: 0,
        previewUnitsUsed: 0,
      },
      deps.settings,
    );
    if (!decision.ok) {
      return { ok: false, code: decision.code, exitCode: decision.exitCode, modal: decision.modal };
    }
    const sessionId = randomUUID();
    const opened = openChatSession(
      {
        sessionId,
        guestId: request.guestId,
        actorId: actor.id,
        actorName: actor.name,
        start: decision,
        balanceCents,
        isToyControl: actor.isToyControl,
        settings: deps.settings,
      },
      deps.now(),
    );
    const step = stepOf(opened.state);
    try {
      await repository.insertSession({
        id: sessionId,
        guestId: request.guestId,
        actorId: actor.id,
        type: request.type,
        status: step.status,
        exclusive: CHAT_TYPE_RULES[request.type].exclusive,
        state: step.state,
        ownerNode: deps.nodeId,
        leaseMs: deps.leaseMs,
        nextDeadline: step.nextDeadline,
      });
    } catch (error) {
      // A parallel start won the race the indexes decide.
      const index = uniqueViolation(error);
      if (index === ACTOR_EXCLUSIVE_INDEX) {
        return { ok: false, code: 'PERFORMER_IN_SINGLE', exitCode: 906, modal: null };
      }
      if (index === GUEST_LIVE_INDEX)
        return { ok: false, code: 'GUEST_IN_CHAT', exitCode: null, modal: null };
      throw error;
    }
    // The opening effects: the media has no receiver yet (no media path); the performer is asked.
    loop.adopt(opened.state, 0);
    if (opened.effects.some((effect) => effect.type === 'askPerformer')) {
      deps.performer?.requestChat({
        sessionId,
        actorId: actor.id,
        guestId: request.guestId,
        guestName: guest?.screenName ?? '',
        language: request.language ?? 'en',
        type: request.type,
      });
    }
    return {
      ok: true,
      sessionId,
      status: opened.state.status,
      pricePerMinuteCents: decision.pricePerMinuteCents,
    };
  }

  /** Feeds an owned session an event; false when this node does not continue that session. */
  async function event(sessionId: string, sessionEvent: LiveSessionEvent): Promise<boolean> {
    if (!loop.owns(sessionId)) return false;
    await loop.feed(sessionId, sessionEvent);
    return true;
  }

  return {
    start,
    event,
    /** The guest ends the chat (spec 8 100 exit, or the guest code given). */
    async exit(
      guestId: number,
      sessionId: string,
      code?: Extract<ChatSessionEvent, { type: 'guestExit' }>['code'],
    ): Promise<boolean> {
      const state = loop.stateOf(sessionId);
      if (!state || state.guestId !== guestId) return false;
      return event(sessionId, code === undefined ? { type: 'guestExit' } : { type: 'guestExit', code });
    },
    /** The stored session row (status, exit code, state). */
    sessionById: (sessionId: string) => repository.sessionById(sessionId),
    /** The transcript's last messages, oldest first. */
    messagesOf: (sessionId: string, limit = 50) => repository.messagesOf(sessionId, limit),
  };
}

export type LiveService = ReturnType<typeof createLiveService>;

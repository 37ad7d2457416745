/**
 * The billing loop of the live sessions this node owns (issue 16, decision 0038 part 4).
 *
 * Per session, serial: an event is reduced by the pure engine (`reduceChatSession` with `now`), the
 * new state is stored in ONE conditional update (only by this node, only at the version it read: a
 * lost lease or a concurrent step stores nothing and the session is dropped here), and then the
 * step's effects run in order. A `chargeMinute` is awaited and its result (`chargeSucceeded` /
 * `chargeRefused`) is reduced before the session's next event. Effects are idempotent: a minute is
 * one wallet purchase under the key `live:<session>:<minute>`, or (paid with a voucher) one
 * chat-minute voucher unit spent under that key through the promotions port, so a step replayed after
 * a crash (the charge re-emitted with its key) moves no money and spends no unit twice. Every charge
 * result carries the funds read after it: the wallet balance and the usable voucher minutes.
 *
 * Ticks: `tick()` feeds every owned session a `tick` and renews this node's leases (database clock);
 * `start()` runs it every LIVE_TICK_MS and wakes at the earliest `nextDeadline`; every SWEEP_EVERY_MS
 * the sweeper claims sessions whose owner's lease ran out and feeds them `handOver`. `publishMeter`
 * and `notifyChatEnd` reach every open page of the guest as `liveMeter` and `chatEnd` (live.presenter.ts)
 * through `publish` (the bus, so on every node); so do `liveState` (after a step that changed the
 * status), `liveEnded` (`endSession`) and `liveMessage` (`relayMessage`, stored first, once per message
 * id: a resent or replayed message is neither stored nor relayed again).
 *
 * The media effects (decision 0038 parts 3, 5): `startMedia` opens a viewer of the performer's source
 * and offers it to the guest's pages (live.signaling.ts), `stopMedia` and `endSession` close it at
 * once. The performer side (performer-desk.ts) hears the guest's messages and the end; the chat
 * request (`askPerformer`) is sent by the service when it opens the session. Each settled minute is
 * recorded for the receipt (`live_minutes`) after its charge's answer.
 *
 * Hand-over: a session claimed from a dead node (its media died with it, or its Janus handles with
 * its Janus session) gets a new viewer on this node at once, offered to every open page of the guest
 * (`liveOffer` on `guest:<id>`, whatever node the page's socket reconnected to); the page's answer
 * brings the guest back (`guestReconnected`) and the new viewer's `mediaUp` bills again. Without an
 * answer within the grace period the session ends with 910, the current minute not charged.
 */

import { randomUUID } from 'node:crypto';
import type { GuestSocketEvent } from '@vela/contracts/socket';
import {
  type ChatSessionEffect,
  type ChatSessionEvent,
  type ChatSessionState,
  nextDeadline,
  reduceChatSession,
} from '@vela/domain/chat-session';
import { NotEnoughMoneyError, type TransferResult } from '../wallet/wallet.service.ts';
import { chatEndEvent, liveMeterEvent } from './live.presenter.ts';
import type { LiveRepository, LiveStep } from './live.repository.ts';
import type { ViewerFor } from './live.signaling.ts';
import type { PerformerDesk } from './performer-desk.ts';

/** How often the loop ticks its sessions when no deadline comes sooner. */
export const LIVE_TICK_MS = 1000;
/** How often a node looks for sessions whose owner's lease ran out, and how many it claims at once. */
export const SWEEP_EVERY_MS = 2000;
const SWEEP_BATCH = 50;
/** How long an owner's lease lasts without renewal (a sweeper may claim the session after it). */
export const LIVE_LEASE_MS = 10_000;

/** The wallet as the loop uses it: a minute is a purchase; the balance is re-read after each. */
export interface LiveWallet {
  purchase(
    guestId: number,
    cents: number,
    idempotencyKey: string,
    options: {
      performerId?: number;
      kind?: 'chat';
      reference?: Record<string, unknown>;
    },
  ): Promise<TransferResult>;
  guestBalance(guestId: number): Promise<number>;
}

/**
 * The promotions module's chat-minute vouchers (it owns them): one unit spent per key, and the units
 * usable now with a performer.
 */
export interface LiveVouchers {
  useChatMinuteVoucher(guestId: number, actorId: number, idempotencyKey: string): Promise<{ ok: boolean }>;
  chatMinuteVouchers(guestId: number, actorId: number): Promise<number>;
}

export interface LiveLoopDeps {
  repository: LiveRepository;
  wallet: LiveWallet;
  vouchers: LiveVouchers;
  /** This node's name in `owner_node`. */
  nodeId: string;
  /** The clock, epoch ms. */
  now: () => number;
  /**
   * Tells every open page of a guest (on every node) an event: `publishToGuest` on the bus
   * (infra/publish-to-guest.ts); it logs a refused publish and never throws.
   */
  publish: (guestId: number, event: GuestSocketEvent) => Promise<unknown>;
  log: {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
    info(object: object, message: string): void;
  };
  leaseMs?: number;
  tickMs?: number;
  /** The performer side (live.performer.ts): the guest's messages and the session's end reach it. */
  performer?: Pick<PerformerDesk, 'guestMessage' | 'sessionEnded'>;
  /** The media path (live.signaling.ts): a viewer offered to the guest's pages, closed at the end. */
  media?: {
    offer(session: ViewerFor): Promise<void>;
    stop(sessionId: string): Promise<void>;
  };
}

interface OwnedSession {
  state: ChatSessionState;
  version: number;
  /** The tail of the session's serial queue. */
  queue: Promise<void>;
  /** The id of the message the current step relays (the page's, so a resend is stored once). */
  messageId?: string;
}

type Effect<T extends ChatSessionEffect['type']> = Extract<ChatSessionEffect, { type: T }>;

/** The UTC day (`YYYY-MM-DD`) of a moment: free chat time is counted per UTC day. */
export const utcDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What of a state the row repeats for its indexes. */
export function stepOf(state: ChatSessionState): LiveStep {
  const deadline = nextDeadline(state);
  return {
    state: state as unknown as Record<string, unknown>,
    status: state.status,
    nextDeadline: state.status === 'ended' || deadline === null ? null : new Date(deadline),
    exitCode: state.exitCode,
    endedAt: state.endedAt === null ? null : new Date(state.endedAt),
  };
}

export function createLiveLoop(deps: LiveLoopDeps) {
  const { repository, wallet, vouchers, nodeId, now, publish, log } = deps;
  const leaseMs = deps.leaseMs ?? LIVE_LEASE_MS;
  const tickMs = deps.tickMs ?? LIVE_TICK_MS;
  const sessions = new Map<string, OwnedSession>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let lastSweepAt = 0;

  /** One event of one session: reduce, store (owner + version), then the effects in order. */
  async function step(id: string, session: OwnedSession, event: ChatSessionEvent): Promise<void> {
    const { state, effects } = reduceChatSession(session.state, event, now());
    if (state === session.state && effects.length === 0) return;
    const stored = await repository.storeStep(id, session.version, nodeId, stepOf(state), leaseMs);
    if (!stored) {
      // Another node owns it now (or the row is gone): this node stops continuing it.
      sessions.delete(id);
      log.warn({ sessionId: id, event: event.type }, 'live session step not stored: not the owner');
      return;
    }
    const statusBefore = session.state.status;
    session.state = state;
    session.version += 1;
    if (state.status === 'ended') sessions.delete(id);
    for (const effect of effects) await run(id, session, effect);
    if (state.status !== statusBefore && state.status !== 'ended') {
      await publish(state.guestId, {
        type: 'liveState',
        sessionId: id,
        status: state.status,
        exitCode: state.exitCode,
      });
    }
  }

  async function run(id: string, session: OwnedSession, effect: ChatSessionEffect): Promise<void> {
    switch (effect.type) {
      case 'chargeMinute': {
        const result = await charge(effect);
        if (result?.type === 'chargeSucceeded') await recordMinute(effect);
        if (result) await step(id, session, result);
        return;
      }
      case 'relayMessage':
        return relay(id, session, effect);
      case 'startMedia':
        try {
          await deps.media?.offer({
            sessionId: id,
            guestId: session.state.guestId,
            actorId: session.state.actorId,
            actorName: session.state.actorName,
          });
        } catch (error) {
          // The platform's media failed (910, video fail): nothing was delivered, nothing is charged.
          log.error({ err: error, sessionId: id }, 'live media not started');
          void feed(id, { type: 'mediaFailure', code: 910 });
        }
        return;
      case 'stopMedia':
        await deps.media?.stop(id);
        return;
      case 'endSession':
        log.info({ sessionId: id, exitCode: effect.exitCode }, 'live session ends');
        deps.performer?.sessionEnded(id, session.state.actorId, effect.exitCode);
        await deps.media?.stop(id);
        await publish(session.state.guestId, { type: 'liveEnded', sessionId: id, exitCode: effect.exitCode });
        return;
      case 'notifyChatEnd':
        log.info(
          {
            sessionId: id,
            exitCode: effect.exitCode,
            minutesBilled: effect.minutesBilled,
            priceCents: effect.chatEnd.priceCents,
          },
          'live session ended',
        );
        // A free chat's delivered time comes off the guest's free chat time (before chatEnd, so a
        // page that reads its offers on chatEnd sees the time left).
        if (session.state.type === 'free-chat')
          await recordFreeChat(id, session.state, effect.freeChatMsUsed);
        await publish(effect.guestId, chatEndEvent(effect));
        return;
      case 'publishMeter':
        await publish(effect.guestId, liveMeterEvent(effect));
        return;
      case 'usePreviewUnit':
        // The preview's first frame arrived: it uses one of the guest's preview units of the hour.
        try {
          await repository.recordPreviewUnit({
            sessionId: id,
            guestId: effect.guestId,
            actorId: effect.actorId,
            usedAt: new Date(effect.at),
          });
        } catch (error) {
          log.error({ err: error, sessionId: id }, 'live preview unit not recorded');
        }
        return;
      // The service asks the performer when it opens the session (it knows the guest's name and
      // language).
      case 'askPerformer':
        return;
    }
  }

  /** The free chat time a free chat used, once per session, on the UTC day it started. */
  async function recordFreeChat(id: string, state: ChatSessionState, ms: number): Promise<void> {
    try {
      await repository.recordFreeChatUse({
        sessionId: id,
        guestId: state.guestId,
        day: utcDayOf(state.requestedAt),
        ms,
      });
    } catch (error) {
      log.error({ err: error, sessionId: id }, 'live free chat time not recorded');
    }
  }

  /** Stores a message once per message id, then tells the guest's pages and (a guest's) the performer. */
  async function relay(id: string, session: OwnedSession, effect: Effect<'relayMessage'>): Promise<void> {
    const stored = await repository.insertMessage({
      sessionId: id,
      messageId: session.messageId ?? randomUUID(),
      sender: effect.from,
      text: effect.text,
      at: new Date(now()),
    });
    if (!stored) return;
    await publish(session.state.guestId, {
      type: 'liveMessage',
      sessionId: id,
      messageId: stored.messageId,
      from: effect.from,
      text: stored.text,
      at: stored.at.toISOString(),
    });
    if (effect.from === 'guest') deps.performer?.guestMessage(id, session.state.actorId, effect.text);
  }

  /** The receipt's row of a settled minute (once per minute; the ledger or the voucher holds the money). */
  async function recordMinute(effect: Effect<'chargeMinute'>): Promise<void> {
    try {
      await repository.recordMinute(effect);
    } catch (error) {
      log.error({ err: error, sessionId: effect.sessionId }, 'live minute not recorded');
    }
  }

  /** The guest's funds for a session with the performer: balance and usable voucher minutes. */
  async function fundsOf(guestId: number, actorId: number) {
    const [balanceCents, voucherMinutes] = await Promise.all([
      wallet.guestBalance(guestId),
      vouchers.chatMinuteVouchers(guestId, actorId),
    ]);
    return { balanceCents, voucherMinutes };
  }

  /** A minute paid with a voucher unit under the minute's key (promotions decides); see `charge`. */
  async function chargeVoucher(
    effect: Extract<ChatSessionEffect, { type: 'chargeMinute' }>,
  ): Promise<ChatSessionEvent | null> {
    try {
      const used = await vouchers.useChatMinuteVoucher(effect.guestId, effect.actorId, effect.idempotencyKey);
      const funds = await fundsOf(effect.guestId, effect.actorId);
      // Refused: no unit was left (another session used it, it expired); the engine re-plans the
      // minute with the funds read now (coins, or the end when there are none).
      return {
        type: used.ok ? 'chargeSucceeded' : 'chargeRefused',
        minuteIndex: effect.minuteIndex,
        ...funds,
      };
    } catch (error) {
      // No answer: the engine emits the charge again with the same key after chargeRetryMs.
      log.error(
        { err: error, sessionId: effect.sessionId, key: effect.idempotencyKey },
        'live voucher minute failed',
      );
      return null;
    }
  }

  /** A minute through the ledger (or a voucher); the event to reduce next, or null without an answer. */
  async function charge(
    effect: Extract<ChatSessionEffect, { type: 'chargeMinute' }>,
  ): Promise<ChatSessionEvent | null> {
    if (effect.paidWith === 'voucher') return chargeVoucher(effect);
    try {
      await wallet.purchase(effect.guestId, effect.cents, effect.idempotencyKey, {
        performerId: effect.actorId,
        kind: 'chat',
        // No timestamps: a replay of the same minute hashes the same (decision 0011).
        reference: {
          sessionId: effect.sessionId,
          minuteIndex: effect.minuteIndex,
          partial: effect.partial,
        },
      });
      const funds = await fundsOf(effect.guestId, effect.actorId);
      return { type: 'chargeSucceeded', minuteIndex: effect.minuteIndex, ...funds };
    } catch (error) {
      if (error instanceof NotEnoughMoneyError) {
        const funds = await fundsOf(effect.guestId, effect.actorId);
        return { type: 'chargeRefused', minuteIndex: effect.minuteIndex, ...funds };
      }
      // No answer: the engine emits the charge again with the same key after chargeRetryMs.
      log.error(
        { err: error, sessionId: effect.sessionId, key: effect.idempotencyKey },
        'live charge failed',
      );
      return null;
    }
  }

  /**
   * Queues an event of an owned session, made from the session's state when its turn comes (after its
   * earlier steps); resolves once it (and its charges) are done.
   */
  function enqueue(
    id: string,
    type: ChatSessionEvent['type'],
    make: (session: OwnedSession) => ChatSessionEvent,
  ): Promise<void> {
    const session = sessions.get(id);
    if (!session) return Promise.resolve();
    const next = session.queue.then(async () => {
      if (sessions.get(id) !== session) return;
      try {
        await step(id, session, make(session));
      } catch (error) {
        log.error({ err: error, sessionId: id, event: type }, 'live session step failed');
      } finally {
        session.messageId = undefined;
      }
    });
    session.queue = next;
    return next;
  }

  /**
   * Queues an event of an owned session; resolves once it (and its charges) are done. A message
   * carries its id (`messageId`): the relay stores it once under that id.
   */
  function feed(id: string, event: ChatSessionEvent, messageId?: string): Promise<void> {
    if (messageId === undefined) return enqueue(id, event.type, () => event);
    return enqueue(id, event.type, (session) => {
      session.messageId = messageId;
      return event;
    });
  }

  async function tick(): Promise<void> {
    const ids = [...sessions.keys()];
    if (ids.length === 0) return;
    await Promise.all(ids.map((id) => feed(id, { type: 'tick' })));
    try {
      // Only the sessions this node holds: a row it does not (an adoption that never arrived) runs
      // out and is claimed by a sweeper like a dead node's.
      await repository.renewLeases(nodeId, leaseMs, [...sessions.keys()]);
    } catch (error) {
      log.error({ err: error }, 'live leases not renewed');
    }
  }

  /**
   * Claims the sessions of nodes whose lease ran out and continues them with `handOver`: nothing
   * after the dead node's last event counts as delivered, a charge it left without an answer is sent
   * again with its key, and the guest reconnects within the grace period or the session ends with
   * 910 (the current minute not charged).
   */
  async function sweep(): Promise<number> {
    const claimed = await repository.claimExpired(nodeId, leaseMs, SWEEP_BATCH);
    await Promise.all(
      claimed.map(async (row) => {
        sessions.set(row.id, {
          state: row.state as unknown as ChatSessionState,
          version: row.version,
          queue: Promise.resolve(),
        });
        await feed(row.id, { type: 'handOver' });
        await offerAgain(row.id);
      }),
    );
    if (claimed.length > 0) log.warn({ claimed: claimed.length }, 'live sessions taken over');
    return claimed.length;
  }

  /**
   * A new viewer on this node for a session it took over whose media may flow (starting, running),
   * offered to the guest's pages; a failure is logged (the grace period then ends the session).
   */
  async function offerAgain(id: string): Promise<void> {
    const state = sessions.get(id)?.state;
    if (!deps.media || !state || (state.status !== 'starting' && state.status !== 'running')) return;
    try {
      await deps.media.offer({
        sessionId: id,
        guestId: state.guestId,
        actorId: state.actorId,
        actorName: state.actorName,
      });
    } catch (error) {
      log.error({ err: error, sessionId: id }, 'live media not offered after a hand-over');
    }
  }

  /** Sleeps until the earliest deadline of the owned sessions, at most one tick interval. */
  function schedule(): void {
    if (!running) return;
    let wait = tickMs;
    for (const session of sessions.values()) {
      const deadline = nextDeadline(session.state);
      if (deadline !== null) wait = Math.min(wait, Math.max(0, deadline - now()));
    }
    timer = setTimeout(() => {
      const sweepDue = now() - lastSweepAt >= SWEEP_EVERY_MS;
      if (sweepDue) lastSweepAt = now();
      const sweeping = sweepDue
        ? sweep().catch((error) => log.error({ err: error }, 'live sweep failed'))
        : Promise.resolve();
      void sweeping.then(() => tick()).finally(schedule);
    }, wait);
    timer.unref();
  }

  return {
    /**
     * Takes a session this node created (or claimed) into the loop and runs its opening effects
     * (`startMedia` of a chat that needs no accept) in its queue; resolves when they are done.
     */
    adopt(
      state: ChatSessionState,
      version: number,
      effects: readonly ChatSessionEffect[] = [],
    ): Promise<void> {
      const session: OwnedSession = { state, version, queue: Promise.resolve() };
      sessions.set(state.sessionId, session);
      session.queue = (async () => {
        for (const effect of effects) {
          try {
            await run(state.sessionId, session, effect);
          } catch (error) {
            log.error({ err: error, sessionId: state.sessionId, effect: effect.type }, 'live effect failed');
          }
        }
      })();
      return session.queue;
    },
    /** Whether this node continues the session. */
    owns: (id: string): boolean => sessions.has(id),
    /** The ids of every session this node continues (the show job's scan). */
    owned: (): string[] => [...sessions.keys()],
    /** The sessions of a performer this node continues (of one chat type, when given). */
    ownedOf: (actorId: number, type?: ChatSessionState['type']): string[] =>
      [...sessions.values()]
        .filter(({ state }) => state.actorId === actorId && (type === undefined || state.type === type))
        .map(({ state }) => state.sessionId),
    /** The state this node holds of an owned session. */
    stateOf: (id: string): ChatSessionState | undefined => sessions.get(id)?.state,
    feed,
    tick,
    sweep,
    /**
     * A committed change of a guest's wallet (a top-up, an auto-recharge, money spent elsewhere)
     * reaches the guest's sessions as `fundsChanged`; the voucher minutes stay the session's own
     * (as its last charge result read them, taken in its turn, after its earlier charges). Not
     * awaited: the wallet announces changes while a session's own charge may still be running. The
     * session's own minutes arrive as charge results, with the funds read after each.
     */
    walletChanged(change: { guestId: number; kind: string; balanceAfterCents: number }): void {
      if (change.kind === 'chat') return;
      for (const [id, session] of sessions) {
        if (session.state.guestId !== change.guestId) continue;
        void enqueue(id, 'fundsChanged', (current) => ({
          type: 'fundsChanged',
          balanceCents: change.balanceAfterCents,
          voucherMinutes: current.state.voucherMinutes,
        }));
      }
    },
    start(): void {
      if (running) return;
      running = true;
      schedule();
    },
    stop(): void {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export type LiveLoop = ReturnType<typeof createLiveLoop>;

/**
 * The performer half of the demo's activity simulator (issue 16, decision 0038 part 7; the presence
 * module's half lets performers come and go). While PERFORMER_SIMULATOR is on, it plays every
 * performer that no performer app used in the last CLIENT_GRACE_MS:
 *
 * - a chat request is accepted after a varied 1–4 s;
 * - a guest's message is answered after a varied 2–6 s with one of the canned texts of
 *   packages/i18n `performer-replies` in the guest's page language (never the same text twice in a
 *   row in a chat); instead of answering, with PERFORMER_SIMULATOR_KICK_RATE it ends the chat (201)
 *   and with PERFORMER_SIMULATOR_OFFLINE_RATE it goes offline (its chats end with 203).
 *
 * It acts through the performer desk's own functions, the ones the performer API's handlers call
 * (accept, message, kick, setOnline), with the same checks (its own session, the session's state).
 * In-process rather than over HTTP because it plays every performer at once: the HTTP API would need
 * one long poll per performer, while the desk tells it each event as it happens (`subscribe`). The
 * API itself is the same code path from the desk inward.
 */
import type { PerformerEvent } from '@vela/contracts/performer-api';
import { PERFORMER_REPLY_KEYS, performerReplyMessages } from '@vela/i18n/messages/performer-replies';
import type { PerformerDeskService } from './live.performer.ts';

/** A performer app that called the API within this long plays the performer itself. */
export const CLIENT_GRACE_MS = 60_000;

export interface PerformerSimulatorOptions {
  desk: PerformerDeskService;
  /** Chance (0–1) per guest message to end the chat (201) instead of answering. */
  kickRate: number;
  /** Chance (0–1) per guest message to go offline (203) instead of answering. */
  offlineRate: number;
  /** The delays (ms, min–max) before accepting and before answering. */
  acceptDelayMs?: readonly [number, number];
  replyDelayMs?: readonly [number, number];
  random?: () => number;
  log: { debug(object: object, message: string): void };
}

export function createPerformerSimulator(options: PerformerSimulatorOptions) {
  const { desk, log } = options;
  const random = options.random ?? Math.random;
  const acceptDelay = options.acceptDelayMs ?? [1000, 4000];
  const replyDelay = options.replyDelayMs ?? [2000, 6000];
  /** Timers per session, cleared when the chat ends. */
  const timers = new Map<string, Set<NodeJS.Timeout>>();
  const lastReply = new Map<string, number>();
  let unsubscribe: (() => void) | null = null;

  const between = ([min, max]: readonly [number, number]) => min + Math.floor(random() * (max - min + 1));

  function later(sessionId: string, delayMs: number, action: () => Promise<unknown>): void {
    const set = timers.get(sessionId) ?? new Set();
    timers.set(sessionId, set);
    const timer = setTimeout(() => {
      set.delete(timer);
      action().catch((error: unknown) => {
        // The chat may have ended or changed meanwhile (409/404): nothing to do.
        log.debug({ err: error, sessionId }, 'simulated performer action not taken');
      });
    }, delayMs);
    timer.unref();
    set.add(timer);
  }

  function forget(sessionId: string): void {
    for (const timer of timers.get(sessionId) ?? []) clearTimeout(timer);
    timers.delete(sessionId);
    lastReply.delete(sessionId);
  }

  /** A canned answer in the guest's language, not the one this chat got last. */
  function replyText(actorId: number, sessionId: string): string {
    const language = desk.chatOf(actorId, sessionId)?.language ?? 'en';
    const last = lastReply.get(sessionId);
    let index = Math.floor(random() * PERFORMER_REPLY_KEYS.length);
    if (index === last) index = (index + 1) % PERFORMER_REPLY_KEYS.length;
    lastReply.set(sessionId, index);
    const key = PERFORMER_REPLY_KEYS[index] ?? 'reply1';
    return performerReplyMessages[language][key];
  }

  function answerMessage(actorId: number, sessionId: string): Promise<unknown> {
    const roll = random();
    if (roll < options.kickRate) return desk.kick(actorId, sessionId);
    if (roll < options.kickRate + options.offlineRate) return desk.setOnline(actorId, false);
    return desk.message(actorId, sessionId, replyText(actorId, sessionId));
  }

  function onEvent(actorId: number, event: PerformerEvent): void {
    if (event.type === 'chatEnded') {
      forget(event.sessionId);
      return;
    }
    if (desk.hasClient(actorId, CLIENT_GRACE_MS)) return;
    if (event.type === 'chatRequest') {
      const { sessionId } = event.chat;
      later(sessionId, between(acceptDelay), () => desk.accept(actorId, sessionId));
    } else {
      later(event.sessionId, between(replyDelay), () => answerMessage(actorId, event.sessionId));
    }
  }

  return {
    start(): void {
      if (unsubscribe) return;
      unsubscribe = desk.subscribe(onEvent);
    },
    stop(): void {
      unsubscribe?.();
      unsubscribe = null;
      for (const sessionId of [...timers.keys()]) forget(sessionId);
    },
    /** Sessions with a pending simulated action (tests). */
    pending: (): number => [...timers.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

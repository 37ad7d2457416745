/**
 * The performer half of the demo's activity simulator (issue 16, decision 0038 part 7; the presence
 * module's half lets performers come and go). While PERFORMER_SIMULATOR is on, it plays every
 * performer that no performer app used in the last CLIENT_GRACE_MS:
 *
 * - a chat request is accepted after a varied 1–4 s;
 * - a guest's message is answered after a varied 2–6 s with one of the canned texts of
 *   packages/i18n `performer-replies` in the guest's page language (never the same text twice in a
 *   row in a chat); instead of answering, with PERFORMER_SIMULATOR_KICK_RATE it ends the chat (201)
 *   and with PERFORMER_SIMULATOR_OFFLINE_RATE it goes offline (its chats end with 203) — never in a
 *   ticket show, which goes on until its end;
 * - in a video call (cam2cam) it watches the guest's camera once the guest publishes it (through the
 *   media port, as the performer API's `guest-camera` calls do; media/camera-watcher.ts counts the
 *   frames) and says `seeYou` once SEEN_FRAMES frames arrived: the guest sees in the chat that the
 *   camera reaches the performer.
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
import { type CameraMedia, type CameraWatcher, watchGuestCamera } from './media/camera-watcher.ts';

/** A performer app that called the API within this long plays the performer itself. */
export const CLIENT_GRACE_MS = 60_000;
/** Frames of the guest's camera a simulated performer sees before it says so (about a second). */
export const SEEN_FRAMES = 15;
/** How often (ms) and how many times it looks for the guest's camera after accepting a video call. */
const CAMERA_RETRY_MS = 1_000;
const CAMERA_ATTEMPTS = 60;

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
  /** The media path: with it, a simulated performer watches the guest camera of its video calls. */
  media?: CameraMedia;
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
  const watchers = new Map<string, CameraWatcher>();
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
    void watchers.get(sessionId)?.close();
    watchers.delete(sessionId);
  }

  /** Looks for the guest's camera of an accepted video call until it is there; says `seeYou` once it is seen. */
  function watchCamera(actorId: number, sessionId: string, attempt = 1): Promise<unknown> {
    const media = options.media;
    if (!media || watchers.has(sessionId) || desk.chatOf(actorId, sessionId)?.state !== 'accepted') {
      return Promise.resolve();
    }
    let greeted = false;
    return watchGuestCamera(media, sessionId, (frames) => {
      if (greeted || frames < SEEN_FRAMES) return;
      greeted = true;
      const language = desk.chatOf(actorId, sessionId)?.language ?? 'en';
      desk.message(actorId, sessionId, performerReplyMessages[language].seeYou).catch((error: unknown) => {
        log.debug({ err: error, sessionId }, 'simulated performer did not say it sees the camera');
      });
    }).then(
      async (watcher) => {
        // The chat may have ended while the watcher connected.
        if (desk.chatOf(actorId, sessionId)) watchers.set(sessionId, watcher);
        else await watcher.close();
      },
      (error: unknown) => {
        // Not published yet (LIVE_NO_VIEWER): look again a little later.
        if (attempt < CAMERA_ATTEMPTS) {
          later(sessionId, CAMERA_RETRY_MS, () => watchCamera(actorId, sessionId, attempt + 1));
        }
        throw error;
      },
    );
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
    // In a ticket show the show goes on: the performer neither ends a holder's chat nor goes offline.
    if (desk.chatOf(actorId, sessionId)?.type === 'ticket-show')
      return desk.message(actorId, sessionId, replyText(actorId, sessionId));
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
      const { sessionId, type } = event.chat;
      later(sessionId, between(acceptDelay), async () => {
        await desk.accept(actorId, sessionId);
        if (type === 'video-call') later(sessionId, CAMERA_RETRY_MS, () => watchCamera(actorId, sessionId));
      });
    } else if (event.type === 'guestTip' || event.type === 'toyAction') {
      // A tip or a toy action gets a thank-you / "I feel it" in the guest's language (issue 18).
      const key = event.type === 'guestTip' ? 'thanksTip' : 'feelToy';
      later(event.sessionId, between(replyDelay), () =>
        desk.message(
          actorId,
          event.sessionId,
          performerReplyMessages[desk.chatOf(actorId, event.sessionId)?.language ?? 'en'][key],
        ),
      );
    } else if (event.type === 'guestMessage') {
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

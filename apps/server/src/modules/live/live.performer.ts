/**
 * The performer desk (issue 16, decision 0038 part 7): the live module's PerformerDesk port
 * (performer-desk.ts) and the performer's actions, the one implementation behind the performer API
 * (performer.routes.ts) and the demo's activity simulator (performer.simulator.ts) alike.
 *
 * - What reaches a performer is kept per actor: the chats asked for and accepted (`chats`), and the
 *   events in order (`chatRequest`, `guestMessage`, `chatEnded`, each with a `seq` growing by one per
 *   actor; the last EVENTS_KEPT are kept). `inbox(actor, after, waitMs)` answers them, waiting up to
 *   `waitMs` for a first new one (long poll); `subscribe` tells the simulator each one as it happens.
 * - The actions check first that the session is the performer's (else 404, the same as an unknown
 *   one) and that its state allows the action (else 409), then feed the engine the performer's event
 *   through the live service (`feed` = `service.event`): accept -> `performerAccepted`, decline ->
 *   `performerDeclined` (201), kick -> `performerKick` (201), stop -> `performerStopSend` (202),
 *   message -> `message` from the performer (relayed to the guest, stored in the transcript), going
 *   offline -> the presence flag and `performerOffline` for each of its chats (a running chat ends
 *   with 203, one still asked for with 198; decision 0038 risk 5).
 * - Several nodes (decision 0038 part 7, "between nodes"): once `followNodes` runs, every change of
 *   a desk (a chat asked for, accepted, a guest's message, an end) is published on the bus channel
 *   `live-performer-desk` and taken by the desk of every node, this one included, so a performer's
 *   app sees its chats and events whatever node its long poll reached. Each node numbers the events
 *   it holds itself (`seq`). The simulator hears (`subscribe`) only the events of the sessions this
 *   node continues, so several nodes do not each answer the same message. An action on a session
 *   another node continues goes to that node (`forward`: the live relay's `performer` command) after
 *   this node's checks; without `forward` it answers 503.
 *
 * The desk takes `feed` and `sessionOf` as functions so the live module can build it before the
 * service that calls it (the service's `event` is what `feed` calls).
 */

import type { PerformerChat, PerformerEvent } from '@vela/contracts/performer-api';
import { PRESENCE_CHANNEL } from '@vela/contracts/socket';
import { AppError } from '../../http/errors.ts';
import type { EventBus, Unsubscribe } from '../../infra/bus.ts';
import type { PerformerInteraction } from './interaction/interaction.service.ts';
import type { LiveSessionEvent } from './live.service.ts';
import type { ChatRequestForPerformer, PerformerDesk } from './performer-desk.ts';

/** How many events are kept per performer for `inbox`. */
export const EVENTS_KEPT = 200;

type SessionStatus = 'requested' | 'starting' | 'running' | 'ending' | 'ended';

export interface PerformerDeskDeps {
  /** Feeds a session an event (the live service's `event`): false when this node does not continue it. */
  feed: (sessionId: string, event: LiveSessionEvent) => Promise<boolean>;
  /**
   * Feeds a session an event wherever it is continued (the live service's `forward`: here, or on its
   * owner node over the bus); false when no node continues it. Without it, `feed`.
   */
  forward?: (sessionId: string, event: LiveSessionEvent) => Promise<boolean>;
  /** The stored session: its performer, status and exit code (the live service's `sessionById`). */
  sessionOf: (
    sessionId: string,
  ) => Promise<{ actorId: number; status: string; exitCode: number | null } | undefined>;
  /** The presence module's online flag: null for an unknown actor. */
  presence: { setOnline(actorId: number, online: boolean): Promise<{ changed: boolean } | null> };
  now?: () => number;
}

export interface PerformerSessionAnswer {
  sessionId: string;
  status: SessionStatus;
  exitCode: number | null;
}

interface ActorDesk {
  chats: Map<string, PerformerChat>;
  events: PerformerEvent[];
  seq: number;
  waiters: Set<() => void>;
  /** When a performer app last called the API as this actor (epoch ms; 0 never). */
  clientSeenAt: number;
}

type DeskListener = (actorId: number, event: PerformerEvent) => void;

const LIVE: readonly SessionStatus[] = ['requested', 'starting', 'running'];

/** The bus channel on which the desks of all nodes share their changes. */
export const PERFORMER_DESK_CHANNEL = 'live-performer-desk';

type EventBody =
  | { type: 'chatRequest'; chat: PerformerChat }
  | { type: 'guestMessage'; sessionId: string; text: string }
  | { type: 'chatEnded'; sessionId: string; exitCode: number }
  | PerformerInteraction;

/** A change of a performer's desk: an event for the performer, or its chat accepted. */
type DeskChange = EventBody | { type: 'chatAccepted'; sessionId: string };

/** A desk change on the bus, from the node `origin`. */
interface DeskMessage {
  origin: string;
  actorId: number;
  change: DeskChange;
}

const isDeskMessage = (message: unknown): message is DeskMessage =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as DeskMessage).origin === 'string' &&
  typeof (message as DeskMessage).actorId === 'number' &&
  typeof (message as DeskMessage).change?.type === 'string';

export function createPerformerDesk(deps: PerformerDeskDeps) {
  const now = deps.now ?? Date.now;
  const actors = new Map<number, ActorDesk>();
  const listeners = new Set<DeskListener>();
  /** The bus and this node's name once `followNodes` runs: changes then go through the bus. */
  let shared: { bus: Pick<EventBus, 'publish'>; nodeId: string } | null = null;

  function deskOf(actorId: number): ActorDesk {
    let desk = actors.get(actorId);
    if (!desk) {
      desk = { chats: new Map(), events: [], seq: 0, waiters: new Set(), clientSeenAt: 0 };
      actors.set(actorId, desk);
    }
    return desk;
  }

  /** A change made on this node: to every node's desk through the bus, or (alone) to this one. */
  function push(actorId: number, change: DeskChange): void {
    if (!shared) {
      apply(actorId, change, true);
      return;
    }
    const message: DeskMessage = { origin: shared.nodeId, actorId, change };
    // A refused publish leaves the change on this node at least.
    shared.bus.publish(PERFORMER_DESK_CHANNEL, message).catch(() => apply(actorId, change, true));
  }

  /** Takes a change into this node's desk; `local`: made on this node (the simulator hears it). */
  function apply(actorId: number, change: DeskChange, local: boolean): void {
    const desk = deskOf(actorId);
    if (change.type === 'chatAccepted') {
      const chat = desk.chats.get(change.sessionId);
      if (chat) chat.state = 'accepted';
      return;
    }
    if (change.type === 'chatRequest') desk.chats.set(change.chat.sessionId, change.chat);
    if (change.type === 'chatEnded' && !desk.chats.delete(change.sessionId)) return;
    const body: EventBody = change;
    desk.seq += 1;
    const event = { ...body, seq: desk.seq, at: new Date(now()).toISOString() } as PerformerEvent;
    desk.events.push(event);
    if (desk.events.length > EVENTS_KEPT) desk.events.splice(0, desk.events.length - EVENTS_KEPT);
    const waiters = [...desk.waiters];
    desk.waiters.clear();
    for (const wake of waiters) wake();
    if (!local) return;
    for (const listener of listeners) {
      try {
        listener(actorId, event);
      } catch {
        // A listener's failure is its own.
      }
    }
  }

  const port: PerformerDesk = {
    requestChat(request: ChatRequestForPerformer): void {
      const chat: PerformerChat = {
        sessionId: request.sessionId,
        guestName: request.guestName,
        language: request.language,
        type: request.type,
        state: 'requested',
        requestedAt: new Date(now()).toISOString(),
      };
      push(request.actorId, { type: 'chatRequest', chat });
    },
    guestMessage(sessionId: string, actorId: number, text: string): void {
      push(actorId, { type: 'guestMessage', sessionId, text });
    },
    /** A tip, a toy action or a reaction in a chat of the performer (interaction/interaction.service.ts). */
    interaction(actorId: number, event: PerformerInteraction): void {
      push(actorId, event);
    },
    sessionEnded(sessionId: string, actorId: number, exitCode: number): void {
      // Shared: every node drops the chat it holds (this one may not have heard of it yet when the
      // chat was asked for on another node); alone: only a chat this desk holds ends.
      if (!shared && !deskOf(actorId).chats.has(sessionId)) return;
      push(actorId, { type: 'chatEnded', sessionId, exitCode });
    },
  };

  /** The session if it is the performer's (else 404: another performer's session is unknown to it). */
  async function ownSession(actorId: number, sessionId: string) {
    const row = await deps.sessionOf(sessionId);
    if (!row || row.actorId !== actorId) throw new AppError('NOT_FOUND', 'No such chat session', 404);
    return { ...row, status: row.status as SessionStatus };
  }

  /** `performerOffline` for each of the performer's chats this node continues; how many it took. */
  async function wentOffline(actorId: number): Promise<number> {
    let ended = 0;
    for (const sessionId of [...(actors.get(actorId)?.chats.keys() ?? [])]) {
      if (await deps.feed(sessionId, { type: 'performerOffline' })) ended += 1;
    }
    return ended;
  }

  async function answerOf(sessionId: string): Promise<PerformerSessionAnswer> {
    const row = await deps.sessionOf(sessionId);
    return {
      sessionId,
      status: (row?.status ?? 'ended') as SessionStatus,
      exitCode: row?.exitCode ?? null,
    };
  }

  /** The performer's own session in one of the `allowed` states (else 404, 409). */
  async function ownSessionIn(actorId: number, sessionId: string, allowed: readonly SessionStatus[]) {
    const session = await ownSession(actorId, sessionId);
    if (!allowed.includes(session.status)) {
      throw new AppError(
        'CONFLICT',
        `Not possible while the chat is ${session.status} (allowed: ${allowed.join(', ')})`,
        409,
      );
    }
    return session;
  }

  /** One performer action: owner check, state check, then the engine's event. */
  async function act(
    actorId: number,
    sessionId: string,
    allowed: readonly SessionStatus[],
    event: LiveSessionEvent,
  ): Promise<PerformerSessionAnswer> {
    await ownSessionIn(actorId, sessionId, allowed);
    if (!(await (deps.forward ?? deps.feed)(sessionId, event))) {
      throw new AppError('SERVICE_UNAVAILABLE', 'No server continues the chat right now; try again', 503);
    }
    return answerOf(sessionId);
  }

  return {
    ...port,

    accept: async (actorId: number, sessionId: string) => {
      const answer = await act(actorId, sessionId, ['requested'], { type: 'performerAccepted' });
      if (actors.get(actorId)?.chats.has(sessionId) && LIVE.includes(answer.status)) {
        push(actorId, { type: 'chatAccepted', sessionId });
      }
      return answer;
    },
    decline: (actorId: number, sessionId: string) =>
      act(actorId, sessionId, ['requested'], { type: 'performerDeclined' }),
    kick: (actorId: number, sessionId: string) => act(actorId, sessionId, LIVE, { type: 'performerKick' }),
    stopSend: (actorId: number, sessionId: string) =>
      act(actorId, sessionId, ['starting', 'running'], { type: 'performerStopSend' }),
    message: (actorId: number, sessionId: string, text: string) =>
      act(actorId, sessionId, ['running'], { type: 'message', from: 'performer', text }),

    /**
     * The performer comes online or goes offline; going offline ends each of its chats this node
     * continues (`performerOffline`: 203 running, 198 still asked for). Null for an unknown actor.
     */
    async setOnline(
      actorId: number,
      online: boolean,
    ): Promise<{ actorId: number; online: boolean; changed: boolean; chatsEnded: number } | null> {
      const change = await deps.presence.setOnline(actorId, online);
      if (!change) return null;
      const chatsEnded = online ? 0 : await wentOffline(actorId);
      return { actorId, online, changed: change.changed, chatsEnded };
    },

    /** Checks that a session is the performer's and its media may flow (starting, running): else 404 / 409. */
    mediaSession: async (actorId: number, sessionId: string): Promise<void> => {
      await ownSessionIn(actorId, sessionId, ['starting', 'running']);
    },

    /** Whether the performer has a chat here (asked for or accepted). */
    inChat: (actorId: number): boolean => (actors.get(actorId)?.chats.size ?? 0) > 0,

    /**
     * Ends the performer's chats whenever presence says it went offline, whoever set the flag (this
     * API, the operator's route, the demo's presence step), on every node: the presence events on the
     * bus (`presence`, `actorOffline`). Returns the unsubscribe.
     */
    followPresence(bus: Pick<EventBus, 'subscribe'>): Promise<Unsubscribe> {
      return bus.subscribe(PRESENCE_CHANNEL, (event) => {
        if (typeof event !== 'object' || event === null) return;
        const { type, actorId } = event as { type?: unknown; actorId?: unknown };
        // A failed step is logged by the loop; nothing is left to do here.
        if (type === 'actorOffline' && typeof actorId === 'number') void wentOffline(actorId).catch(() => 0);
      });
    },

    /**
     * Shares this desk's changes with the desks of all nodes (and takes theirs) through the bus
     * channel PERFORMER_DESK_CHANNEL; `nodeId` tells this node's own changes apart. Returns the
     * unsubscribe (after it, changes stay on this node again).
     */
    async followNodes(bus: Pick<EventBus, 'subscribe' | 'publish'>, nodeId: string): Promise<Unsubscribe> {
      const unsubscribe = await bus.subscribe(PERFORMER_DESK_CHANNEL, (message) => {
        if (isDeskMessage(message)) apply(message.actorId, message.change, message.origin === nodeId);
      });
      shared = { bus, nodeId };
      return async () => {
        shared = null;
        await unsubscribe();
      };
    },

    /**
     * The performer's chats and its events after `after` (0: all kept); waits up to `waitMs` for a
     * first new event, or until `signal` aborts (the caller went away). A cursor ahead of this
     * desk's (the server restarted) counts as 0.
     */
    async inbox(actorId: number, after: number, waitMs = 0, signal?: AbortSignal) {
      const desk = deskOf(actorId);
      const from = after > desk.seq ? 0 : after;
      if (desk.seq <= from && waitMs > 0 && !signal?.aborted) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            desk.waiters.delete(done);
            signal?.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, waitMs);
          desk.waiters.add(done);
          signal?.addEventListener('abort', done, { once: true });
        });
      }
      return {
        actorId,
        cursor: desk.seq,
        chats: [...desk.chats.values()],
        events: desk.events.filter((event) => event.seq > from),
      };
    },

    /** A performer app used the API as this actor now (the simulator leaves such performers alone). */
    clientSeen(actorId: number): void {
      deskOf(actorId).clientSeenAt = now();
    },
    /** Whether a performer app used the API as this actor within `withinMs`. */
    hasClient(actorId: number, withinMs: number): boolean {
      const seen = actors.get(actorId)?.clientSeenAt ?? 0;
      return seen > 0 && now() - seen < withinMs;
    },
    /** A chat the desk holds (its guest's language for the simulator). */
    chatOf(actorId: number, sessionId: string): PerformerChat | undefined {
      return actors.get(actorId)?.chats.get(sessionId);
    },
    /** Every event as it happens, for the activity simulator; returns the unsubscribe. */
    subscribe(listener: DeskListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type PerformerDeskService = ReturnType<typeof createPerformerDesk>;

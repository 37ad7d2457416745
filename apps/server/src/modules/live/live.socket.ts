/**
 * The live chat messages of the guest socket (decision 0038 part 3; shapes in contracts live.ts).
 * The socket has validated the message (its shape, the 16 KB SDP and 500-character text limits,
 * control characters: decision 0025) and checked the guest's token; the live service decides the
 * rest: every answer, candidate, camera offer, media-up and message passes `mayMedia`, else the
 * socket answers `error` `LIVE_SESSION_NOT_ACTIVE` and nothing is forwarded. What the server has to
 * say goes to every open page of the guest on `guest:<id>` (offers, messages, state, the end); only
 * `liveJoin` is answered on this socket too, with the session's state.
 */
import { AppError } from '../../http/errors.ts';
import type { SocketHandlers, SocketLifecycle } from '../realtime/socket.types.ts';
import type { LiveService } from './live.service.ts';

/** A candidate as the media port takes it (no undefined fields). */
function candidateOf(candidate: {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}) {
  return {
    candidate: candidate.candidate,
    sdpMid: candidate.sdpMid ?? null,
    sdpMLineIndex: candidate.sdpMLineIndex ?? null,
  };
}

const notActive = () => new AppError('LIVE_SESSION_NOT_ACTIVE', 'This chat is not active', 409);

/**
 * The live messages and what the live module hears of the socket's life: the sessions a page joined
 * hear its pings (`guestAlive`: the client timeout of spec 9 pings) and its close
 * (`guestDisconnected`, unless another page on this node shows the session too; a reload's
 * `liveJoin` within the grace period brings the guest back).
 */
export function liveSocket(
  service: LiveService,
  log: { warn(object: object, message: string): void },
): { handlers: SocketHandlers; lifecycle: SocketLifecycle } {
  /** The sessions each open page (socket) joined. */
  const joined = new Map<string, { guestId: number; sessions: Set<string> }>();
  /** A hook's work runs after the socket's; a failure (the database gone at shutdown) is logged. */
  const later = (work: Promise<void>, sessionId: string) =>
    void work.catch((error: unknown) => log.warn({ err: error, sessionId }, 'live page hook failed'));
  const shownElsewhere = (connectionId: string, sessionId: string) =>
    [...joined].some(([id, page]) => id !== connectionId && page.sessions.has(sessionId));
  /** The page shows the session: its pings and its close count for it. */
  const shows = (context: { connectionId: string; guestId: number }, sessionId: string) => {
    const page = joined.get(context.connectionId) ?? { guestId: context.guestId, sessions: new Set() };
    page.sessions.add(sessionId);
    joined.set(context.connectionId, page);
  };

  const lifecycle: SocketLifecycle = {
    ping(context) {
      for (const sessionId of joined.get(context.connectionId)?.sessions ?? []) {
        later(service.alive(context.guestId, sessionId), sessionId);
      }
    },
    /** The age check was revoked (spec 6): an FSK-18 chat on this page ends with 601. */
    guestEvent(context, event) {
      if (event.type !== 'avsRevoked') return;
      for (const sessionId of joined.get(context.connectionId)?.sessions ?? []) {
        later(service.revoked(context.guestId, sessionId, 'ageCheckRevoked'), sessionId);
      }
    },
    closed(context, why) {
      const page = joined.get(context.connectionId);
      joined.delete(context.connectionId);
      for (const sessionId of page?.sessions ?? []) {
        // The guest logged out (101) or was locked (920) on the page of the chat: the chat ends.
        if (why !== 'gone') {
          later(
            service.revoked(context.guestId, sessionId, why === 'locked' ? 'guestLocked' : 'logout'),
            sessionId,
          );
          continue;
        }
        if (!shownElsewhere(context.connectionId, sessionId))
          later(service.gone(context.guestId, sessionId), sessionId);
      }
    },
  };

  const handlers: SocketHandlers = {
    async liveJoin(context, message) {
      const { status, exitCode } = await service.join(context.guestId, message.sessionId);
      if (status !== 'ended') shows(context, message.sessionId);
      return { type: 'liveState', sessionId: message.sessionId, status, exitCode } as const;
    },
    async liveAnswer(context, message) {
      await service.answer(context.guestId, message.sessionId, message.offerId, message.sdp);
      // An offer the page did not ask for (a node that took the session over sent it) is answered
      // from a page that may never have sent liveJoin on this socket.
      shows(context, message.sessionId);
      return undefined;
    },
    async liveIceCandidate(context, message) {
      await service.candidate(
        context.guestId,
        message.sessionId,
        message.offerId,
        candidateOf(message.candidate),
      );
      return undefined;
    },
    async livePublishOffer(context, message) {
      await service.publishOffer(context.guestId, message.sessionId, message.sdp);
      return undefined;
    },
    async liveMediaUp(context, message) {
      await service.mediaUp(context.guestId, message.sessionId, message.offerId);
      return undefined;
    },
    async liveMessage(context, message) {
      await service.message(context.guestId, message.sessionId, message.messageId, message.text);
      return undefined;
    },
    async liveExit(context, message) {
      const ended = await service.exit(context.guestId, message.sessionId, message.code);
      if (!ended) throw notActive();
      return undefined;
    },
  };
  return { handlers, lifecycle };
}

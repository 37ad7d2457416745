/**
 * The media side of the live sessions this node owns (issue 16, decision 0038 parts 3 and 5): it asks
 * the LiveMedia port for a viewer of the performer's source, sends the viewer's offer to the guest's
 * pages (`liveOffer` on `guest:<id>`), forwards the page's answer, candidates and cam2cam camera to
 * the port, and turns delivery into the engine's `mediaUp` / `mediaDown`.
 *
 * Who says media is up (decision 0038 part 5): the session gets `mediaUp` only when both the server's
 * transport state of the current viewer is up (`onDelivery` 'up', side guest) and the page said it
 * decoded a frame of that offer (`liveMediaUp` with its `offerId`); the source must not be down.
 * `mediaDown` comes from the server side only: a page claiming a stall cannot stop its own billing.
 *
 * No authorisation here: the live service checks `mayMedia` before it calls any of this.
 */
import { randomUUID } from 'node:crypto';
import type { GuestSocketEvent } from '@vela/contracts/socket';
import { AppError } from '../../http/errors.ts';
import { type IceCandidateInit, type LiveMedia, LiveMediaError } from './media/live-media.ts';

/** The engine events delivery causes. */
export type DeliveryEvent = { type: 'mediaUp' } | { type: 'mediaDown'; side: 'performer' | 'guest' };

export interface LiveSignalingDeps {
  media: LiveMedia;
  /** Every open page of the guest (on every node): publishToGuest on the bus. */
  publish: (guestId: number, event: GuestSocketEvent) => Promise<unknown>;
  log: { warn(object: object, message: string): void };
}

/** The session a viewer is opened for. */
export interface ViewerFor {
  sessionId: string;
  guestId: number;
  actorId: number;
  actorName: string;
}

interface Viewer {
  guestId: number;
  offerId: string;
  answered: boolean;
  /** The server's transport state (onDelivery, side guest). */
  transportUp: boolean;
  /** The page decoded a frame of this offer. */
  browserUp: boolean;
  /** The performer's source stopped (onDelivery 'down', side performer). */
  sourceDown: boolean;
  /** What the engine was last told. */
  told: 'up' | 'down' | null;
}

/** A refusal of the media port as the caller's 4xx (a bad SDP, no viewer), else the error itself. */
export function mediaRefusal(error: unknown): unknown {
  if (!(error instanceof LiveMediaError)) return error;
  switch (error.code) {
    case 'LIVE_BAD_SDP':
      return new AppError('INVALID_SDP', error.message, 400);
    case 'LIVE_NO_VIEWER':
    case 'LIVE_NO_SOURCE':
      return new AppError('LIVE_SESSION_NOT_ACTIVE', error.message, 409);
    case 'LIVE_CAPACITY':
      return new AppError('SERVICE_UNAVAILABLE', error.message, 503);
  }
}

const noViewer = () => new AppError('LIVE_SESSION_NOT_ACTIVE', 'No open offer for this session', 409);

export function createLiveSignaling(deps: LiveSignalingDeps) {
  const { media, publish, log } = deps;
  const viewers = new Map<string, Viewer>();
  let feed: (sessionId: string, event: DeliveryEvent) => Promise<unknown> = async () => undefined;

  /** Tells the engine when the viewer's delivery changed (up needs all three signs). */
  function decide(sessionId: string, viewer: Viewer, downSide: 'performer' | 'guest' | null): void {
    const up = viewer.transportUp && viewer.browserUp && !viewer.sourceDown;
    if (up && viewer.told !== 'up') {
      viewer.told = 'up';
      void feed(sessionId, { type: 'mediaUp' });
    } else if (!up && downSide !== null && viewer.told === 'up') {
      viewer.told = 'down';
      void feed(sessionId, { type: 'mediaDown', side: downSide });
    }
  }

  const unsubscribe = media.onDelivery((sessionId, state, side) => {
    const viewer = viewers.get(sessionId);
    if (!viewer) return;
    if (side === 'guest') viewer.transportUp = state === 'up';
    else viewer.sourceDown = state === 'down';
    decide(sessionId, viewer, state === 'down' ? side : null);
  });

  return {
    /** Where delivery changes go (the loop's `feed`); set once the loop exists. */
    bind(feedSession: (sessionId: string, event: DeliveryEvent) => Promise<unknown>): void {
      feed = feedSession;
    },

    /**
     * A new viewer for the session (the first, or after a reload: the old one is closed): the
     * performer's source is started (the test pattern with the performer's name), and the offer goes
     * to every open page of the guest.
     */
    async offer(session: ViewerFor): Promise<void> {
      const previous = viewers.get(session.sessionId);
      if (previous) {
        viewers.delete(session.sessionId);
        await media.close(session.sessionId);
        if (previous.told === 'up') await feed(session.sessionId, { type: 'mediaDown', side: 'guest' });
      }
      await media.ensureSource(session.actorId, { kind: 'test-pattern', label: session.actorName });
      const { offerSdp } = await media.openViewer(session.sessionId, session.actorId);
      const offerId = randomUUID();
      viewers.set(session.sessionId, {
        guestId: session.guestId,
        offerId,
        answered: false,
        transportUp: false,
        browserUp: false,
        sourceDown: false,
        told: null,
      });
      await publish(session.guestId, {
        type: 'liveOffer',
        sessionId: session.sessionId,
        offerId,
        sdp: offerSdp,
      });
    },

    /** The page's answer to the current offer (once). */
    async answer(sessionId: string, offerId: string, sdp: string): Promise<void> {
      const viewer = viewers.get(sessionId);
      if (!viewer || viewer.offerId !== offerId || viewer.answered) throw noViewer();
      viewer.answered = true;
      await media.acceptViewerAnswer(sessionId, sdp).catch((error: unknown) => {
        viewer.answered = false;
        throw mediaRefusal(error);
      });
    },

    async candidate(sessionId: string, offerId: string, candidate: IceCandidateInit): Promise<void> {
      const viewer = viewers.get(sessionId);
      if (!viewer || viewer.offerId !== offerId) throw noViewer();
      await media.addCandidate(sessionId, candidate).catch((error: unknown) => {
        throw mediaRefusal(error);
      });
    },

    /** Cam2cam: the guest camera's offer; the answer goes to the guest's pages. */
    async publishCamera(sessionId: string, guestId: number, sdp: string): Promise<void> {
      const { answerSdp } = await media.publishGuestCamera(sessionId, sdp).catch((error: unknown) => {
        throw mediaRefusal(error);
      });
      await publish(guestId, { type: 'livePublishAnswer', sessionId, sdp: answerSdp });
    },

    /** The page decoded the first frame of `offerId`. */
    browserUp(sessionId: string, offerId: string): void {
      const viewer = viewers.get(sessionId);
      if (!viewer || viewer.offerId !== offerId) throw noViewer();
      viewer.browserUp = true;
      decide(sessionId, viewer, null);
    },

    /** Ends the session's media at once (idempotent). */
    async stop(sessionId: string): Promise<void> {
      viewers.delete(sessionId);
      try {
        await media.close(sessionId);
      } catch (error) {
        log.warn({ err: error, sessionId }, 'live media not closed');
      }
    },

    /** The current offer of a session (tests, the session view). */
    offerOf: (sessionId: string): string | null => viewers.get(sessionId)?.offerId ?? null,

    close(): void {
      unsubscribe();
      viewers.clear();
    },
  };
}

export type LiveSignaling = ReturnType<typeof createLiveSignaling>;

/**
 * The LiveMedia port (issue 16, decision 0038 part 5): the media path between a performer's source and
 * a guest's browser. Two implementations, chosen by configuration like the database: `JANUS_URL` set →
 * Janus (janus-media.ts), else embedded WebRTC in this process with werift (werift-media.ts).
 *
 * Signaling goes only through our server: the live module asks this port for a viewer's offer, sends
 * it to the guest's pages, and forwards the guest's answer and candidates back here only after its own
 * check (`mayMedia`). This port does no authorisation of its own; it never talks to a browser.
 *
 * Offers and answers are complete SDPs (non-trickle: candidates gathered before the SDP is handed out);
 * `addCandidate` exists for a browser that trickles anyway. Every call is keyed by the live session id
 * (a viewer) or the actor id (a source); `close` is idempotent and stops the viewer's media at once.
 */

export interface IceCandidateInit {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

export type LiveSource =
  /** The demo's generated test pattern (ffmpeg) with this label (the performer's name) and a clock. */
  | { kind: 'test-pattern'; label: string }
  /** A performer publishing from the broadcast page (publishPerformer). */
  | { kind: 'performer' };

export type DeliveryState = 'up' | 'down';
/** Which side of a session's media changed: the guest's viewer or the performer's source. */
export type DeliverySide = 'guest' | 'performer';

export type DeliveryListener = (sessionId: string, state: DeliveryState, side: DeliverySide) => void;

export interface LiveMedia {
  readonly kind: 'embedded' | 'janus';
  /** Starts (or reuses) the performer's source. A test-pattern source stops after LIVE_SOURCE_IDLE_MS without viewers. */
  ensureSource(actorId: number, source: LiveSource): Promise<void>;
  /** A new viewer of the actor's source for this session; the offer goes to the guest as `liveOffer`. */
  openViewer(sessionId: string, actorId: number): Promise<{ offerSdp: string }>;
  /** The guest's answer to the viewer's offer. */
  acceptViewerAnswer(sessionId: string, answerSdp: string): Promise<void>;
  /** A trickled ICE candidate of the guest's browser. */
  addCandidate(sessionId: string, candidate: IceCandidateInit): Promise<void>;
  /** Cam2cam: the guest's camera (an offer from the guest's browser) into the media path. */
  publishGuestCamera(sessionId: string, offerSdp: string): Promise<{ answerSdp: string }>;
  /** The performer broadcast page's camera (its offer) becomes the actor's source. */
  publishPerformer(actorId: number, offerSdp: string): Promise<{ answerSdp: string }>;
  /** Cam2cam, performer side: an offer that receives the session's guest camera. */
  subscribePerformerToGuest(sessionId: string): Promise<{ offerSdp: string }>;
  /** The performer's answer to subscribePerformerToGuest's offer. */
  acceptPerformerAnswer(sessionId: string, answerSdp: string): Promise<void>;
  /** Ends the session's media (viewer, guest camera); idempotent; media stops within 2 s. */
  close(sessionId: string): Promise<void>;
  /** Delivery changes: 'up' when the viewer's transport is connected and media flows, 'down' when it stops. */
  onDelivery(listener: DeliveryListener): () => void;
  /** What this node carries now (bench, health). */
  stats(): { sources: number; viewers: number };
  /** Stops every source and viewer (shutdown). */
  stop(): Promise<void>;
}

/**
 * A refusal of the media path the caller can act on (answer 4xx, not 500): `LIVE_BAD_SDP` a browser's
 * offer or answer that cannot be applied (malformed, no VP8 video), `LIVE_NO_SOURCE` no source for the
 * actor (ensureSource first), `LIVE_NO_VIEWER` no viewer / guest camera / performer subscriber for the
 * session, `LIVE_CAPACITY` this node carries as many peers as it may.
 */
export class LiveMediaError extends Error {
  constructor(
    readonly code: 'LIVE_BAD_SDP' | 'LIVE_NO_SOURCE' | 'LIVE_NO_VIEWER' | 'LIVE_CAPACITY',
    message: string,
  ) {
    super(message);
    this.name = 'LiveMediaError';
  }
}

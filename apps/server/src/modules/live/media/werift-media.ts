/**
 * The embedded LiveMedia (issue 16, decision 0038 part 5): WebRTC in this process with werift 0.24.
 *
 * - A **source** per actor is a fan-out of VP8 RTP packets. It is fed either by the test pattern
 *   (an ffmpeg child sending RTP to a UDP socket on 127.0.0.1, port picked by the system) or by a
 *   performer's browser (`publishPerformer`: a recvonly peer whose track's RTP is fanned out; it
 *   replaces the test pattern).
 * - A **viewer** per live session is a sendonly peer (VP8 only) with its own track: each source
 *   packet is written to it (werift sets the negotiated payload type, the sender's SSRC, SRTP).
 *   Offers are complete (ICE gathered before the SDP is handed out); host candidates on the
 *   machine's addresses and 127.0.0.1, ports from `LIVE_UDP_PORTS`, STUN/TURN from
 *   `LIVE_ICE_SERVERS`, host addresses announced as `LIVE_PUBLIC_IP` when set.
 * - **Delivery** of a viewer: `up` once the transport is `connected`, the guest's browser sends
 *   RTCP receiver reports and the source sends; `down` (side guest) when no receiver report came for
 *   5 s or the transport failed or closed, `down` (side performer) when the source sent nothing for
 *   3 s; `up` again when that recovers. `close()` is silent: the session is ending anyway.
 * - **Cam2cam**: the guest's camera (`publishGuestCamera`) is a per-session fan-out like a source;
 *   the performer's `subscribePerformerToGuest` peer is a viewer of it (its delivery is not
 *   reported: billing follows the guest's view of the performer).
 *
 * A viewer's PLI asks a browser publisher for a keyframe; the test pattern sends one every second.
 */
import dgram from 'node:dgram';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  type RTCRtpTransceiver,
  RtcpRrPacket,
  RtpPacket,
  useOPUS,
  useVP8,
} from 'werift';
import type { LiveIceServer } from '../../../config.ts';
import {
  type DeliveryListener,
  type DeliverySide,
  type IceCandidateInit,
  type LiveMedia,
  LiveMediaError,
  type LiveSource,
} from './live-media.ts';
import { type TestPatternOptions, TestPatternSource } from './test-pattern.ts';

export interface WeriftMediaConfig {
  liveUdpPorts: [number, number];
  liveSourceIdleMs: number;
  liveIceServers?: LiveIceServer[] | undefined;
  livePublicIp?: string | undefined;
}

/** What the media path logs (a pino logger fits). */
export interface LiveMediaLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface WeriftMediaOptions {
  log?: LiveMediaLog;
  /** The generated source's picture (tests use a smaller one). */
  testPattern?: Pick<TestPatternOptions, 'size' | 'rate' | 'bitrate' | 'ffmpegPath'>;
  /** A viewer without receiver reports for this long is down (side guest). Default 5000. */
  receiverReportTimeoutMs?: number;
  /** A source without packets for this long is down (side performer). Default 3000. */
  sourceTimeoutMs?: number;
  /** At most this many peer connections at once (viewers, publishers); more: LIVE_CAPACITY. Default 500. */
  maxPeers?: number;
}

const NEGOTIATION_TIMEOUT_MS = 10_000;

/** One stream of VP8 RTP packets and the peers it is written to. */
class Fanout {
  readonly outbound = new Set<Outbound>();
  lastPacketAt = 0;
  /** The next packet starts a new RTP stream (another publisher, a restarted ffmpeg). */
  private switched = false;
  /** Asks the publishing browser for a keyframe (not possible with ffmpeg). */
  requestKeyframe: (() => void) | undefined;
  private lastKeyframeRequest = 0;

  deliver(packet: Buffer): void {
    this.lastPacketAt = Date.now();
    if (this.switched) {
      this.switched = false;
      const header = RtpPacket.deSerialize(packet).header;
      for (const peer of this.outbound) peer.continueWith(header);
    }
    for (const peer of this.outbound) peer.write(packet);
  }

  sourceChanged(): void {
    this.switched = true;
    this.keyframe(true);
  }

  keyframe(force = false): void {
    const now = Date.now();
    if (!this.requestKeyframe || (!force && now - this.lastKeyframeRequest < 500)) return;
    this.lastKeyframeRequest = now;
    this.requestKeyframe();
  }
}

/** A sendonly peer connection fed by a fan-out: a guest's viewer or a performer's cam2cam view. */
class Outbound {
  readonly track = new MediaStreamTrack({ kind: 'video' });
  readonly transceiver: RTCRtpTransceiver;
  connected = false;
  closed = false;
  lastReportAt = 0;
  /** What was last reported (viewers only). */
  reported: { state: 'up' | 'down'; side: DeliverySide } | undefined;

  constructor(
    readonly key: string,
    readonly pc: RTCPeerConnection,
    readonly fanout: Fanout,
    readonly onClosed: () => void,
  ) {
    this.transceiver = pc.addTransceiver(this.track, { direction: 'sendonly' });
    this.transceiver.sender.onRtcp.subscribe((packet) => {
      if (packet.type === RtcpRrPacket.type) this.lastReportAt = Date.now();
    });
    this.transceiver.sender.onPictureLossIndication.subscribe(() => fanout.keyframe());
  }

  write(packet: Buffer): void {
    if (!this.closed) this.track.writeRtp(packet);
  }

  continueWith(header: RtpPacket['header']): void {
    // The viewer's stream goes on without a jump (a gap of one packet; the keyframe follows).
    if (!this.closed) this.transceiver.sender.replaceRTP(header, true);
  }

  /** Stops sending at once, then closes the peer. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.fanout.outbound.delete(this);
    this.track.stop();
    this.onClosed();
    await this.pc.close().catch(() => undefined);
  }
}

/** A recvonly peer connection whose video feeds a fan-out: a performer's or a guest's camera. */
interface Inbound {
  pc: RTCPeerConnection;
  fanout: Fanout;
}

interface Source {
  actorId: number;
  fanout: Fanout;
  viewers: Set<Outbound>;
  /** The generated picture while no performer publishes. */
  pattern?: { source: TestPatternSource; socket: dgram.Socket };
  publisher?: Inbound;
}

interface GuestCamera {
  publisher?: Inbound;
  fanout: Fanout;
  performer?: Outbound;
}

/** Why a browser's SDP cannot carry our VP8 video, or null: werift applies much that is not one. */
export function sdpProblem(sdp: string): string | null {
  if (sdp.length > 16_384) return 'longer than 16 KB';
  if (!/^v=0\r?$/m.test(sdp)) return 'not an SDP';
  if (!/^m=video /m.test(sdp)) return 'no video m-line';
  if (!/^a=rtpmap:\d+ VP8\/90000/im.test(sdp)) return 'no VP8';
  if (!/^a=ice-ufrag:\S+/m.test(sdp) || !/^a=ice-pwd:\S+/m.test(sdp)) return 'no ICE credentials';
  if (!/^a=fingerprint:\S+ \S+/m.test(sdp)) return 'no DTLS fingerprint';
  return null;
}

function checkSdp(sdp: string, what: string): void {
  const problem = sdpProblem(sdp);
  if (problem) throw new LiveMediaError('LIVE_BAD_SDP', `the ${what} cannot be applied: ${problem}`);
}

function isRtcp(packet: Buffer): boolean {
  // RTCP packet types 192-223 sit where RTP has marker + payload type; VP8 uses 96-127.
  const type = packet[1] ?? 0;
  return type >= 192 && type <= 223;
}

/** The host candidates' (and c= lines') addresses replaced by the announced one (1:1 NAT). */
export function announceAddress(sdp: string, address: string | undefined): string {
  if (!address) return sdp;
  const family = address.includes(':') ? 'IP6' : 'IP4';
  return sdp
    .split('\r\n')
    .map((line) => {
      if (line.startsWith('c=IN ')) return `c=IN ${family} ${address}`;
      const candidate = /^(a=candidate:\S+ \d+ udp \d+ )(\S+)( \d+ typ host.*)$/i.exec(line);
      return candidate ? `${candidate[1]}${address}${candidate[3]}` : line;
    })
    .join('\r\n');
}

export function createWeriftMedia(config: WeriftMediaConfig, options: WeriftMediaOptions = {}): LiveMedia {
  const log = options.log;
  const reportTimeoutMs = options.receiverReportTimeoutMs ?? 5000;
  const sourceTimeoutMs = options.sourceTimeoutMs ?? 3000;
  const maxPeers = options.maxPeers ?? 500;
  const sources = new Map<number, Source>();
  const viewers = new Map<string, { viewer: Outbound; source: Source }>();
  const cameras = new Map<string, GuestCamera>();
  const listeners = new Set<DeliveryListener>();
  const peers = new Set<RTCPeerConnection>();
  let stopped = false;

  /** A peer connection; `receiving` ones also accept a browser's audio m-line (Opus, ignored). */
  function newPeer(receiving = false): RTCPeerConnection {
    if (stopped) throw new LiveMediaError('LIVE_CAPACITY', 'the media path is stopped');
    if (peers.size >= maxPeers) {
      throw new LiveMediaError('LIVE_CAPACITY', `this node carries ${peers.size} peer connections`);
    }
    const pc = new RTCPeerConnection({
      codecs: { audio: receiving ? [useOPUS()] : [], video: [useVP8()] },
      headerExtensions: { audio: [], video: [] },
      iceServers: config.liveIceServers ?? [],
      icePortRange: config.liveUdpPorts,
      iceAdditionalHostAddresses: ['127.0.0.1'],
      iceUseIpv6: false,
      bundlePolicy: 'max-bundle',
    });
    peers.add(pc);
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'closed') peers.delete(pc);
    });
    return pc;
  }

  /** The local description once ICE gathering is complete (non-trickle), announced address applied. */
  async function completeDescription(pc: RTCPeerConnection): Promise<string> {
    if (pc.iceGatheringState !== 'complete') {
      await pc.iceGatheringStateChange.watch((state) => state === 'complete', NEGOTIATION_TIMEOUT_MS);
    }
    const sdp = pc.localDescription?.sdp;
    if (!sdp) throw new Error('no local description');
    return announceAddress(sdp, config.livePublicIp);
  }

  function emit(sessionId: string, state: 'up' | 'down', side: DeliverySide): void {
    for (const listener of listeners) {
      try {
        listener(sessionId, state, side);
      } catch (error) {
        log?.warn({ err: error, sessionId }, 'live delivery listener failed');
      }
    }
  }

  /** Reports a viewer's delivery when it changed. */
  function evaluate(viewer: Outbound, now = Date.now()): void {
    if (viewer.closed) return;
    const transportUp = viewer.connected && now - viewer.lastReportAt < reportTimeoutMs;
    const sourceUp = now - viewer.fanout.lastPacketAt < sourceTimeoutMs;
    const previous = viewer.reported;
    if (transportUp && sourceUp) {
      if (previous?.state !== 'up') {
        viewer.reported = { state: 'up', side: previous?.side ?? 'guest' };
        emit(viewer.key, 'up', viewer.reported.side);
      }
    } else if (previous?.state === 'up') {
      // Only a viewer that was up goes down; one that never came up is the start timeout's.
      viewer.reported = { state: 'down', side: transportUp ? 'performer' : 'guest' };
      emit(viewer.key, 'down', viewer.reported.side);
    }
  }

  const watchdog = setInterval(() => {
    const now = Date.now();
    for (const { viewer } of viewers.values()) evaluate(viewer, now);
  }, 500);
  watchdog.unref();

  /** A sendonly peer for `fanout` and its complete offer. */
  async function openOutbound(
    key: string,
    fanout: Fanout,
    report: boolean,
    onClosed: () => void,
  ): Promise<{ peer: Outbound; offerSdp: string }> {
    const pc = newPeer();
    const peer = new Outbound(key, pc, fanout, onClosed);
    pc.connectionStateChange.subscribe((state) => {
      if (peer.closed) return;
      if (state === 'connected') {
        peer.connected = true;
        fanout.outbound.add(peer);
        fanout.keyframe(true);
      } else if (state === 'failed' || state === 'closed' || state === 'disconnected') {
        peer.connected = false;
        if (state !== 'disconnected') fanout.outbound.delete(peer);
      }
      if (report) evaluate(peer);
    });
    if (report) {
      peer.transceiver.sender.onRtcp.subscribe(() => evaluate(peer));
    }
    try {
      await pc.setLocalDescription(await pc.createOffer());
      return { peer, offerSdp: await completeDescription(pc) };
    } catch (error) {
      await peer.close();
      throw error;
    }
  }

  /** A recvonly peer answering a browser's camera offer; its video feeds `fanout`. */
  async function answerInbound(
    offerSdp: string,
    fanout: Fanout,
  ): Promise<{ inbound: Inbound; answerSdp: string }> {
    checkSdp(offerSdp, 'offer');
    const pc = newPeer(true);
    pc.onTrack.subscribe((track) => {
      if (track.kind !== 'video') return;
      const receiver = pc.getTransceivers().find((t) => t.receiver.track === track)?.receiver;
      fanout.requestKeyframe = () => {
        if (track.ssrc !== undefined) void receiver?.sendRtcpPLI(track.ssrc);
      };
      fanout.sourceChanged();
      track.onReceiveRtp.subscribe((packet) => fanout.deliver(packet.serialize()));
    });
    try {
      try {
        await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      } catch (error) {
        throw new LiveMediaError('LIVE_BAD_SDP', `the offer cannot be applied: ${String(error)}`);
      }
      const video = pc.getTransceivers().find((t) => t.kind === 'video' && t.codecs.length > 0);
      if (!video) throw new LiveMediaError('LIVE_BAD_SDP', 'the offer has no VP8 video');
      await pc.setLocalDescription(await pc.createAnswer());
      return { inbound: { pc, fanout }, answerSdp: await completeDescription(pc) };
    } catch (error) {
      await pc.close().catch(() => undefined);
      throw error;
    }
  }

  async function closeInbound(inbound: Inbound | undefined): Promise<void> {
    if (!inbound) return;
    if (inbound.fanout.requestKeyframe) inbound.fanout.requestKeyframe = undefined;
    await inbound.pc.close().catch(() => undefined);
  }

  async function applyAnswer(peer: Outbound | undefined, answerSdp: string): Promise<void> {
    if (!peer || peer.closed) throw new LiveMediaError('LIVE_NO_VIEWER', 'no open offer for this session');
    checkSdp(answerSdp, 'answer');
    try {
      await peer.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
    } catch (error) {
      throw new LiveMediaError('LIVE_BAD_SDP', `the answer cannot be applied: ${String(error)}`);
    }
  }

  async function startPattern(source: Source, label: string): Promise<void> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => {
        socket.off('error', reject);
        resolve();
      });
    });
    socket.on('message', (packet) => {
      if (!isRtcp(packet) && !source.publisher) source.fanout.deliver(packet);
    });
    socket.on('error', (error) =>
      log?.warn({ err: error, actorId: source.actorId }, 'live source socket error'),
    );
    const pattern = new TestPatternSource({
      ...options.testPattern,
      label,
      port: socket.address().port,
      idleMs: config.liveSourceIdleMs,
      onCrash: (reason) => {
        // The viewers see the source down (no packets for sourceTimeoutMs); the next viewer restarts it.
        source.fanout.sourceChanged();
        log?.warn({ actorId: source.actorId, reason }, 'live test pattern exited');
      },
      onIdle: () => {
        source.fanout.sourceChanged();
        log?.info({ actorId: source.actorId }, 'live test pattern stopped: no viewers');
      },
    });
    source.pattern = { source: pattern, socket };
    for (let i = 0; i < source.viewers.size; i += 1) void pattern.retain();
    await pattern.start();
  }

  async function stopPattern(source: Source): Promise<void> {
    const pattern = source.pattern;
    source.pattern = undefined;
    if (!pattern) return;
    pattern.socket.close();
    await pattern.source.stop();
  }

  function sourceOf(actorId: number): Source {
    let source = sources.get(actorId);
    if (!source) {
      source = { actorId, fanout: new Fanout(), viewers: new Set() };
      sources.set(actorId, source);
    }
    return source;
  }

  async function closeViewer(sessionId: string): Promise<void> {
    const entry = viewers.get(sessionId);
    if (!entry) return;
    viewers.delete(sessionId);
    await entry.viewer.close();
  }

  async function closeCamera(sessionId: string): Promise<void> {
    const camera = cameras.get(sessionId);
    if (!camera) return;
    cameras.delete(sessionId);
    await Promise.all([closeInbound(camera.publisher), camera.performer?.close()]);
  }

  return {
    kind: 'embedded',

    async ensureSource(actorId: number, wanted: LiveSource): Promise<void> {
      const source = sourceOf(actorId);
      if (wanted.kind === 'performer' || source.publisher) return;
      if (source.pattern) {
        await source.pattern.source.start();
        return;
      }
      source.fanout.sourceChanged();
      await startPattern(source, wanted.label);
    },

    async openViewer(sessionId: string, actorId: number): Promise<{ offerSdp: string }> {
      const source = sources.get(actorId);
      if (!source) throw new LiveMediaError('LIVE_NO_SOURCE', `no source for actor ${actorId}`);
      await closeViewer(sessionId);
      const { peer, offerSdp } = await openOutbound(sessionId, source.fanout, true, () => {
        source.viewers.delete(peer);
        source.pattern?.source.release();
      });
      source.viewers.add(peer);
      viewers.set(sessionId, { viewer: peer, source });
      await source.pattern?.source.retain();
      return { offerSdp };
    },

    async acceptViewerAnswer(sessionId: string, answerSdp: string): Promise<void> {
      await applyAnswer(viewers.get(sessionId)?.viewer, answerSdp);
    },

    async addCandidate(sessionId: string, candidate: IceCandidateInit): Promise<void> {
      const viewer = viewers.get(sessionId)?.viewer;
      if (!viewer || viewer.closed) throw new LiveMediaError('LIVE_NO_VIEWER', 'no viewer for this session');
      try {
        await viewer.pc.addIceCandidate({
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid ?? undefined,
          sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
        });
      } catch (error) {
        throw new LiveMediaError('LIVE_BAD_SDP', `the candidate cannot be applied: ${String(error)}`);
      }
    },

    async publishGuestCamera(sessionId: string, offerSdp: string): Promise<{ answerSdp: string }> {
      const camera = cameras.get(sessionId) ?? { fanout: new Fanout() };
      const { inbound, answerSdp } = await answerInbound(offerSdp, camera.fanout);
      await closeInbound(camera.publisher);
      camera.publisher = inbound;
      cameras.set(sessionId, camera);
      return { answerSdp };
    },

    async publishPerformer(actorId: number, offerSdp: string): Promise<{ answerSdp: string }> {
      const source = sourceOf(actorId);
      const { inbound, answerSdp } = await answerInbound(offerSdp, source.fanout);
      const previous = source.publisher;
      source.publisher = inbound;
      await Promise.all([closeInbound(previous), stopPattern(source)]);
      inbound.pc.connectionStateChange.subscribe((state) => {
        if ((state === 'failed' || state === 'closed') && source.publisher === inbound) {
          // The camera is gone: its viewers see the source down after sourceTimeoutMs.
          source.publisher = undefined;
          log?.info({ actorId }, 'live performer stopped publishing');
        }
      });
      return { answerSdp };
    },

    async subscribePerformerToGuest(sessionId: string): Promise<{ offerSdp: string }> {
      const camera = cameras.get(sessionId);
      if (!camera) throw new LiveMediaError('LIVE_NO_VIEWER', 'the guest has not published a camera');
      await camera.performer?.close();
      const { peer, offerSdp } = await openOutbound(`${sessionId}:performer`, camera.fanout, false, () => {
        if (camera.performer === peer) camera.performer = undefined;
      });
      camera.performer = peer;
      return { offerSdp };
    },

    async acceptPerformerAnswer(sessionId: string, answerSdp: string): Promise<void> {
      await applyAnswer(cameras.get(sessionId)?.performer, answerSdp);
    },

    async close(sessionId: string): Promise<void> {
      await Promise.all([closeViewer(sessionId), closeCamera(sessionId)]);
    },

    onDelivery(listener: DeliveryListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    stats() {
      let running = 0;
      for (const source of sources.values()) {
        if (source.publisher || source.pattern?.source.running) running += 1;
      }
      return { sources: running, viewers: viewers.size };
    },

    async stop(): Promise<void> {
      stopped = true;
      clearInterval(watchdog);
      await Promise.all([...viewers.keys()].map(closeViewer));
      await Promise.all([...cameras.keys()].map(closeCamera));
      await Promise.all(
        [...sources.values()].map((source) =>
          Promise.all([stopPattern(source), closeInbound(source.publisher)]),
        ),
      );
      sources.clear();
      await Promise.all([...peers].map((pc) => pc.close().catch(() => undefined)));
      peers.clear();
    },
  };
}

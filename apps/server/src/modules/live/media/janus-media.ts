/**
 * The LiveMedia port on the Janus WebRTC server (decision 0038 part 5), chosen when JANUS_URL is set.
 *
 * - A performer's source is a private Streaming RTP mountpoint (id = the actor id; VP8, payload type
 *   96, mid `v`; the port Janus picks from its range): the demo's test pattern (an ffmpeg child of
 *   this process, test-pattern.ts) sends RTP to it, or a performer's camera published into a private
 *   VideoRoom room is `rtp_forward`ed to it. Secrets and PINs are derived from JANUS_ADMIN_KEY, so
 *   a restarted server finds its own mountpoints again.
 * - A viewer is a Streaming handle (opaque id `vela-viewer:<session id>`, `viewerOpaqueId`):
 *   `watch {id, pin}` gives Janus's offer (with its candidates), the guest's answer goes back with
 *   `start`; `close` is `stop` + `detach`. Two viewers of one performer share the mountpoint and its
 *   one ffmpeg. A viewer whose PeerConnection Janus hung up (the browser closed it, ICE or DTLS
 *   failed) is released at once, as the embedded path drops a failed peer: its handle is not kept
 *   until the session ends, and a new offer gets a new one. (The live module closes a viewer when
 *   the session ends and when no page of the guest shows it any more, live.service.ts `gone`; a
 *   browser that vanished without a word is hung up by Janus only after its ICE keepalive checks
 *   fail, about 50 s.)
 * - Cam2cam: a private VideoRoom room per session; the guest publishes, the performer subscribes.
 * - Delivery: a viewer's `webrtcup` is up and its `hangup` down (side guest); the source's liveness
 *   comes from the mountpoint's `info` (media age) every 2 s: older than 3 s is down, fresh again up
 *   (side performer). A lost Janus session (Janus restarted) reports every viewer down (performer).
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Config } from '../../../config.ts';
import {
  JANUS_NO_SUCH_SESSION,
  JanusError,
  type JanusHandle,
  JanusSession,
  type Jsep,
} from './janus-client.ts';
import {
  type DeliveryListener,
  type DeliverySide,
  type DeliveryState,
  type IceCandidateInit,
  type LiveMedia,
  LiveMediaError,
  type LiveSource,
} from './live-media.ts';
import { TestPatternSource } from './test-pattern.ts';
import type { LiveMediaLog } from './werift-media.ts';

export type JanusMediaConfig = Pick<Config, 'janusApiSecret' | 'janusAdminKey' | 'liveSourceIdleMs'> & {
  janusUrl: string;
};

const STREAMING = 'janus.plugin.streaming';
const VIDEOROOM = 'janus.plugin.videoroom';
/** The mountpoint's video: VP8 on payload type 96, mid `v`. */
const VIDEO = { type: 'video', mid: 'v', pt: 96, codec: 'vp8' } as const;
const LIVENESS_MS = 2_000;
/** A source whose last packet is older than this is down. */
const SOURCE_STALE_MS = 3_000;
/** Janus: a mountpoint or room with this id exists already. */
const STREAMING_EXISTS = 456;
const VIDEOROOM_EXISTS = 427;

interface Source {
  actorId: number;
  port: number;
  secret: string;
  pin: string;
  kind: LiveSource['kind'];
  pattern?: TestPatternSource;
  /** The performer's publisher handle in the performer's room (kind performer). */
  publisher?: JanusHandle;
  viewers: Set<string>;
  /** Whether a packet was ever seen; a source never alive is down once it is older than SOURCE_STALE_MS. */
  seenAlive: boolean;
  /** When it was opened (epoch ms). */
  openedAt: number;
}

interface Viewer {
  sessionId: string;
  actorId: number;
  handle: JanusHandle;
  /** 'down' (performer side) was reported to this viewer and no 'up' since. */
  sourceDown: boolean;
}

interface CamRoom {
  room: number;
  secret: string;
  pin: string;
  guest?: JanusHandle;
  guestFeed?: number;
  performer?: JanusHandle;
}

/** Janus's codes for an SDP it cannot use: unknown JSEP type, invalid SDP, unexpected answer. */
const JANUS_BAD_SDP = new Set([464, 465, 469]);
/** The VideoRoom's: invalid SDP type, invalid SDP. */
const VIDEOROOM_BAD_SDP = new Set([431, 437]);

/** A browser's SDP Janus refused becomes LIVE_BAD_SDP (a 4xx); any other error stays as it is. */
async function refusingBadSdp<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (
      error instanceof JanusError &&
      (error.fromPlugin ? VIDEOROOM_BAD_SDP : JANUS_BAD_SDP).has(error.code)
    ) {
      throw new LiveMediaError('LIVE_BAD_SDP', error.reason);
    }
    throw error;
  }
}

/**
 * A browser's SDP as JSEP. One that carries its candidates (gathered before it was sent, as our
 * signaling does) is marked non-trickle: Janus then treats an ICE failure as final and hangs up
 * (delivery down) instead of waiting for candidates that never come.
 */
function jsepOf(type: 'offer' | 'answer', sdp: string): Jsep {
  return /^a=candidate:/m.test(sdp) ? { type, sdp, trickle: false } : { type, sdp };
}

/** The `a=mid` of the first video m-line of an SDP. */
export function videoMidOf(sdp: string): string | undefined {
  const video = sdp.split(/\r?\n(?=m=)/).find((section) => section.startsWith('m=video'));
  return /^a=mid:(\S+)/m.exec(video ?? '')?.[1];
}

/** The opaque id of a live session's viewer handle (Janus's admin API shows it). */
export const viewerOpaqueId = (sessionId: string) => `vela-viewer:${sessionId}`;

export function createJanusMedia(config: JanusMediaConfig, log: LiveMediaLog): LiveMedia {
  const key = config.janusAdminKey ?? config.janusApiSecret ?? randomBytes(32).toString('hex');
  const derived = (what: string, id: number) =>
    createHmac('sha256', key).update(`${what}:${id}`).digest('base64url').slice(0, 24);
  const adminKey = config.janusAdminKey ? { admin_key: config.janusAdminKey } : {};
  // Where RTP for a mountpoint goes: the Janus machine (the test pattern runs on this one).
  const rtpHost = new URL(config.janusUrl).hostname.replace(/^\[|\]$/g, '');
  const loopback = rtpHost === '127.0.0.1' || rtpHost === 'localhost' || rtpHost === '::1';

  const sources = new Map<number, Source>();
  const viewers = new Map<string, Viewer>();
  const rooms = new Map<string, CamRoom>();
  const listeners = new Set<DeliveryListener>();
  const pendingSources = new Map<number, Promise<Source>>();

  let connection:
    | Promise<{ session: JanusSession; streaming: JanusHandle; videoroom: JanusHandle }>
    | undefined;
  let stopped = false;

  const emit = (sessionId: string, state: DeliveryState, side: DeliverySide) => {
    for (const listener of listeners) {
      try {
        listener(sessionId, state, side);
      } catch (error) {
        log.warn({ err: error, sessionId }, 'live delivery listener failed');
      }
    }
  };

  function connect() {
    if (stopped) return Promise.reject(new LiveMediaError('LIVE_CAPACITY', 'the media path is stopped'));
    connection ??= (async () => {
      const session = await JanusSession.create({
        url: config.janusUrl,
        apiSecret: config.janusApiSecret,
        log,
      });
      session.onLost((error) => lose(session, error));
      const [streaming, videoroom] = await Promise.all([
        session.attach(STREAMING),
        session.attach(VIDEOROOM),
      ]);
      return { session, streaming, videoroom };
    })();
    connection.catch(() => {
      connection = undefined;
    });
    return connection;
  }

  /** Janus lost our session (restart): every handle and mountpoint of it is gone. */
  function lose(session: JanusSession, error: JanusError) {
    log.warn({ err: error, janusSession: session.id }, 'janus session lost: live media down');
    connection = undefined;
    for (const viewer of viewers.values()) emit(viewer.sessionId, 'down', 'performer');
    viewers.clear();
    for (const source of sources.values()) void source.pattern?.stop();
    sources.clear();
    rooms.clear();
  }

  async function createMountpoint(streaming: JanusHandle, actorId: number, secret: string, pin: string) {
    const request = {
      request: 'create',
      ...adminKey,
      type: 'rtp',
      id: actorId,
      description: `actor ${actorId}`,
      is_private: true,
      secret,
      pin,
      media: [{ ...VIDEO, port: 0, ...(loopback ? { iface: '127.0.0.1' } : {}) }],
    };
    try {
      return await streaming.request(request);
    } catch (error) {
      if (!(error instanceof JanusError) || !error.fromPlugin || error.code !== STREAMING_EXISTS) throw error;
      // Left over from an earlier run of this server (same derived secret): start afresh.
      await streaming.request({ request: 'destroy', id: actorId, secret });
      return streaming.request(request);
    }
  }

  async function openSource(actorId: number, spec: LiveSource): Promise<Source> {
    const { streaming } = await connect();
    const secret = derived('mountpoint-secret', actorId);
    const pin = derived('mountpoint-pin', actorId);
    const created = await createMountpoint(streaming, actorId, secret, pin);
    const port = (created.stream as { ports?: { port: number }[] } | undefined)?.ports?.[0]?.port;
    if (typeof port !== 'number') throw new JanusError(0, `no port in the mountpoint of actor ${actorId}`);
    const source: Source = {
      actorId,
      port,
      secret,
      pin,
      kind: spec.kind,
      viewers: new Set(),
      seenAlive: false,
      openedAt: Date.now(),
    };
    if (spec.kind === 'test-pattern') source.pattern = patternFor(source, spec.label);
    sources.set(actorId, source);
    return source;
  }

  function patternFor(source: Source, label: string) {
    return new TestPatternSource({
      label,
      port: source.port,
      host: rtpHost,
      idleMs: config.liveSourceIdleMs,
      onCrash: (reason) => log.warn({ actorId: source.actorId, reason }, 'live test pattern stopped'),
      onIdle: () => {
        if (sources.get(source.actorId) === source && source.viewers.size === 0) void closeSource(source);
      },
    });
  }

  async function closeSource(source: Source) {
    if (sources.get(source.actorId) === source) sources.delete(source.actorId);
    await source.pattern?.stop();
    await source.publisher?.detach().catch(() => undefined);
    const current = await connection?.catch(() => undefined);
    await current?.streaming
      .request({ request: 'destroy', id: source.actorId, secret: source.secret })
      .catch((error: unknown) =>
        log.warn({ err: error, actorId: source.actorId }, 'janus mountpoint destroy failed'),
      );
    if (source.kind === 'performer') {
      await current?.videoroom
        .request({ request: 'destroy', room: source.actorId, secret: source.secret })
        .catch(() => undefined);
    }
  }

  async function ensureSource(actorId: number, spec: LiveSource): Promise<Source> {
    const existing = sources.get(actorId);
    if (existing) {
      if (spec.kind === 'test-pattern' && existing.kind === 'test-pattern') {
        await existing.pattern?.start();
        return existing;
      }
      // A publishing performer replaces the test pattern; a test pattern does not replace a performer.
      if (spec.kind === 'test-pattern') return existing;
      if (existing.kind === 'performer') return existing;
      await existing.pattern?.stop();
      existing.pattern = undefined;
      existing.kind = 'performer';
      return existing;
    }
    let pending = pendingSources.get(actorId);
    if (!pending) {
      pending = openSource(actorId, spec).finally(() => pendingSources.delete(actorId));
      pendingSources.set(actorId, pending);
    }
    const source = await pending;
    await source.pattern?.start();
    return source;
  }

  /** The media age of each source with viewers, every 2 s: down after 3 s without a packet. */
  let checking = false;
  const liveness = setInterval(() => {
    if (!connection || checking) return;
    checking = true;
    void connection
      .then(async ({ streaming }) => {
        for (const source of sources.values()) {
          if (source.viewers.size === 0) continue;
          const answer = await streaming.request({
            request: 'info',
            id: source.actorId,
            secret: source.secret,
          });
          const media = (answer.info as { media?: { age_ms?: number }[] } | undefined)?.media?.[0];
          const alive = typeof media?.age_ms === 'number' && media.age_ms < SOURCE_STALE_MS;
          source.seenAlive ||= alive;
          // A source that has not sent yet is not down before it had SOURCE_STALE_MS to start.
          if (!alive && !source.seenAlive && Date.now() - source.openedAt < SOURCE_STALE_MS) continue;
          // Each viewer hears of a change once: down when it was not told so, up when it was.
          for (const sessionId of source.viewers) {
            const viewer = viewers.get(sessionId);
            if (!viewer || viewer.sourceDown === !alive) continue;
            viewer.sourceDown = !alive;
            emit(sessionId, alive ? 'up' : 'down', 'performer');
          }
        }
      })
      .catch((error: unknown) => log.warn({ err: error }, 'janus liveness check failed'))
      .finally(() => {
        checking = false;
      });
  }, LIVENESS_MS);
  liveness.unref();

  function requireViewer(sessionId: string): Viewer {
    const viewer = viewers.get(sessionId);
    if (!viewer) throw new LiveMediaError('LIVE_NO_VIEWER', `no live viewer for session ${sessionId}`);
    return viewer;
  }

  function requireRoom(sessionId: string): CamRoom {
    const room = rooms.get(sessionId);
    if (!room) throw new LiveMediaError('LIVE_NO_VIEWER', `no guest camera for session ${sessionId}`);
    return room;
  }

  async function closeViewer(sessionId: string) {
    const viewer = viewers.get(sessionId);
    if (!viewer) return;
    viewers.delete(sessionId);
    const source = sources.get(viewer.actorId);
    if (source?.viewers.delete(sessionId)) source.pattern?.release();
    // `stop` tears the PeerConnection down at once; `detach` frees the handle either way.
    await viewer.handle.send({ request: 'stop' }).catch(() => undefined);
    await viewer.handle
      .detach()
      .catch((error: unknown) => log.warn({ err: error, sessionId }, 'janus detach failed'));
  }

  async function closeRoom(sessionId: string) {
    const room = rooms.get(sessionId);
    if (!room) return;
    rooms.delete(sessionId);
    await Promise.all(
      [room.guest?.detach(), room.performer?.detach()].map((done) => done?.catch(() => undefined)),
    );
    const current = await connection?.catch(() => undefined);
    await current?.videoroom
      .request({ request: 'destroy', room: room.room, secret: room.secret })
      .catch(() => undefined);
  }

  /** A VideoRoom room for one publisher (VP8 video, Opus audio), private, with a keyframe request every second. */
  async function createRoom(videoroom: JanusHandle, room: number, secret: string, pin: string) {
    const request = {
      request: 'create',
      ...adminKey,
      room,
      is_private: true,
      secret,
      pin,
      publishers: 1,
      videocodec: 'vp8',
      audiocodec: 'opus',
      fir_freq: 1,
    };
    try {
      await videoroom.request(request);
    } catch (error) {
      if (!(error instanceof JanusError) || !error.fromPlugin || error.code !== VIDEOROOM_EXISTS) throw error;
      await videoroom.request({ request: 'destroy', room, secret });
      await videoroom.request(request);
    }
  }

  /** Joins `room` as its publisher with the browser's offer: the handle, its feed id and Janus's answer. */
  async function publish(room: number, pin: string, offerSdp: string, onEvent: (janus: string) => void) {
    const { session } = await connect();
    const handle = await session.attach(VIDEOROOM);
    handle.on((event) => onEvent(event.janus));
    try {
      const joined = await handle.message({ request: 'join', ptype: 'publisher', room, pin });
      const feed = Number(joined.data.id);
      const answer = await refusingBadSdp(handle.message({ request: 'publish' }, jsepOf('offer', offerSdp)));
      if (!answer.jsep?.sdp) throw new JanusError(0, 'no answer to the publish offer');
      return { handle, feed, answerSdp: answer.jsep.sdp };
    } catch (error) {
      await handle.detach().catch(() => undefined);
      throw error;
    }
  }

  /** Runs `work` again once when it found our Janus session gone (Janus restarted): the state is fresh then. */
  async function afterRestart<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof JanusError) || error.code !== JANUS_NO_SUCH_SESSION || error.fromPlugin)
        throw error;
      return work();
    }
  }

  return {
    kind: 'janus',

    async ensureSource(actorId, spec) {
      await afterRestart(() => ensureSource(actorId, spec));
    },

    async openViewer(sessionId, actorId) {
      const source = sources.get(actorId) ?? (await pendingSources.get(actorId));
      if (!source) throw new LiveMediaError('LIVE_NO_SOURCE', `no live source for actor ${actorId}`);
      await closeViewer(sessionId);
      const { session } = await connect();
      const handle = await session.attach(STREAMING, viewerOpaqueId(sessionId));
      const viewer: Viewer = { sessionId, actorId, handle, sourceDown: false };
      handle.on((event) => {
        if (viewers.get(sessionId) !== viewer) return;
        if (event.janus === 'webrtcup') emit(sessionId, 'up', 'guest');
        else if (event.janus === 'hangup' || event.janus === 'detached') {
          emit(sessionId, 'down', 'guest');
          // The PeerConnection is gone for good: release the handle now, not at the session's end.
          if (event.janus === 'hangup') void closeViewer(sessionId);
        }
      });
      try {
        const watched = await handle.message({
          request: 'watch',
          id: actorId,
          pin: source.pin,
          media: [VIDEO.mid],
        });
        if (!watched.jsep?.sdp) throw new JanusError(0, `no offer for the viewer of actor ${actorId}`);
        viewers.set(sessionId, viewer);
        source.viewers.add(sessionId);
        await source.pattern?.retain();
        return { offerSdp: watched.jsep.sdp };
      } catch (error) {
        viewers.delete(sessionId);
        await handle.detach().catch(() => undefined);
        throw error;
      }
    },

    async acceptViewerAnswer(sessionId, answerSdp) {
      const viewer = requireViewer(sessionId);
      await refusingBadSdp(viewer.handle.message({ request: 'start' }, jsepOf('answer', answerSdp)));
    },

    async addCandidate(sessionId, candidate: IceCandidateInit) {
      const viewer = viewers.get(sessionId);
      const handle = viewer?.handle ?? rooms.get(sessionId)?.guest;
      if (!handle) throw new LiveMediaError('LIVE_NO_VIEWER', `no live media for session ${sessionId}`);
      // An empty candidate is the browser's end of candidates.
      await handle.trickle(candidate.candidate ? candidate : null);
    },

    async publishGuestCamera(sessionId, offerSdp) {
      await closeRoom(sessionId);
      const { videoroom } = await connect();
      const room: CamRoom = { room: randomInt(2 ** 40, 2 ** 47), secret: '', pin: '' };
      room.secret = derived('cam-room-secret', room.room);
      room.pin = derived('cam-room-pin', room.room);
      await createRoom(videoroom, room.room, room.secret, room.pin);
      rooms.set(sessionId, room);
      const published = await publish(room.room, room.pin, offerSdp, (janus) => {
        if (rooms.get(sessionId) !== room) return;
        if (janus === 'hangup') emit(sessionId, 'down', 'guest');
      });
      room.guest = published.handle;
      room.guestFeed = published.feed;
      return { answerSdp: published.answerSdp };
    },

    async publishPerformer(actorId, offerSdp) {
      const mid = videoMidOf(offerSdp);
      if (!mid || !/ VP8\/90000/i.test(offerSdp)) {
        throw new LiveMediaError('LIVE_BAD_SDP', 'the performer offer has no VP8 video');
      }
      const source = await ensureSource(actorId, { kind: 'performer' });
      await source.publisher?.detach().catch(() => undefined);
      const { videoroom } = await connect();
      await createRoom(videoroom, actorId, source.secret, source.pin);
      const published = await publish(actorId, source.pin, offerSdp, (janus) => {
        if (janus === 'hangup' && source.publisher === published.handle) {
          for (const sessionId of source.viewers) emit(sessionId, 'down', 'performer');
        }
      });
      source.publisher = published.handle;
      await videoroom.request({
        request: 'rtp_forward',
        ...adminKey,
        room: actorId,
        secret: source.secret,
        publisher_id: published.feed,
        host: rtpHost,
        streams: [{ mid, port: source.port, pt: VIDEO.pt }],
      });
      return { answerSdp: published.answerSdp };
    },

    async subscribePerformerToGuest(sessionId) {
      const room = requireRoom(sessionId);
      if (!room.guest || room.guestFeed === undefined)
        throw new LiveMediaError('LIVE_NO_VIEWER', `no guest camera in session ${sessionId}`);
      await room.performer?.detach().catch(() => undefined);
      const { session } = await connect();
      const handle = await session.attach(VIDEOROOM);
      handle.on((event) => {
        if (room.performer !== handle) return;
        if (event.janus === 'hangup') emit(sessionId, 'down', 'performer');
      });
      room.performer = handle;
      const joined = await handle.message({
        request: 'join',
        ptype: 'subscriber',
        room: room.room,
        pin: room.pin,
        streams: [{ feed: room.guestFeed }],
      });
      if (!joined.jsep?.sdp) throw new JanusError(0, `no offer for the performer of session ${sessionId}`);
      return { offerSdp: joined.jsep.sdp };
    },

    async acceptPerformerAnswer(sessionId, answerSdp) {
      const room = requireRoom(sessionId);
      if (!room.performer) {
        throw new LiveMediaError(
          'LIVE_NO_VIEWER',
          `the performer of session ${sessionId} has not subscribed`,
        );
      }
      await refusingBadSdp(room.performer.message({ request: 'start' }, jsepOf('answer', answerSdp)));
    },

    async close(sessionId) {
      await Promise.all([closeViewer(sessionId), closeRoom(sessionId)]);
    },

    onDelivery(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    stats() {
      return { sources: sources.size, viewers: viewers.size };
    },

    async stop() {
      stopped = true;
      clearInterval(liveness);
      await Promise.all([...viewers.keys()].map(closeViewer));
      await Promise.all([...rooms.keys()].map(closeRoom));
      await Promise.all([...sources.values()].map(closeSource));
      const current = await connection?.catch(() => undefined);
      connection = undefined;
      await current?.session.destroy().catch(() => undefined);
      listeners.clear();
    },
  };
}

/**
 * The Janus media path (janus-media.ts, decision 0038 part 5) against a real Janus 1.1.2: the test
 * pattern's ffmpeg → a Streaming mountpoint → a werift peer connection in the role of the browser
 * (webrtc-browser.ts).
 *
 * Runs only where JANUS_URL names a Janus (`.ci/run`'s Janus pass; locally `janus
 * --configs-folder=ops/janus --daemon` and JANUS_URL=http://127.0.0.1:8088/janus): the root
 * vitest.config.ts leaves this file out otherwise, as the database tests follow DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJanusMedia, viewerOpaqueId } from '../src/modules/live/media/janus-media.ts';
import { type LiveMedia, LiveMediaError } from '../src/modules/live/media/live-media.ts';
import { hangUpWebrtc, janusHandlesWithOpaqueId, untilHandles } from './janus-admin.ts';
import {
  type BrowserPeer,
  deliveryLog,
  ffmpegPids,
  packetsAfterClose,
  receivingBrowser,
  sendingBrowser,
  waitFor,
  watchWith,
} from './webrtc-browser.ts';

const janusUrl = process.env.JANUS_URL ?? '';
// Ids of this run's mountpoints and rooms: another run on the same Janus uses others.
const actor = 700_000 + (process.pid % 100_000);
const pattern = { kind: 'test-pattern', label: 'Test Pattern' } as const;
/** A session id of this run (the admin API counts handles by it, across every run on the Janus). */
const session = (name: string) => `janus-${name}-${process.pid}`;
/** The Janus handles of the viewer of `sessionId` now (admin API). */
const viewerHandles = (sessionId: string) => janusHandlesWithOpaqueId(viewerOpaqueId(sessionId));

let media: LiveMedia;
let deliveries: ReturnType<typeof deliveryLog>;
const browsers: BrowserPeer[] = [];

beforeAll(() => {
  if (!janusUrl) throw new Error('JANUS_URL is not set: this file runs against a Janus server');
  media = createJanusMedia(
    {
      janusUrl,
      janusApiSecret: process.env.JANUS_API_SECRET,
      janusAdminKey: process.env.JANUS_ADMIN_KEY ?? 'vela-local-janus-admin-key',
      liveSourceIdleMs: 60_000,
    },
    { warn() {}, info() {} },
  );
  deliveries = deliveryLog(media);
});

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await media?.stop();
});

/** A browser watching `actorId` in `sessionId` (closed by afterAll). */
async function watch(sessionId: string, actorId = actor): Promise<BrowserPeer> {
  const browser = await watchWith(media, sessionId, actorId);
  browsers.push(browser);
  return browser;
}

/** A browser answering an offer (closed by afterAll). */
async function answering(offerSdp: string): Promise<BrowserPeer> {
  const browser = await receivingBrowser(offerSdp);
  browsers.push(browser);
  return browser;
}

describe('Janus media path (JANUS_URL)', () => {
  it("a viewer gets Janus's VP8 offer; the browser answering it receives VP8 RTP with keyframes, delivery goes up; after close nothing arrives", async () => {
    await media.ensureSource(actor, pattern);
    const s1 = session('s1');
    const { offerSdp } = await media.openViewer(s1, actor);
    expect(offerSdp.match(/^m=/gm)).toEqual(['m=']);
    expect(offerSdp).toMatch(/^m=video \d+ UDP\/TLS\/RTP\/SAVPF 96/m);
    expect(offerSdp).toMatch(/^a=rtpmap:96 VP8\/90000/m);
    expect(offerSdp).toMatch(/^a=candidate:/m);

    const browser = await answering(offerSdp);
    await media.acceptViewerAnswer(s1, browser.localSdp);
    await waitFor('a VP8 keyframe', () => browser.keyframes > 0);
    await waitFor('delivery up', deliveries.has(s1, 'up', 'guest'));
    expect(browser.payloadTypes).toEqual(new Set([96]));
    expect(media.stats()).toEqual({ sources: 1, viewers: 1 });
    expect(await viewerHandles(s1)).toHaveLength(1);

    expect(await packetsAfterClose(browser, () => media.close(s1))).toBe(0);
    expect(media.stats().viewers).toBe(0);
    // The session's end released the viewer's handle on Janus too.
    expect(await viewerHandles(s1)).toHaveLength(0);
    await media.close(s1); // idempotent
    await expect(media.acceptViewerAnswer(s1, browser.localSdp)).rejects.toBeInstanceOf(LiveMediaError);
  });

  it('two viewers of one performer share one mountpoint and one ffmpeg, and both receive video', async () => {
    await media.ensureSource(actor, pattern);
    const [a, b] = await Promise.all([watch('janus-s2'), watch('janus-s3')]);
    await waitFor('video on both', () => a.keyframes > 0 && b.keyframes > 0);
    expect(media.stats()).toEqual({ sources: 1, viewers: 2 });
    expect(ffmpegPids()).toHaveLength(1);
    await media.close('janus-s2');
    const bBefore = b.packets;
    await waitFor('the other viewer still receiving', () => b.packets > bBefore + 10);
    await media.close('janus-s3');
  });

  it("the source's liveness: its ffmpeg killed, the viewer's delivery goes down (performer side); started again, up", async () => {
    await media.ensureSource(actor, pattern);
    const viewer = await watch('janus-s8');
    await waitFor('video', () => viewer.keyframes > 0);
    const [pid] = ffmpegPids();
    if (pid === undefined) throw new Error('no ffmpeg runs');
    process.kill(pid, 'SIGKILL');
    // Stale after 3 s, checked every 2 s: generous limits for a loaded machine.
    await waitFor('delivery down (performer)', deliveries.has('janus-s8', 'down', 'performer'), 20_000);
    await media.ensureSource(actor, pattern);
    await waitFor('delivery up (performer)', deliveries.has('janus-s8', 'up', 'performer'), 20_000);
    const before = viewer.packets;
    await waitFor('video again', () => viewer.packets > before + 10);
    await media.close('janus-s8');
  });

  it("Janus hangs up a viewer's PeerConnection (ICE or DTLS failed): delivery goes down and the handle is released before the session ends", async () => {
    await media.ensureSource(actor, pattern);
    const sessionId = session('s9');
    const viewer = await watch(sessionId);
    await waitFor('video', () => viewer.keyframes > 0);
    const [handle, ...more] = await viewerHandles(sessionId);
    expect(handle).toBeDefined();
    expect(more).toEqual([]);
    await hangUpWebrtc(handle as NonNullable<typeof handle>);
    await waitFor('delivery down (guest)', deliveries.has(sessionId, 'down', 'guest'));
    await untilHandles('the viewer handle released', viewerOpaqueId(sessionId), 0);
    expect(media.stats().viewers).toBe(0);
    await media.close(sessionId); // the session's end finds nothing left to release
    await expect(media.acceptViewerAnswer(sessionId, viewer.localSdp)).rejects.toMatchObject({
      code: 'LIVE_NO_VIEWER',
    });
  });

  it('refusals: no source is LIVE_NO_SOURCE, a malformed answer or an offer without VP8 LIVE_BAD_SDP', async () => {
    await expect(media.openViewer('janus-s4', actor + 1)).rejects.toMatchObject({ code: 'LIVE_NO_SOURCE' });
    await media.openViewer('janus-s5', actor);
    await expect(media.acceptViewerAnswer('janus-s5', 'v=0\r\nnot an sdp\r\n')).rejects.toMatchObject({
      code: 'LIVE_BAD_SDP',
    });
    await media.close('janus-s5');
    await expect(media.publishPerformer(actor, 'v=0\r\n')).rejects.toMatchObject({ code: 'LIVE_BAD_SDP' });
  });

  it("a performer's camera published through the VideoRoom reaches the performer's viewers (rtp_forward into the mountpoint)", async () => {
    const performer = actor + 2;
    const camera = await sendingBrowser('Performer camera');
    browsers.push(camera);
    const { answerSdp } = await media.publishPerformer(performer, camera.localSdp);
    await camera.accept(answerSdp);
    const viewer = await watch('janus-s6', performer);
    await waitFor('the camera on the viewer', () => viewer.keyframes > 0, 15_000);
    expect(ffmpegPids()).toHaveLength(2); // the first actor's test pattern and the camera's feed
    await media.close('janus-s6');
  });

  it("cam2cam: the guest's camera reaches the performer through the session's private room; close ends it", async () => {
    await media.ensureSource(actor, pattern);
    await watch('janus-s7');
    const guestCamera = await sendingBrowser('Guest camera');
    browsers.push(guestCamera);
    const { answerSdp } = await media.publishGuestCamera('janus-s7', guestCamera.localSdp);
    await guestCamera.accept(answerSdp);
    await waitFor('the guest camera connected', () => guestCamera.connected, 15_000);
    const { offerSdp } = await media.subscribePerformerToGuest('janus-s7');
    const performerPage = await answering(offerSdp);
    await media.acceptPerformerAnswer('janus-s7', performerPage.localSdp);
    await waitFor('the guest camera at the performer', () => performerPage.keyframes > 0, 15_000);
    expect(await packetsAfterClose(performerPage, () => media.close('janus-s7'))).toBe(0);
    await expect(media.subscribePerformerToGuest('janus-s7')).rejects.toMatchObject({
      code: 'LIVE_NO_VIEWER',
    });
  });
});

/**
 * The embedded media path (werift-media.ts, decision 0038 part 5) in this process: the test pattern's
 * ffmpeg → a UDP socket → a werift sendonly peer → a werift peer connection in the role of the
 * browser (webrtc-browser.ts). Small pictures (320×180) and short runs keep it light on CPU.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, useOPUS, useVP8 } from 'werift';
import type { LiveMedia } from '../src/modules/live/media/live-media.ts';
import { LiveMediaError } from '../src/modules/live/media/live-media.ts';
import { announceAddress, createWeriftMedia } from '../src/modules/live/media/werift-media.ts';
import * as web from './webrtc-browser.ts';

const silent = { warn() {}, info() {} };
const IDLE_MS = 1500;

/** The browsers still open, closed after the tests. */
const browsers: web.BrowserPeer[] = [];
let deliveries: ReturnType<typeof web.deliveryLog>;
let media: LiveMedia;

beforeAll(() => {
  media = createWeriftMedia(
    { liveUdpPorts: [42000, 42999], liveSourceIdleMs: IDLE_MS },
    { log: silent, testPattern: { size: '320x180', bitrate: '150k' } },
  );
  deliveries = web.deliveryLog(media);
});

afterAll(async () => {
  await media?.stop();
  await Promise.all(browsers.map((browser) => browser.close()));
});

/** Closes a browser once (afterAll closes the rest). */
async function leave(browser: web.BrowserPeer): Promise<void> {
  browsers.splice(browsers.indexOf(browser), 1);
  await browser.close();
}

/** A browser watching the actor's source in `sessionId`, closed after the tests. */
async function watch(sessionId: string, actorId: number): Promise<web.BrowserPeer> {
  const browser = await web.watchWith(media, sessionId, actorId);
  browsers.push(browser);
  return browser;
}

const ffmpegChildren = () => web.ffmpegPids().length;

describe('embedded media path (werift)', () => {
  it('a viewer of a test pattern: one VP8 video m-line with candidates in the port range, VP8 RTP with keyframes arrives, delivery goes up; after close nothing arrives', async () => {
    await media.ensureSource(1, { kind: 'test-pattern', label: 'Test Pattern' });
    const { offerSdp } = await media.openViewer('s1', 1);
    expect(offerSdp.match(/^m=/gm)).toEqual(['m=']);
    expect(offerSdp).toMatch(/^m=video \d+ UDP\/TLS\/RTP\/SAVPF 96\r?$/m);
    expect(offerSdp).toMatch(/^a=rtpmap:96 VP8\/90000/m);
    expect(offerSdp).toMatch(/^a=sendonly/m);
    const ports = [...offerSdp.matchAll(/^a=candidate:\S+ \d+ udp \d+ (\S+) (\d+) typ host/gm)];
    expect(ports.map((c) => c[1])).toContain('127.0.0.1');
    for (const candidate of ports) expect(Number(candidate[2])).toBeGreaterThanOrEqual(42000);
    for (const candidate of ports) expect(Number(candidate[2])).toBeLessThanOrEqual(42999);

    const browser = await web.receivingBrowser(offerSdp);
    browsers.push(browser);
    await media.acceptViewerAnswer('s1', browser.localSdp);
    await web.waitFor('a VP8 keyframe', () => browser.keyframes > 0);
    await web.waitFor('delivery up', deliveries.has('s1', 'up', 'guest'));
    expect(browser.payloadTypes).toEqual(new Set([96]));
    expect(media.stats()).toEqual({ sources: 1, viewers: 1 });

    expect(await web.packetsAfterClose(browser, () => media.close('s1'))).toBe(0);
    expect(media.stats().viewers).toBe(0);
    await media.close('s1'); // idempotent
    await expect(media.acceptViewerAnswer('s1', browser.localSdp)).rejects.toBeInstanceOf(LiveMediaError);
    // close() is the session's end: no 'down' is reported for it.
    expect(deliveries.seen.filter((d) => d.sessionId === 's1').map((d) => d.state)).toEqual(['up']);
  });

  it('two viewers of one source share one ffmpeg; the source stops after the idle time without viewers and starts again on demand', async () => {
    await web.waitFor('the first source idle-stopped', () => ffmpegChildren() === 0, IDLE_MS + 4000);
    await media.ensureSource(2, { kind: 'test-pattern', label: 'Second Performer' });
    const [a, b] = await Promise.all([watch('s2', 2), watch('s3', 2)]);
    await web.waitFor('video on both', () => a.keyframes > 0 && b.keyframes > 0);
    expect(ffmpegChildren()).toBe(1);
    await media.close('s2');
    const before = b.packets;
    await web.waitFor('the other viewer still receiving', () => b.packets > before + 10);
    await media.close('s3');
    await web.waitFor('both sources idle-stopped', () => ffmpegChildren() === 0, IDLE_MS + 4000);
    expect(media.stats()).toEqual({ sources: 0, viewers: 0 });

    const again = await watch('s4', 2);
    await web.waitFor('video after the restart', () => again.keyframes > 0);
    expect(ffmpegChildren()).toBe(1);
    await media.close('s4');
  });

  it('a viewer whose browser goes away is down (side guest); a source that stops sending is down (side performer)', async () => {
    await media.ensureSource(3, { kind: 'test-pattern', label: 'Third' });
    const gone = await watch('s5', 3);
    await web.waitFor('s5 up', deliveries.has('s5', 'up', 'guest'));
    await leave(gone);
    await web.waitFor('s5 down (guest)', deliveries.has('s5', 'down', 'guest'), 8000);
    await media.close('s5');

    // The performer's camera is the source; when it stops, the viewer sees the performer side down.
    const camera = await web.sendingBrowser('Performer Camera');
    browsers.push(camera);
    const { answerSdp } = await media.publishPerformer(3, camera.localSdp);
    await camera.accept(answerSdp);
    await watch('s6', 3);
    await web.waitFor('s6 up', deliveries.has('s6', 'up', 'guest'));
    await leave(camera);
    await web.waitFor('s6 down (performer)', deliveries.has('s6', 'down', 'performer'), 8000);
    await media.close('s6');
  });

  it("a performer's camera replaces the test pattern for its viewers, who keep receiving", async () => {
    await media.ensureSource(4, { kind: 'test-pattern', label: 'Fourth' });
    const viewer = await watch('s7', 4);
    await web.waitFor('the pattern on the viewer', () => viewer.keyframes > 0);
    const camera = await web.sendingBrowser('Fourth Camera');
    browsers.push(camera);
    const { answerSdp } = await media.publishPerformer(4, camera.localSdp);
    await camera.accept(answerSdp);
    // The pattern's ffmpeg goes; the camera's feed (the sending browser's own ffmpeg) remains.
    await web
      .waitFor('the pattern stopped', () => ffmpegChildren() === 1, 5000)
      .catch((error) => {
        throw new Error(`${error}: ffmpeg children ${web.ffmpegPids().join(', ')}`);
      });
    const keyframes = viewer.keyframes;
    await web.waitFor('the camera on the viewer', () => viewer.keyframes > keyframes + 1);
    expect(viewer.payloadTypes).toEqual(new Set([96]));
    await media.close('s7');
    await leave(camera);
  });

  it("cam2cam: the guest's camera reaches the performer's subscriber; close ends it", async () => {
    await media.ensureSource(5, { kind: 'test-pattern', label: 'Fifth' });
    await watch('s8', 5);
    const guestCamera = await web.sendingBrowser('Guest Camera');
    browsers.push(guestCamera);
    const { answerSdp } = await media.publishGuestCamera('s8', guestCamera.localSdp);
    await guestCamera.accept(answerSdp);
    const { offerSdp } = await media.subscribePerformerToGuest('s8');
    const performerPage = await web.receivingBrowser(offerSdp);
    browsers.push(performerPage);
    await media.acceptPerformerAnswer('s8', performerPage.localSdp);
    await web.waitFor('the guest camera at the performer', () => performerPage.keyframes > 0);
    expect(await web.packetsAfterClose(performerPage, () => media.close('s8'))).toBe(0);
    await expect(media.subscribePerformerToGuest('s8')).rejects.toMatchObject({ code: 'LIVE_NO_VIEWER' });
    await leave(guestCamera);
  });

  it('refusals: no source, a malformed answer or offer, no guest camera (LiveMediaError codes)', async () => {
    await expect(media.openViewer('s9', 99)).rejects.toMatchObject({ code: 'LIVE_NO_SOURCE' });
    await media.ensureSource(1, { kind: 'test-pattern', label: 'Test Pattern' });
    await media.openViewer('s10', 1);
    await expect(media.acceptViewerAnswer('s10', 'v=0\r\nnot an sdp\r\n')).rejects.toMatchObject({
      code: 'LIVE_BAD_SDP',
    });
    await media.close('s10');
    await expect(media.publishPerformer(1, 'v=0\r\n')).rejects.toMatchObject({ code: 'LIVE_BAD_SDP' });
    await expect(media.publishGuestCamera('s11', 'garbage')).rejects.toMatchObject({ code: 'LIVE_BAD_SDP' });
    await expect(media.subscribePerformerToGuest('s12')).rejects.toMatchObject({ code: 'LIVE_NO_VIEWER' });
    await expect(media.acceptPerformerAnswer('s12', 'v=0')).rejects.toMatchObject({ code: 'LIVE_NO_VIEWER' });
  });

  it("a browser camera offer with audio next to the video is answered (audio received and ignored), as Chromium's is", async () => {
    const pc = new RTCPeerConnection({ iceServers: [], codecs: { audio: [useOPUS()], video: [useVP8()] } });
    pc.addTransceiver('audio', { direction: 'sendonly' });
    pc.addTransceiver('video', { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    if (pc.iceGatheringState !== 'complete') {
      await pc.iceGatheringStateChange.watch((state) => state === 'complete', 10_000);
    }
    const { answerSdp } = await media.publishPerformer(6, pc.localDescription?.sdp ?? '');
    expect(answerSdp.match(/^m=\w+/gm)).toEqual(['m=audio', 'm=video']);
    expect(answerSdp).toMatch(/^a=rtpmap:\d+ VP8\/90000/m);
    expect(answerSdp.match(/^a=recvonly/gm)).toHaveLength(2);
    await pc.close();
  });

  it('LIVE_PUBLIC_IP replaces the host candidates and the connection address', () => {
    const sdp = [
      'v=0',
      'c=IN IP4 192.0.2.2',
      'a=candidate:1 1 udp 2130706431 192.0.2.2 42001 typ host',
      'a=candidate:2 1 udp 2130706431 127.0.0.1 42002 typ host',
      'a=candidate:3 1 udp 1694498815 198.51.100.9 42003 typ srflx raddr 0.0.0.0 rport 0',
    ].join('\r\n');
    expect(announceAddress(sdp, '203.0.113.7').split('\r\n')).toEqual([
      'v=0',
      'c=IN IP4 203.0.113.7',
      'a=candidate:1 1 udp 2130706431 203.0.113.7 42001 typ host',
      'a=candidate:2 1 udp 2130706431 203.0.113.7 42002 typ host',
      'a=candidate:3 1 udp 1694498815 198.51.100.9 42003 typ srflx raddr 0.0.0.0 rport 0',
    ]);
    expect(announceAddress(sdp, undefined)).toBe(sdp);
  });
});

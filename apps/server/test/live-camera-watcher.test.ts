/**
 * Cam2cam's performer side for the simulated performers (issue 16): `watchGuestCamera` subscribes to
 * a guest's published camera through the embedded media path, like a performer app through the
 * performer API, and counts the frames that arrive; without a published camera it is refused
 * (LIVE_NO_VIEWER); closing the session stops the frames. The guest is a werift "browser" sending
 * the ffmpeg test pattern (webrtc-browser.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { watchGuestCamera } from '../src/modules/live/media/camera-watcher.ts';
import { createWeriftMedia } from '../src/modules/live/media/werift-media.ts';
import * as web from './webrtc-browser.ts';

const media = createWeriftMedia(
  { liveUdpPorts: [47100, 47149], liveSourceIdleMs: 60_000 },
  { testPattern: { size: '320x180', rate: 15 } },
);
const browsers: web.BrowserPeer[] = [];
afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await media.stop();
});

describe('the simulated performer sees the guest camera of a video call', () => {
  it('no camera published yet: refused with LIVE_NO_VIEWER', async () => {
    await expect(watchGuestCamera(media, 'w1')).rejects.toMatchObject({ code: 'LIVE_NO_VIEWER' });
  });

  it("the guest camera's frames reach the performer side and stop when the session closes", async () => {
    const guest = await web.sendingBrowser('Guest Camera');
    browsers.push(guest);
    const { answerSdp } = await media.publishGuestCamera('w2', guest.localSdp);
    await guest.accept(answerSdp);
    const counts: number[] = [];
    const watcher = await watchGuestCamera(media, 'w2', (frames) => counts.push(frames));
    await web.waitFor('15 guest camera frames at the performer side', () => watcher.frames >= 15, 15_000);
    expect(counts.slice(0, 3)).toEqual([1, 2, 3]);
    await media.close('w2');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = watcher.frames;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(watcher.frames).toBe(after);
    await watcher.close();
  });
});

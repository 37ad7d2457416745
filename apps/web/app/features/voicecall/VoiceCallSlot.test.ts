// @vitest-environment happy-dom
/**
 * Spec 4 "Stop for matching hash reloads, deferred until chat exit dialog closes" with the call's
 * video (decision 0051): the stop may come before the video's `chatEnd`, so the reload waits until the
 * live room shows no running chat (its exit dialog opened), then until that dialog is closed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLiveRoomEnds, reloadAfterExitDialog } from './VoiceCallSlot.tsx';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the voice call stop on the page of its video (spec 4)', () => {
  it('waits for the room to end, then for its exit dialog to close, before it reloads', async () => {
    document.body.innerHTML = '<section class="live-room" data-live-phase="live"></section>';
    const reload = vi.fn();
    afterLiveRoomEnds(() => reloadAfterExitDialog(document, reload));
    await flush();
    expect(reload).not.toHaveBeenCalled();
    // chatEnd (903): the room ends and its exit dialog opens.
    const room = document.querySelector('.live-room')!;
    room.setAttribute('data-live-phase', 'ended');
    room.innerHTML = '<button data-live-close="">Close</button>';
    await flush();
    expect(reload).not.toHaveBeenCalled();
    room.innerHTML = '';
    await flush();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once without a running room, and after the wait when the chatEnd never comes', async () => {
    const now = vi.fn();
    afterLiveRoomEnds(now);
    expect(now).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '<section class="live-room" data-live-phase="live"></section>';
    const later = vi.fn();
    afterLiveRoomEnds(later, document, 20);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(later).toHaveBeenCalledTimes(1);
  });
});

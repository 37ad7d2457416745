/**
 * For the interaction tests of the media library's messenger sections (MessengerPhotosView,
 * MessengerClipsView; tests only): a bought item as the server lists it, the section's page, the REST
 * answers recorded (restored and the page unmounted after each test), the section rendered for a
 * logged-in guest at its URL, and a first load that fails and is tried again.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { MediathekMessengerMedia } from '@vela/contracts/mediathek';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { type RecordedCall, recordRestCalls, restRefused } from '../../api/restRecorder.ts';
import { renderInDataRouter } from '../../payment-dialog/renderWithDialog.tsx';

/** Bought from Honey Jules (actor 3) in channel 9 on 2026-11-26; the rest is the kind's own. */
export const buildMessengerMedia = (
  own: Pick<MediathekMessengerMedia, 'mediaId' | 'kind' | 'price' | 'url' | 'clip'>,
): MediathekMessengerMedia => ({
  channelId: '9',
  actorId: 3,
  actorName: 'Honey Jules',
  at: '2026-11-26T20:00:00.000Z',
  ...own,
});

/** The section's one page holding `items` (`shape`: the other lists of a photo or video section). */
export const messengerSectionPage = (
  items: MediathekMessengerMedia[],
  shape: { limit: number } & Record<string, unknown>,
) => ({
  section: 'messenger',
  messengerMedia: items,
  offset: 0,
  total: items.length,
  hasMore: false,
  available: true,
  ...shape,
});

/** Answers the REST calls of each test with `answer` and returns the calls recorded. */
export function serveRestPerTest() {
  let stop = () => {};
  afterEach(() => {
    cleanup();
    stop();
  });
  return (answer: (call: RecordedCall) => Response) => {
    const recorded = recordRestCalls(answer);
    stop = recorded.stop;
    return recorded.calls;
  };
}

/** The section at `url` for a logged-in guest. */
export const renderSection = (url: string, section: ReactNode) =>
  renderInDataRouter(url, section, buildGuestMe());

/**
 * The section's first load refused (500) until its alert shows; then "Try again", which `answer`s.
 * The test checks what the section shows after.
 */
export async function retryAfterFailedLoad(
  serve: ReturnType<typeof serveRestPerTest>,
  render: () => unknown,
  answer: () => Response,
) {
  let fail = true;
  serve(() => (fail ? restRefused('INTERNAL_ERROR', 500) : answer()));
  render();
  await screen.findByRole('alert');
  fail = false;
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
}

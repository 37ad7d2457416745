// @vitest-environment happy-dom
/**
 * The media library's messenger clips (issue 19 deliverable 2; videos/messenger) with the server's
 * answers recorded: the bought clips as tiles (the signed poster, price, date, the way to the
 * conversation), a tile opening the clip in a dialog where the player gets the signed playlist, poster
 * and thumbnails, Close (or Escape) closing it; a player failure says so; an empty section says how
 * clips get here; a failed load offers "Try again". The media element itself is the browser's
 * (e2e/messenger-media.spec.ts): here the player is a stand-in with the same props.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediathekMessengerMedia } from '@vela/contracts/mediathek';
import { describe, expect, it, vi } from 'vitest';
import { restOk, restRefused } from '../../api/restRecorder.ts';
import {
  buildMessengerMedia,
  messengerSectionPage,
  renderSection,
  retryAfterFailedLoad,
  serveRestPerTest,
} from './messengerMediaFixture.tsx';
import { VideoSectionView } from './VideoSectionView.tsx';

vi.mock('../../player/components/VideoPlayer.tsx', async () => ({
  VideoPlayer: (await import('../../player/components/VideoPlayerStandIn.tsx')).VideoPlayerStandIn,
}));

const serve = serveRestPerTest();

const clip = buildMessengerMedia({
  mediaId: '52',
  kind: 'clip',
  price: { value: 40, currency: 'VXC' },
  url: '/media/messenger/52/index.m3u8?t=signed',
  clip: {
    posterUrl: '/media/messenger/52/poster.jpg?t=signed',
    thumbnailsUrl: '/media/messenger/52/thumbnails.vtt?t=signed',
  },
});

const page = (items: MediathekMessengerMedia[]) => messengerSectionPage(items, { items: [], limit: 30 });

const render = () =>
  renderSection('/en/myvela/mediathek/videos/messenger/', <VideoSectionView lang="en" section="messenger" />);

describe('media library: clips bought in the messenger (issue 19 deliverable 2)', () => {
  it('lists the bought clips with their signed poster, price and conversation; a tile plays the clip in a dialog', async () => {
    const user = userEvent.setup();
    const calls = serve((call) =>
      call.path === 'mediathek/videos/messenger' ? restOk(page([clip])) : restRefused('NOT_FOUND', 404),
    );
    render();
    const open = await screen.findByRole('button', { name: /^Play the clip bought on / });
    const tile = open.closest('[data-messenger-media-id="52"]');
    expect(tile?.querySelector('img')?.getAttribute('src')).toBe(clip.clip?.posterUrl);
    expect(tile?.textContent).toContain('40 coins');
    expect(tile?.textContent).toContain('by Honey Jules');
    expect(screen.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe(
      '/en/messenger/?channel=9',
    );
    expect(calls.map((call) => call.path)).toEqual(['mediathek/videos/messenger']);

    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Clip from the messenger' });
    const player = await screen.findByTestId('player');
    expect(dialog.contains(player)).toBe(true);
    expect(player.dataset).toMatchObject({
      access: 'full',
      manifest: clip.url,
      poster: clip.clip?.posterUrl,
      thumbnails: clip.clip?.thumbnailsUrl,
    });
    expect(player.getAttribute('aria-label')).toBe('Clip from the messenger');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a clip the player cannot load says so in the dialog', async () => {
    const user = userEvent.setup();
    serve(() => restOk(page([clip])));
    render();
    await user.click(await screen.findByRole('button', { name: /^Play the clip bought on / }));
    await user.click(await screen.findByRole('button', { name: 'fail a segment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This clip cannot be played right now. Reload the page and try again.',
    );
    expect(screen.queryByTestId('player')).toBeNull();
  });

  it('empty: says how clips get here; a failed load offers Try again, which loads again', async () => {
    await retryAfterFailedLoad(serve, render, () => restOk(page([])));
    expect(
      await screen.findByText(
        'You have not bought any clips in the messenger yet. Clips a performer sends you there show here once you buy them.',
      ),
    ).toBeTruthy();
  });
});

// @vitest-environment happy-dom
/**
 * The media library's messenger photos (issue 19 deliverable 2) with the server's answers recorded: the
 * bought photos as tiles (the signed URL, price, date, the way to the conversation), a tile opening the
 * photo in a dialog that Close (or Escape) closes; an empty section says how photos get here; a failed
 * load offers "Try again".
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediathekMessengerMedia } from '@vela/contracts/mediathek';
import { describe, expect, it } from 'vitest';
import { restOk, restRefused } from '../../api/restRecorder.ts';
import {
  buildMessengerMedia,
  messengerSectionPage,
  renderSection,
  retryAfterFailedLoad,
  serveRestPerTest,
} from './messengerMediaFixture.tsx';
import { PhotoSectionView } from './PhotoSectionView.tsx';

const serve = serveRestPerTest();

const photo = buildMessengerMedia({
  mediaId: '41',
  kind: 'photo',
  price: { value: 20, currency: 'VXC' },
  url: '/media/messenger/41/w640.webp?t=signed',
  clip: null,
});

const page = (items: MediathekMessengerMedia[]) =>
  messengerSectionPage(items, { albums: [], pictures: [], limit: 24 });

const render = () =>
  renderSection('/en/myvela/mediathek/photos/messenger/', <PhotoSectionView lang="en" section="messenger" />);

describe('media library: photos bought in the messenger (issue 19 deliverable 2)', () => {
  it('lists the bought photos with their signed URL, price and conversation; a tile opens the photo in a dialog', async () => {
    const user = userEvent.setup();
    const calls = serve((call) =>
      call.path === 'mediathek/photos/messenger' ? restOk(page([photo])) : restRefused('NOT_FOUND', 404),
    );
    render();
    const open = await screen.findByRole('button', { name: /^Open the photo bought on / });
    const tile = open.closest('[data-messenger-media-id="41"]');
    expect(tile?.querySelector('img')?.getAttribute('src')).toBe(photo.url);
    expect(tile?.textContent).toContain('20 coins');
    expect(tile?.textContent).toContain('by Honey Jules');
    expect(screen.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe(
      '/en/messenger/?channel=9',
    );
    expect(calls.map((call) => call.path)).toEqual(['mediathek/photos/messenger']);

    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Photo from the messenger' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(photo.url);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('empty: says how photos get here; a failed load offers Try again, which loads again', async () => {
    await retryAfterFailedLoad(serve, render, () => restOk(page([])));
    expect(
      await screen.findByText(
        'You have not bought any photos in the messenger yet. Photos a performer sends you there show here once you buy them.',
      ),
    ).toBeTruthy();
  });
});

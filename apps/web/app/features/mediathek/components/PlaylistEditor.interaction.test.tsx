// @vitest-environment happy-dom
/**
 * The playlist editor in the page's providers (issue 17 deliverable 6; spec 2 media library
 * playlists and modals `playlist-delete` / `playlist-cancel-changes`), with the server's REST answers
 * recorded: reorder by keyboard (Alt+Arrow down/up keeps focus on the moved video and announces its
 * place) and by buttons, save sends the whole order once; leaving with unsaved changes asks through
 * `playlist-cancel-changes` (keep editing stays, discard leaves without saving); deleting asks
 * through `playlist-delete`.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { Playlist } from '@vela/contracts/mediathek';
import { Link, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RecordedCall, recordRestCalls, restOk, restRefused } from '../../api/restRecorder.ts';
import { renderInDataRouter } from '../../payment-dialog/renderWithDialog.tsx';
import { PlaylistsView } from './PlaylistsView.tsx';

let calls: RecordedCall[] = [];
let stop = () => {};

const video = (id: number, title: string) => ({
  id,
  title,
  duration: 60,
  ageRating: 16 as const,
  vip: false,
  isVip30Offer: false,
  free: false,
  isNew: false,
  classic: false,
  price: { value: 199, currency: 'EUR' as const },
  basePrice: { value: 199, currency: 'EUR' as const },
  releasedAt: '2026-11-01T00:00:00.000Z',
  likes: 0,
  preview: { key: 'preview-1', ageRating: 16 as const, aspect: 16 / 9 },
  actor: { id: 3, name: 'Honey Jules', slug: 'honeyjules' },
});

let stored: Playlist;

beforeEach(() => {
  calls = [];
  stored = {
    id: 7,
    name: 'Evening',
    position: 0,
    updatedAt: '2026-11-26T20:00:00.000Z',
    items: [video(1, 'Alpha'), video(2, 'Bravo'), video(3, 'Charlie')].map((v, position) => ({
      video: v,
      position,
    })),
  };
  ({ calls, stop } = recordRestCalls(answer));
});

/** The server's answers: the playlist list, the playlist, its save (the new order and name) and its deletion. */
function answer(call: RecordedCall): Response {
  const route = `${call.method} ${call.path}`;
  if (route === 'GET mediathek/playlists') return restOk({ playlists: [], max: 50, itemsMax: 500 });
  if (route === 'GET mediathek/playlists/7') return restOk(stored);
  if (route === 'DELETE mediathek/playlists/7') return restOk({ deleted: true });
  if (route !== 'POST mediathek/playlists/7') return restRefused('NOT_FOUND', 404);
  const order = (call.body?.videoIds as number[] | undefined) ?? stored.items.map((i) => i.video.id);
  const byId = new Map(stored.items.map((i) => [i.video.id, i.video]));
  stored = {
    ...stored,
    name: (call.body?.name as string | undefined) ?? stored.name,
    items: order.flatMap((id, position) => {
      const video = byId.get(id);
      return video ? [{ video, position }] : [];
    }),
  };
  return restOk(stored);
}
afterEach(() => {
  cleanup();
  stop();
});

function Location() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  return renderInDataRouter(
    url,
    <>
      <Location />
      <Link to="/en/videos/">Elsewhere</Link>
      <PlaylistsView lang="en" />
    </>,
    buildGuestMe(),
  );
}

const EDITOR_URL = '/en/my/mediathek/videos/playlist/?playlist=7';
const titles = () =>
  [...document.querySelectorAll('.mediathek-order__title')].map((element) => element.textContent);
const url = () => screen.getByTestId('url').textContent;
const saves = () => calls.filter((c) => c.method === 'POST' && c.path === 'mediathek/playlists/7');

describe('playlist editor (issue 17 deliverable 6, spec 2 modals playlist-delete / playlist-cancel-changes)', () => {
  it('reorders by keyboard: Alt+Arrow down/up moves the focused video, keeps focus on it and announces its place; save sends the whole order once', async () => {
    const user = userEvent.setup();
    renderAt(EDITOR_URL);
    await screen.findByRole('link', { name: 'Alpha' });
    expect(titles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    screen.getByRole('link', { name: 'Alpha' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{ArrowDown}{/Alt}');
    expect(titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect(document.activeElement?.textContent).toBe('Alpha');
    expect(screen.getByText('Alpha is now number 3 of 3.')).toBeTruthy();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    // An arrow key without Alt moves nothing.
    await user.keyboard('{ArrowUp}');
    expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    await user.click(save);
    await screen.findByText('Saved.');
    expect(saves().map((c) => c.body)).toEqual([{ videoIds: [2, 1, 3] }]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('reorders by buttons: Up is disabled at the top, Down at the end; moving by a button keeps focus on it while it can move on', async () => {
    const user = userEvent.setup();
    renderAt(EDITOR_URL);
    await screen.findByRole('link', { name: 'Alpha' });
    expect((screen.getByRole('button', { name: 'Move Alpha up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Charlie down' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Move Alpha down' }));
    expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Alpha down' }));
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    // Down is now disabled: focus moved to the video's title instead of getting lost.
    expect(document.activeElement?.textContent).toBe('Alpha');
  });

  it('leaving with unsaved changes asks through playlist-cancel-changes: keep editing stays with the changes, discard leaves without saving', async () => {
    const user = userEvent.setup();
    renderAt(EDITOR_URL);
    await screen.findByRole('link', { name: 'Alpha' });
    await user.click(screen.getByRole('button', { name: 'Move Charlie up' }));
    await user.click(screen.getByRole('link', { name: 'Back to playlists' }));

    let modal = await screen.findByRole('dialog');
    expect(modal.getAttribute('data-modal-id')).toBe('playlist-cancel-changes');
    expect(
      await within(modal).findByText('You changed “Evening” without saving. Leave and lose the changes?'),
    ).toBeTruthy();
    await user.click(await within(modal).findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(url()).toBe(EDITOR_URL);
    expect(titles()).toEqual(['Alpha', 'Charlie', 'Bravo']);

    // Another page of the site asks the same; Escape keeps editing too.
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    modal = await screen.findByRole('dialog');
    await within(modal).findByRole('button', { name: 'Keep editing' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(url()).toBe(EDITOR_URL);

    await user.click(screen.getByRole('link', { name: 'Back to playlists' }));
    modal = await screen.findByRole('dialog');
    await user.click(await within(modal).findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(url()).toBe('/en/my/mediathek/videos/playlist/'));
    expect(saves()).toEqual([]);
    expect(await screen.findByText('Your playlists')).toBeTruthy();
  });

  it('without changes, leaving asks nothing', async () => {
    const user = userEvent.setup();
    renderAt(EDITOR_URL);
    await screen.findByRole('link', { name: 'Alpha' });
    await user.click(screen.getByRole('link', { name: 'Back to playlists' }));
    await waitFor(() => expect(url()).toBe('/en/my/mediathek/videos/playlist/'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deleting asks through playlist-delete: "Keep playlist" deletes nothing, "Delete" deletes it and returns to the list', async () => {
    const user = userEvent.setup();
    renderAt(EDITOR_URL);
    await screen.findByRole('link', { name: 'Alpha' });
    await user.click(screen.getByRole('button', { name: 'Delete playlist' }));
    let modal = await screen.findByRole('dialog');
    expect(modal.getAttribute('data-modal-id')).toBe('playlist-delete');
    await user.click(await within(modal).findByRole('button', { name: 'Keep playlist' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete playlist' }));
    modal = await screen.findByRole('dialog');
    await user.click(await within(modal).findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(url()).toBe('/en/my/mediathek/videos/playlist/'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['mediathek/playlists/7']);
    expect(await screen.findByText('“Evening” was deleted.')).toBeTruthy();
  });
});

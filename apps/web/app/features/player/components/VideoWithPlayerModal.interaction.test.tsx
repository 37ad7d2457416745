// @vitest-environment happy-dom
/**
 * Spec 2 modal `video-with-player` and its `?video=<id>` opener (issue 17 contract 2) in the
 * browser: the query opens the modal (title, performer, length, age rating), closing it removes the
 * query and gives focus back, leaving the URL (back button) closes it; the states of spec 7
 * `watch/start` — a preview says so and offers the purchase at its end, a full video does not,
 * RESTRICTED leads to the login or the age check, 404 says the video no longer exists, a failure
 * offers a retry; recommendations (same performer, others) open the next video in place.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { buildPublicConfig } from '@vela/contracts/build-public-config';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { VideoTile } from '@vela/contracts/pages';
import type { WatchStart } from '@vela/contracts/playback';
import type { VideoListItem } from '@vela/contracts/videos';
import { createMemoryRouter, Link, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestError } from '../../api/rest.ts';
import { ViewerProvider } from '../../auth/useViewer.tsx';
import { ShellProvider } from '../../layout/state/ShellContext.tsx';
import { ModalHost } from '../../modals/components/ModalHost.tsx';
import { ModalProvider } from '../../modals/state/ModalProvider.tsx';
import { PaymentDialogProvider } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { openedFlow } from '../../payment-dialog/renderWithDialog.tsx';
import { BalanceProvider } from '../../wallet/state/BalanceProvider.tsx';
import { VideoPlayerOpener } from './VideoPlayerOpener.tsx';

/** The calls, replaced by functions each test sets; `calls` records the video ids asked for. */
const fake = vi.hoisted(() => ({
  loadPlayable: null as null | ((videoId: number) => Promise<unknown>),
  loadRecommendations: null as null | (() => Promise<unknown>),
  calls: [] as number[],
}));
vi.mock('../api.ts', async (original) => ({
  ...(await original<typeof import('../api.ts')>()),
  loadPlayable: (videoId: number) => {
    fake.calls.push(videoId);
    return fake.loadPlayable ? fake.loadPlayable(videoId) : new Promise(() => {});
  },
  loadRecommendations: () => (fake.loadRecommendations ? fake.loadRecommendations() : new Promise(() => {})),
}));
// Like/dislike and sharing have their own tests (videos/components/VideoActions.interaction.test.tsx).
vi.mock('../../videos/api/videoActionsApi.ts', async (original) => ({
  ...(await original<typeof import('../../videos/api/videoActionsApi.ts')>()),
  loadVideoRating: () => new Promise(() => {}),
}));
// The media element itself is the browser's (e2e/player.spec.ts): here a stand-in with the same props.
vi.mock('./VideoPlayer.tsx', () => ({
  VideoPlayer: (props: { start: WatchStart; label: string; onPreviewEnd(): void; onFailure(): void }) => (
    <section data-testid="player" data-access={props.start.access} aria-label={props.label}>
      <button type="button" onClick={props.onPreviewEnd}>
        reach the preview end
      </button>
      <button type="button" onClick={props.onFailure}>
        fail a segment
      </button>
    </section>
  ),
}));

const config = buildPublicConfig();
const alternates = { de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' };

function tile(id: number, overrides: Partial<VideoTile> = {}): VideoTile {
  return {
    id,
    title: `Clip ${id}`,
    duration: 125,
    ageRating: 16,
    vip: false,
    isVip30Offer: false,
    free: false,
    isNew: false,
    classic: false,
    price: { value: 499, currency: 'EUR' },
    basePrice: { value: 499, currency: 'EUR' },
    releasedAt: '2026-01-02T00:00:00.000Z',
    likes: 3,
    preview: { key: `videos/${id}.jpg`, ageRating: 16, aspect: 16 / 9 },
    actor: { id: 9, name: 'Honey Jules', slug: 'honeyjules' },
    ...overrides,
  };
}

function playable(id: number, access: 'full' | 'preview', overrides: Partial<VideoTile> = {}) {
  const video: VideoListItem = { ...tile(id, overrides), guestInfo: { bought: false, flatrate: false } };
  const start: WatchStart = {
    videoId: id,
    access,
    previewSeconds: 20,
    playableSeconds: access === 'full' ? 125 : 20,
    durationS: 125,
    manifestUrl: `/media/hls/${id}/index.m3u8?t=x`,
    posterUrl: `/media/hls/${id}/poster.jpg?t=x`,
    thumbnailsUrl: `/media/hls/${id}/thumbnails.vtt?t=x`,
  };
  return { video, start };
}

function Location() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="url">{`${location.pathname}${location.search}`}</output>
      <Link to="/en/videos/?video=5">open clip 5</Link>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
}

function renderAt(url: string, viewer: GuestMe | null = null) {
  // A data router, as the site has (the buy button reads the root route's data).
  const page = (
    <ShellProvider lang="en" brandName="Vela" alternates={alternates}>
      <ViewerProvider viewer={viewer} config={config}>
        <BalanceProvider viewer={viewer}>
          <PaymentDialogProvider lang="en" config={config} viewer={viewer}>
            <ModalProvider>
              <Location />
              <ModalHost />
              <VideoPlayerOpener />
            </ModalProvider>
          </PaymentDialogProvider>
        </BalanceProvider>
      </ViewerProvider>
    </ShellProvider>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

const url = () => screen.getByTestId('url').textContent;
// The modal's code loads lazily (its own chunk): the first wait of a test allows for a busy machine.
const LOAD = { timeout: 5000 };
const dialog = () => screen.findByRole('dialog', undefined, LOAD);
const heading = (name: string) => screen.findByRole('heading', { name }, LOAD);

beforeEach(() => {
  fake.loadPlayable = null;
  fake.loadRecommendations = null;
  fake.calls = [];
});
afterEach(cleanup);

describe('the ?video= opener (issue 17 contract 2, spec 2 modal video-with-player)', () => {
  it('a page URL with video=<id> opens the modal for that video: title, performer link, length, age rating', async () => {
    fake.loadPlayable = async (id) => playable(id, 'full');
    renderAt('/en/videos/?video=5&sort=newest');
    const modal = await dialog();
    expect(modal.getAttribute('data-modal-id')).toBe('video-with-player');
    expect(await heading('Clip 5')).toBeTruthy();
    expect(fake.calls).toEqual([5]);
    expect(screen.getByRole('link', { name: 'by Honey Jules' }).getAttribute('href')).toBe(
      '/en/amateur/honeyjules/',
    );
    expect(modal.textContent).toContain('Length 02:05');
    expect(modal.textContent).toContain('Age rating 16');
    expect(screen.getByTestId('player').getAttribute('aria-label')).toBe('Video player: Clip 5');
    // The loading frame's × had the focus; the loaded content keeps it in the dialog (Escape, Tab work).
    expect(modal.contains(document.activeElement)).toBe(true);
    // Around the player: like/dislike and "send this video to a friend" (issue 17 deliverable 7).
    expect(screen.getByRole('button', { name: /^Like/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Dislike/ })).toBeTruthy();
  });

  it('no or a malformed video query opens nothing', async () => {
    renderAt('/en/videos/?video=abc');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls).toEqual([]);
  });

  it('Escape closes it, removes only the video query and gives focus back to the link that opened it', async () => {
    fake.loadPlayable = async (id) => playable(id, 'full');
    renderAt('/en/videos/?sort=newest');
    const opener = screen.getByRole('link', { name: 'open clip 5' });
    opener.focus();
    await userEvent.click(opener);
    await heading('Clip 5');
    expect(url()).toBe('/en/videos/?video=5');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(url()).toBe('/en/videos/');
    expect(document.activeElement).toBe(opener);
  });

  it('the × closes it and keeps the other query parameters', async () => {
    fake.loadPlayable = async (id) => playable(id, 'full');
    renderAt('/en/videos/?sort=newest&video=5');
    await heading('Clip 5');
    await userEvent.click(screen.getByRole('button', { name: 'Close video' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(url()).toBe('/en/videos/?sort=newest');
  });

  it('the back button (leaving the ?video= URL) closes it', async () => {
    fake.loadPlayable = async (id) => playable(id, 'full');
    renderAt('/en/videos/');
    await userEvent.click(screen.getByRole('link', { name: 'open clip 5' }));
    await dialog();
    // The page's own back control stands in for the browser's (the same POP navigation).
    act(() => {
      (screen.getByRole('button', { name: 'back', hidden: true }) as HTMLButtonElement).click();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(url()).toBe('/en/videos/');
  });
});

describe('video-with-player states (spec 7 watch/start, contract 1)', () => {
  it('shows a loading state until the video is there', async () => {
    renderAt('/en/?video=5');
    const modal = await dialog();
    expect(modal.querySelector('[data-player-state="loading"]')).not.toBeNull();
    expect(screen.getAllByText('Loading the video…').length).toBeGreaterThan(0);
  });

  it('a preview says so and, at its end, offers "Buy to watch in full" with the buy button', async () => {
    fake.loadPlayable = async (id) => playable(id, 'preview');
    renderAt('/en/?video=5');
    await heading('Clip 5');
    expect(screen.getByText('Preview: the first 20 seconds of 02:05.')).toBeTruthy();
    expect(screen.queryByText('Buy to watch in full')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'reach the preview end' }));
    const offer = await screen.findByText('Buy to watch in full', undefined, LOAD);
    const box = offer.closest('[data-player-offer]') as HTMLElement;
    expect(box.textContent).toContain('The preview has ended.');
    expect(box.querySelector('button')).not.toBeNull();
  });

  it('a full video (bought, VIP or free) has no preview note and no offer at its end', async () => {
    fake.loadPlayable = async (id) => playable(id, 'full', { free: true });
    renderAt('/en/?video=5');
    await heading('Clip 5');
    await userEvent.click(screen.getByRole('button', { name: 'reach the preview end' }));
    expect(screen.queryByText(/^Preview:/)).toBeNull();
    expect(screen.queryByText('Buy to watch in full')).toBeNull();
    expect(screen.getByTestId('player').getAttribute('data-access')).toBe('full');
  });

  it('RESTRICTED for a visitor: log in (spec 6 need-login opens the login dialog)', async () => {
    fake.loadPlayable = async () => {
      throw new RestError('RESTRICTED', 'Login needed', 403);
    };
    renderAt('/en/?video=5');
    expect(
      await screen.findByText('Log in to watch this video (age rating 18).', undefined, LOAD),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await openedFlow()).toBe('login');
  });

  it('RESTRICTED for a logged-in guest: verify the age (spec 6 need-age-check opens the AVS dialog)', async () => {
    fake.loadPlayable = async () => {
      throw new RestError('RESTRICTED', 'Age check needed', 403);
    };
    renderAt('/en/?video=5', buildGuestMe({ id: '31', balanceFormatted: '' }));
    expect(
      await screen.findByText('This video is for adults only: verify your age to watch it.', undefined, LOAD),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Verify age' }));
    expect(await openedFlow()).toBe('avs');
  });

  it('404: this video no longer exists', async () => {
    fake.loadPlayable = async () => {
      throw new RestError('NOT_FOUND', 'Unknown video', 404);
    };
    renderAt('/en/?video=5');
    expect(await screen.findByText('This video no longer exists.', undefined, LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a failure offers a retry that asks again', async () => {
    let first = true;
    fake.loadPlayable = async (id) => {
      if (first) {
        first = false;
        throw new RestError('NETWORK', 'No answer', 0);
      }
      return playable(id, 'full');
    };
    renderAt('/en/?video=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }, LOAD));
    expect(await heading('Clip 5')).toBeTruthy();
    expect(fake.calls).toEqual([5, 5]);
  });

  it('media that stops loading (a refused segment) says so and a retry asks for a new start', async () => {
    fake.loadPlayable = async (id) => playable(id, 'full');
    renderAt('/en/?video=5');
    await heading('Clip 5');
    await userEvent.click(screen.getByRole('button', { name: 'fail a segment' }));
    expect(
      await screen.findByText('The video stopped because its data could not be loaded.', undefined, LOAD),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.calls).toEqual([5, 5]));
  });
});

describe('video recommendations beside the player (spec 3 fromSameActor, fromDifferentActor)', () => {
  it('lists both and a tile opens that video in the modal, in place', async () => {
    fake.loadPlayable = async (id) => playable(id, 'full');
    fake.loadRecommendations = async () => ({
      fromSameActor: [tile(6)],
      fromDifferentActor: [tile(7, { actor: { id: 2, name: 'Ann', slug: 'ann' } })],
    });
    renderAt('/en/videos/?video=5');
    await heading('Clip 5');
    const same = await screen.findByRole('region', { name: 'More from Honey Jules' }, LOAD);
    const other = screen.getByRole('region', { name: 'You may also like' });
    expect(other.textContent).toContain('Clip 7');
    const next = same.querySelector('a') as HTMLAnchorElement;
    expect(next.getAttribute('href')).toBe('/en/videos/?video=6');
    await userEvent.click(next);
    expect(await heading('Clip 6')).toBeTruthy();
    expect(url()).toBe('/en/videos/?video=6');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('a failure of the recommendations says so and leaves the player', async () => {
    fake.loadPlayable = async (id) => playable(id, 'full');
    fake.loadRecommendations = async () => {
      throw new Error('down');
    };
    renderAt('/en/?video=5');
    expect(await screen.findByText('Recommendations could not be loaded.', undefined, LOAD)).toBeTruthy();
    expect(screen.getByTestId('player')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
/**
 * A message of the conversation (issue 19): text is text (never HTML), a toy action names its preset,
 * and paid media a performer sent is locked (preview, "Buy for N coins") until bought through
 * `messenger/channel/:id/media/:mediaId/buy` with an idempotency key; the bought message replaces it.
 * Paid media is FSK-18: without an accepted age check the age check opens first and nothing is bought.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { MessengerMessage } from '@vela/contracts/messenger';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openedFlow, renderInDataRouter } from '../../payment-dialog/renderWithDialog.tsx';
import type { Gifts } from '../hooks/useGifts.ts';
import { MessageItem } from './MessageItem.tsx';

// The media element itself is the browser's (e2e/messenger-media.spec.ts): here a stand-in with the same props.
vi.mock('../../player/components/VideoPlayer.tsx', async () => ({
  VideoPlayer: (await import('../../player/components/VideoPlayerStandIn.tsx')).VideoPlayerStandIn,
}));

const noGifts: Gifts = {
  status: 'ready',
  gifts: [],
  stock: { owned: {}, vouchers: 0 },
  byId: new Map(),
  retry: () => {},
  setStock: () => {},
};
const base: MessengerMessage = {
  id: '5',
  channelId: '9',
  messageType: 'text',
  senderType: 'actor',
  text: '',
  includedGifts: [],
  media: null,
  priceCents: 0,
  isVideochat: false,
  isFreechat: false,
  createdAt: '2026-01-01T10:00:00.000Z',
};
const locked: MessengerMessage = {
  ...base,
  messageType: 'media',
  text: 'Just for you',
  media: {
    mediaId: '31',
    kind: 'photo',
    price: { value: 300, currency: 'EUR' },
    bought: false,
    previewUrl: 'data:image/svg+xml,<svg/>',
    url: null,
    clip: null,
  },
};
const bought: MessengerMessage = {
  ...locked,
  media: {
    ...(locked.media as NonNullable<MessengerMessage['media']>),
    bought: true,
    url: '/media/messenger/31/w640.webp?t=x',
  },
};

const boughtClip: MessengerMessage = {
  ...locked,
  media: {
    mediaId: '32',
    kind: 'clip',
    price: { value: 1000, currency: 'EUR' },
    bought: true,
    previewUrl: 'data:image/svg+xml,<svg/>',
    url: '/media/messenger/32/index.m3u8?t=x',
    clip: {
      posterUrl: '/media/messenger/32/poster.jpg?t=x',
      thumbnailsUrl: '/media/messenger/32/thumbnails.vtt?t=x',
    },
  },
};

let calls: { url: string; body: Record<string, unknown> }[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    calls.push({ url: input, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
    const data = {
      message: bought,
      alreadyBought: false,
      guestBalance: 0,
      guestBalanceFormatted: '0',
      guestBalanceCents: 0,
    };
    return new Response(JSON.stringify({ success: true, data }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a message of the conversation (issue 19)', () => {
  it('text is shown as text, never as HTML; a toy action names its preset', () => {
    renderInDataRouter(
      '/en/messenger/',
      <>
        <MessageItem
          lang="en"
          message={{ ...base, text: '<img src=x onerror=alert(1)> hi' }}
          gifts={noGifts}
          onReplace={() => {}}
        />
        <MessageItem
          lang="en"
          message={{ ...base, id: '6', messageType: 'toy', senderType: 'guest', text: 'medium' }}
          gifts={noGifts}
          onReplace={() => {}}
        />
      </>,
      buildGuestMe(),
    );
    expect(screen.getByText('<img src=x onerror=alert(1)> hi')).not.toBeNull();
    expect(document.querySelector('.messenger-message img')).toBeNull();
    expect(screen.getByText('Toy: Medium')).not.toBeNull();
  });

  it('paid media: locked until bought with an idempotency key, then the bought message replaces it', async () => {
    const onReplace = vi.fn();
    renderInDataRouter(
      '/en/messenger/',
      <MessageItem lang="en" message={locked} gifts={noGifts} onReplace={onReplace} />,
      buildGuestMe({ hasAvs: true, avsStatus: 'accepted' }),
    );
    expect(screen.getByAltText('Locked photo')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buy for 12 coins' }));
    await waitFor(() => expect(onReplace).toHaveBeenCalledWith(bought));
    expect(calls[0]?.url).toBe('/rest/v1/messenger/channel/9/media/31/buy?lang=en');
    expect(String(calls[0]?.body.idempotencyKey).length).toBeGreaterThanOrEqual(8);
  });

  it('paid media without an accepted age check opens the age check and buys nothing', async () => {
    renderInDataRouter(
      '/en/messenger/',
      <MessageItem lang="en" message={locked} gifts={noGifts} onReplace={() => {}} />,
      buildGuestMe(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Buy for 12 coins' }));
    expect(await openedFlow()).toBe('avs');
    expect(calls.filter((c) => c.url.includes('/media/'))).toHaveLength(0);
  });

  it('bought media is shown', () => {
    renderInDataRouter(
      '/en/messenger/',
      <MessageItem lang="en" message={bought} gifts={noGifts} onReplace={() => {}} />,
      buildGuestMe({ hasAvs: true, avsStatus: 'accepted' }),
    );
    expect(screen.getByAltText('Open the photo').getAttribute('src')).toBe(
      '/media/messenger/31/w640.webp?t=x',
    );
    expect(screen.queryByRole('button', { name: /Buy for/ })).toBeNull();
  });

  it('a locked clip offers "Buy for N coins" like a photo', () => {
    renderInDataRouter(
      '/en/messenger/',
      <MessageItem
        lang="en"
        message={{
          ...locked,
          media: { ...(locked.media as NonNullable<MessengerMessage['media']>), kind: 'clip' },
        }}
        gifts={noGifts}
        onReplace={() => {}}
      />,
      buildGuestMe({ hasAvs: true, avsStatus: 'accepted' }),
    );
    expect(screen.getByAltText('Locked clip')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Buy for 12 coins' })).not.toBeNull();
    expect(document.querySelector('video, [data-clip-poster]')).toBeNull();
  });

  it('a bought clip shows its signed poster; opening it plays the signed playlist in place; a player failure says so', async () => {
    renderInDataRouter(
      '/en/messenger/',
      <MessageItem lang="en" message={boughtClip} gifts={noGifts} onReplace={() => {}} />,
      buildGuestMe({ hasAvs: true, avsStatus: 'accepted' }),
    );
    const open = screen.getByRole('button', { name: 'Open the clip' });
    expect(open.querySelector('img')?.getAttribute('src')).toBe('/media/messenger/32/poster.jpg?t=x');
    expect(screen.queryByTestId('player')).toBeNull();
    fireEvent.click(open);
    const player = await screen.findByTestId('player');
    expect(player.dataset).toMatchObject({
      access: 'full',
      manifest: '/media/messenger/32/index.m3u8?t=x',
      poster: '/media/messenger/32/poster.jpg?t=x',
      thumbnails: '/media/messenger/32/thumbnails.vtt?t=x',
    });
    expect(player.getAttribute('aria-label')).toBe('Clip from the messenger');
    fireEvent.click(screen.getByRole('button', { name: 'fail a segment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This clip cannot be played right now. Reload the page and try again.',
    );
  });
});

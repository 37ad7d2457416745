/** Server render of the album page (issue 5 deliverable 4): states for visitors and guests, text-only comments. */

import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { buildPublicConfig } from '@vela/contracts/build-public-config';
import type { AlbumPageData } from '@vela/contracts/gallery';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { PublicConfig } from '@vela/contracts/pages';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ViewerProvider } from '../../auth/useViewer.tsx';
import { ShellProvider } from '../../layout/state/ShellContext.tsx';
import { PaymentDialogProvider } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { AlbumPage } from './AlbumPage.tsx';

const config: PublicConfig = buildPublicConfig();

const guest = buildGuestMe({ id: '31', balanceFormatted: '' });

const alternates = { de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' };

const rating = { guestRatingLikes: 3, guestRatingDislikes: 1, isLiked: true, isDisliked: false };

function data(overrides: Partial<AlbumPageData['comments']> = {}): AlbumPageData {
  return {
    album: {
      id: 5,
      title: 'Sunset',
      type: 'image',
      price: { value: 499, currency: 'EUR' },
      actor: { id: 2, name: 'Lena', slug: 'lena' },
      albumTotalViews: 1234,
      commentCount: 1,
      pictureCount: 2,
      cover: { key: 'picture-001', ageRating: 16, aspect: 1.5 },
      createdAt: '2026-11-20T10:00:00.000Z',
      isBought: false,
      ...rating,
    },
    actor: {
      id: 2,
      name: 'Lena',
      slug: 'lena',
      avatar: { key: 'avatar-001', ageRating: 16, aspect: 0.75 },
      isOnline: true,
    },
    sedcard: { guestRatingLikes: 0, guestRatingDislikes: 0, isLiked: false, isDisliked: false },
    pictures: [
      { id: 10, position: 1, image: { key: 'picture-002', ageRating: 16, aspect: 1.5 }, ...rating },
      {
        id: 11,
        position: 2,
        image: { key: 'picture-003', ageRating: 18, aspect: 1.5 },
        guestRatingLikes: 0,
        guestRatingDislikes: 2,
        isLiked: false,
        isDisliked: true,
      },
    ],
    comments: {
      list: [
        {
          id: 1,
          text: '<script>alert(1)</script> nice',
          createdAt: '2026-11-21T10:00:00.000Z',
          guestName: 'Bob',
          isOwn: false,
        },
      ],
      total: 1,
      isGuestAllowedToCommentAlbum: false,
      ...overrides,
    },
  };
}

function render(viewer: GuestMe | null, page: AlbumPageData, lang: 'en' | 'es' = 'en') {
  return renderToString(
    <MemoryRouter initialEntries={[`/${lang}/amateur/lena/pictures/5/`]}>
      <ShellProvider lang={lang} brandName="Vela" alternates={alternates}>
        <ViewerProvider viewer={viewer} config={config}>
          <PaymentDialogProvider lang={lang} config={config} viewer={viewer}>
            <AlbumPage lang={lang} data={page} />
          </PaymentDialogProvider>
        </ViewerProvider>
      </ShellProvider>
    </MemoryRouter>,
  );
}

describe('album page', () => {
  it('a visitor sees facts in coins, the login prompt, and FSK-18 pictures as placeholders with a hint', () => {
    const html = render(null, data());
    expect(html).toContain('Sunset');
    expect(html).toContain('20 coins'); // 4,99 EUR = 19,96 -> 20 coins (spec 9: rounded up)
    expect(html).toContain('1.234');
    expect(html).toContain('Log in to comment on this album.');
    expect(html).not.toContain('name="commentText"');
    expect(html).toContain('data-fsk18-placeholder="need-login"');
    expect(html).not.toContain('/media/w640/picture-003.webp');
    expect(html).toContain('/media/w640/picture-002.webp');
    expect(html).toContain('log in and verify your age');
    expect(html).toContain('href="/en/amateur/lena/"');
  });

  it('rating buttons show counts and pressed state from the data (aria-pressed)', () => {
    const html = render(guest, data());
    expect(html).toMatch(/aria-pressed="true"[^>]*data-rating="like"/);
    expect(html).toMatch(/aria-pressed="true"[^>]*data-rating="dislike"/);
    expect(html).toContain('data-count="likes">3<');
  });

  it('comment text is rendered as text, never as HTML', () => {
    const html = render(guest, data());
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; nice');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('a guest who may comment sees the labelled form; one who commented sees the once-only notice (es)', () => {
    const allowed = render(guest, data({ isGuestAllowedToCommentAlbum: true }));
    expect(allowed).toContain('name="commentText"');
    expect(allowed).toContain('Your comment');
    const done = render(guest, data(), 'es');
    expect(done).not.toContain('name="commentText"');
    expect(done).toContain('Ya has comentado este álbum.');
    expect(done).toContain('1 comentario');
  });

  it('no comments: the empty state', () => {
    const html = render(guest, data({ list: [], total: 0, isGuestAllowedToCommentAlbum: true }));
    expect(html).toContain('No comments yet. Be the first to comment.');
  });
});

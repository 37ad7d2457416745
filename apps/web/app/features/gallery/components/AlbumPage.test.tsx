/**
 * Server render of the album page (issue 5 deliverable 4): states for visitors and guests, text-only
 * comments; issue 17: preview pictures through their signed URLs, the rest locked with the buy button.
 */

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

/** Signed URLs as the server lists them (issue 17). */
const urls = (id: number) => ({
  w320: `/media/pictures/${id}/w320.webp?t=0.1.sig`,
  w640: `/media/pictures/${id}/w640.webp?t=0.1.sig`,
  w1280: `/media/pictures/${id}/w1280.webp?t=0.1.sig`,
});

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
      pictureCount: 4,
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
      {
        id: 10,
        position: 1,
        image: { key: 'photo-002', ageRating: 16, aspect: 1.5 },
        locked: false,
        urls: urls(10),
        ...rating,
      },
      {
        id: 11,
        position: 2,
        image: { key: 'photo-003', ageRating: 18, aspect: 1.5 },
        locked: false,
        urls: urls(11),
        guestRatingLikes: 0,
        guestRatingDislikes: 2,
        isLiked: false,
        isDisliked: true,
      },
      { id: 12, position: 3, locked: true, aspect: 1.5 },
      { id: 13, position: 4, locked: true, aspect: 1.5 },
    ],
    ageRating: 18,
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
    // Pictures load through their signed URLs only, never by pool file; the FSK-18 one not at all.
    expect(html).not.toContain('/media/pictures/11/');
    expect(html).toContain('/media/pictures/10/w640.webp?t=0.1.sig');
    expect(html).not.toContain('/media/w640/photo-');
    expect(html).toContain('log in and verify your age');
    expect(html).toContain('href="/en/amateur/lena/"');
  });

  it('issue 17: pictures beyond the preview are locked tiles without any URL, with the count and the buy button (en, es)', () => {
    const html = render(guest, data());
    expect(html.match(/data-locked-picture="/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Locked picture 3"');
    expect(html).not.toContain('/media/pictures/12/');
    expect(html).toContain('2 more pictures are locked. Buy the album to see all 4 pictures.');
    expect(html).toContain('data-buy="album"');
    const es = render(guest, data(), 'es');
    expect(es).toContain('2 fotos más están bloqueadas. Compra el álbum para ver las 4 fotos.');
    const bought = data();
    bought.album.isBought = true;
    bought.pictures = bought.pictures.filter((p) => !p.locked);
    const owned = render(guest, bought);
    expect(owned).not.toContain('data-locked-picture');
    expect(owned).not.toContain('Buy the album');
    expect(owned).toContain('You bought this album.');
    // Said once: no buy button (with its own "Bought") next to the page's sentence.
    expect(owned).not.toContain('data-buy-state=');
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

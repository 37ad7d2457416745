/**
 * Where a performer tile leads (issue 16 "From a tile, the profile or /free-chat/"): on the live lists
 * (/cams/, /free-chat/) an online performer's tile leads into the live-show tab — from /free-chat/ with
 * the free chat offer selected (`?chat=free-chat`) —, an offline one's to the profile; elsewhere every
 * tile leads to the profile. Rendered on the server, as the shared page is.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ActorTile } from './ActorTile.tsx';

const tile = (isOnline: boolean) =>
  ({
    id: 4,
    name: 'Mira',
    slug: 'mira',
    age: 25,
    isOnline,
    avatar: { url: '/media/a.jpg', width: 320, height: 320, ageRating: 16 },
    chatPrice: { value: 199, currency: 'EUR' },
  }) as unknown as Parameters<typeof ActorTile>[0]['actor'];

const hrefOf = (element: React.ReactElement) =>
  /href="([^"]*)"/
    .exec(renderToString(<MemoryRouter>{element}</MemoryRouter>))?.[1]
    ?.replaceAll('&amp;', '&');

describe('performer tile target', () => {
  it('/cams/: an online performer leads into the live-show tab, an offline one to the profile', () => {
    expect(hrefOf(<ActorTile actor={tile(true)} lang="en" live={{}} />)).toBe('/en/amateur/mira/live-show/');
    expect(hrefOf(<ActorTile actor={tile(true)} lang="de" live={{}} />)).toMatch(/^\/de\/.*mira.*\/$/);
    expect(hrefOf(<ActorTile actor={tile(false)} lang="en" live={{}} />)).toBe('/en/amateur/mira/');
  });

  it('/free-chat/: with the free chat offer selected', () => {
    expect(hrefOf(<ActorTile actor={tile(true)} lang="en" live={{ chat: 'free-chat' }} />)).toBe(
      '/en/amateur/mira/live-show/?chat=free-chat',
    );
  });

  it('other lists: the profile, online or not', () => {
    expect(hrefOf(<ActorTile actor={tile(true)} lang="en" />)).toBe('/en/amateur/mira/');
  });
});

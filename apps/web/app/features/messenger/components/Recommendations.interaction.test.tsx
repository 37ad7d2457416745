// @vitest-environment happy-dom
/**
 * The empty messenger's recommendations (spec 7 `recommendations`, spec 9): the page asks for what it
 * shows — a grid (useGrid=1) on wide screens, a slider (useGrid=0) below 1023 px — and FSK-18 previews
 * (fsk=18) only for a guest whose age check is accepted; "Write to" opens the channel with her.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInDataRouter } from '../../payment-dialog/renderWithDialog.tsx';
import { Recommendations } from './Recommendations.tsx';

function serve() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    urls.push(input);
    const query = new URL(input, 'http://x').searchParams;
    const grid = query.get('useGrid') === '1';
    const fsk = query.get('fsk') === '18' ? 18 : 16;
    const actors = Array.from({ length: grid ? 8 : 5 }, (_, i) => ({
      actorId: i + 1,
      actorName: `Model${i + 1}`,
      isActorOnline: i === 0,
      previewPictureUrl:
        fsk === 18 && i === 0 ? '/media/w320/picture-002.webp' : `/media/w320/avatar-00${i}.webp`,
      previewPictureAgeRating: fsk === 18 && i === 0 ? 18 : 16,
    }));
    return new Response(
      JSON.stringify({ success: true, data: { layout: grid ? 'grid' : 'slider', fsk, actors } }),
    );
  });
  return urls;
}

/** A viewport: below 1023 px the mobile media query matches. */
function viewport(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const asked = (urls: string[]) => new URL(urls.at(-1) ?? '', 'http://x').searchParams;

describe('the empty messenger recommends performers (spec 7 recommendations)', () => {
  it('a wide screen asks for the grid of 8 with FSK-16 previews (no age check) and shows them as a grid', async () => {
    viewport(false);
    const urls = serve();
    const onWrite = vi.fn();
    renderInDataRouter('/en/messenger/', <Recommendations lang="en" onWrite={onWrite} />, buildGuestMe());
    await waitFor(() => expect(document.querySelectorAll('.messenger-recommended')).toHaveLength(8));
    expect(urls.every((u) => u.startsWith('/rest/v1/recommendations?'))).toBe(true);
    expect(asked(urls).get('useGrid')).toBe('1');
    expect(asked(urls).get('fsk')).toBe('16');
    expect(document.querySelector('[data-recommendations] ul')?.getAttribute('data-layout')).toBe('grid');
    fireEvent.click(screen.getByRole('button', { name: /Write to Model3/ }));
    expect(onWrite).toHaveBeenCalledWith(3);
  });

  it('below 1023 px the page asks for the slider of 5', async () => {
    viewport(true);
    const urls = serve();
    renderInDataRouter('/en/messenger/', <Recommendations lang="en" onWrite={vi.fn()} />, buildGuestMe());
    await waitFor(() => expect(document.querySelectorAll('.messenger-recommended')).toHaveLength(5));
    expect(asked(urls).get('useGrid')).toBe('0');
    expect(document.querySelector('[data-recommendations] ul')?.getAttribute('data-layout')).toBe('slider');
  });

  it('a guest whose age check is accepted asks for FSK-18 previews and gets them shown', async () => {
    viewport(false);
    const urls = serve();
    renderInDataRouter(
      '/en/messenger/',
      <Recommendations lang="en" onWrite={vi.fn()} />,
      buildGuestMe({ hasAvs: true, avsStatus: 'accepted' }),
    );
    await waitFor(() => expect(document.querySelectorAll('.messenger-recommended')).toHaveLength(8));
    expect(asked(urls).get('fsk')).toBe('18');
    const first = document.querySelector<HTMLImageElement>('.messenger-recommended img');
    expect(first?.getAttribute('src')).toBe('/media/w320/picture-002.webp');
    expect(first?.dataset.ageRating).toBe('18');
  });
});

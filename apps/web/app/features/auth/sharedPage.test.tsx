/**
 * The server render of a page shared by every guest (decision 0033) for a request with a session:
 * the viewer is not known to it, so what differs between a visitor and a guest renders as a neutral
 * placeholder (neither log in / sign up nor a balance, a name, the note form or the pin button).
 */

import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { buildPublicConfig } from '@vela/contracts/build-public-config';
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ActorNote } from '../actor/components/ActorNote.tsx';
import { PinActorButton } from '../favorites/components/PinActorButton.tsx';
import { AppShell } from '../layout/components/AppShell.tsx';
import { ViewerProvider } from './useViewer.tsx';

const alternates: Record<Language, string> = { de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' };
const config = buildPublicConfig();

function shell(viewer: GuestMe | null, viewerPending: boolean): string {
  return renderToString(
    <MemoryRouter initialEntries={['/en/']}>
      <AppShell
        lang="en"
        alternates={alternates}
        navigation={{ categories: [], onlineCount: 12 }}
        consent={null}
        brandName="Vela"
        viewer={viewer}
        viewerPending={viewerPending}
        config={config}
      >
        <ViewerProvider viewer={viewer} pending={viewerPending} config={config}>
          <ActorNote actorId={5} actorName="Lia" actorSlug="lia" lang="en" />
          <PinActorButton actorId={5} lang="en" />
        </ViewerProvider>
      </AppShell>
    </MemoryRouter>,
  );
}

describe('a shared page rendered for a request with a session (decision 0033)', () => {
  it("shows placeholders: neither a visitor's buttons nor a guest's balance, note or pin", () => {
    const html = shell(null, true);
    expect(html).toContain('data-navbar-account="pending"');
    expect(html).not.toContain('data-open-dialog="login"');
    expect(html).not.toContain('data-open-dialog="signup"');
    expect(html).not.toContain('data-navbar-balance');
    expect(html).toContain('data-note-pending');
    expect(html).not.toContain('actor-note__form');
    expect(html).not.toContain('data-pin-actor');
    // The page is not ready before the viewer is known (the shell marks it after guest/me).
    expect(html).not.toContain('data-shell-ready');
  });

  it("a visitor's render has the log in buttons and the note's login prompt, no placeholder", () => {
    const html = shell(null, false);
    expect(html).toContain('data-navbar-account="visitor"');
    expect(html).toContain('data-open-dialog="login"');
    expect(html).not.toContain('data-navbar-account="pending"');
    expect(html).not.toContain('data-note-pending');
  });

  it("a page rendered for its guest (a personal page) has the guest's area at once", () => {
    const html = shell(
      buildGuestMe({ name: 'Mara', balanceCents: 2_000, balance: 80, balanceFormatted: '80' }),
      false,
    );
    expect(html).toContain('data-navbar-account="guest"');
    expect(html).toContain('data-navbar-balance="80"');
    expect(html).toContain('data-pin-actor="5"');
    expect(html).not.toContain('data-navbar-account="pending"');
  });
});

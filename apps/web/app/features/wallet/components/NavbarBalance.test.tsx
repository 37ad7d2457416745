/** Server render of the navbar and my-account balance (issue 4): coins of the viewer, top-up action. */

import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { buildPublicConfig } from '@vela/contracts/build-public-config';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { PublicConfig } from '@vela/contracts/pages';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountMenuSection } from '../../auth/components/AccountMenuSection.tsx';
import { ViewerProvider } from '../../auth/useViewer.tsx';
import { AppShell } from '../../layout/components/AppShell.tsx';
import { ShellProvider } from '../../layout/state/ShellContext.tsx';
import { PaymentDialogProvider } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { BalanceProvider } from '../state/BalanceProvider.tsx';

const config: PublicConfig = buildPublicConfig();
const alternates = { de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' };

const guest = (balanceCents: number): GuestMe =>
  buildGuestMe({
    id: '31',
    hasAvs: true,
    avsStatus: 'accepted',
    balance: Math.ceil(balanceCents / 25),
    balanceCents,
    balanceFormatted: '',
    isPayingCustomer: true,
  });

function shell(viewer: GuestMe | null, lang: 'en' | 'nl' = 'en') {
  return renderToString(
    <MemoryRouter initialEntries={[`/${lang}/`]}>
      <AppShell
        lang={lang}
        alternates={alternates}
        navigation={{ categories: [], onlineCount: 3 }}
        consent={null}
        brandName="Vela"
        viewer={viewer}
        config={config}
      >
        <p>page</p>
      </AppShell>
    </MemoryRouter>,
  );
}

describe('navbar balance', () => {
  it('a logged-in guest sees the balance in coins (spec 9 dot thousands) in the server render (the click: NavbarBalance.interaction.test.tsx)', () => {
    const html = shell(guest(30_850), 'en');
    expect(html).toContain('data-navbar-balance="1234"');
    expect(html).toMatch(/class="navbar-balance__coins">1\.234</);
    expect(html).toContain('aria-label="Balance: 1.234 coins. Top up"');
  });

  it('a new guest sees 0 (in Dutch too); a visitor sees no balance', () => {
    expect(shell(guest(0), 'nl')).toContain('aria-label="Tegoed: 0 coins. Opwaarderen"');
    expect(shell(null)).not.toContain('data-navbar-balance');
  });

  it('the my-account menu shows the balance (its Top up button: NavbarBalance.interaction.test.tsx)', () => {
    const viewer = guest(1_010);
    const html = renderToString(
      <MemoryRouter initialEntries={['/en/']}>
        <ShellProvider lang="en" brandName="Vela" alternates={alternates}>
          <ViewerProvider viewer={viewer} config={config}>
            <BalanceProvider viewer={viewer}>
              <PaymentDialogProvider lang="en" config={config} viewer={viewer}>
                <AccountMenuSection onAction={() => {}} />
              </PaymentDialogProvider>
            </BalanceProvider>
          </ViewerProvider>
        </ShellProvider>
      </MemoryRouter>,
    );
    expect(html).toContain('data-account-balance="40"');
    expect(html.replaceAll('<!-- -->', '')).toContain('Your balance: <strong>40 coins</strong>');
  });
});

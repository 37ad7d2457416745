// @vitest-environment happy-dom
/**
 * The balance buttons in the browser (issue 4): the navbar balance and the my-account menu's
 * "Top up" open the payment dialog in flow moneycharge; the menu's button also closes the menu.
 */

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { PublicConfig } from '@vela/contracts/pages';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMenuSection } from '../../auth/components/AccountMenuSection.tsx';
import { ViewerProvider } from '../../auth/useViewer.tsx';
import { ShellProvider } from '../../layout/state/ShellContext.tsx';
import { PaymentDialogProvider } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { BalanceProvider } from '../state/BalanceProvider.tsx';
import { NavbarBalance } from './NavbarBalance.tsx';

const config: PublicConfig = {
  brandName: 'Vela',
  payOrigin: 'http://localhost:3001',
  publicOrigin: 'http://localhost:3000',
  loginEnabled: true,
  esAvsModalEnabled: false,
  forceAvs: false,
  adultMarketVariant: false,
  mapTileUrl: null,
  mapTileAttribution: '',
};
const alternates = { de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' };
const viewer: GuestMe = buildGuestMe({ balance: 40, balanceCents: 1_010, isPayingCustomer: true });

afterEach(cleanup);

function renderWithDialog(children: ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/en/']}>
      <ShellProvider lang="en" brandName="Vela" alternates={alternates}>
        <ViewerProvider viewer={viewer} config={config}>
          <BalanceProvider viewer={viewer}>
            <PaymentDialogProvider lang="en" config={config} viewer={viewer}>
              {children}
            </PaymentDialogProvider>
          </BalanceProvider>
        </ViewerProvider>
      </ShellProvider>
    </MemoryRouter>,
  );
}

/** The flow of the payment dialog's iframe, once the dialog is open. */
async function openedFlow(): Promise<string | null> {
  const frame = await waitFor(() => {
    const element = document.querySelector('iframe.payment-dialog__frame');
    if (!element) throw new Error('the payment dialog is not open');
    return element;
  });
  return new URL(frame.getAttribute('src') ?? '').searchParams.get('flow');
}

describe('balance buttons open the top-up', () => {
  it('the navbar balance button opens the payment dialog in flow moneycharge', async () => {
    renderWithDialog(<NavbarBalance />);
    expect(document.querySelector('iframe.payment-dialog__frame')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Balance: 40 coins. Top up' }));
    expect(await openedFlow()).toBe('moneycharge');
  });

  it("the my-account menu's Top up closes the menu and opens flow moneycharge", async () => {
    const onAction = vi.fn();
    renderWithDialog(<AccountMenuSection onAction={onAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(await openedFlow()).toBe('moneycharge');
  });
});

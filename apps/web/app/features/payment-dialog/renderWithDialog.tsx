/**
 * For interaction tests of components (Testing Library on happy-dom): renders `children` inside the
 * page's providers (router, shell, viewer, balance, payment dialog) as the app shell does, and reads
 * which flow the payment dialog opened. Tests only (it imports @testing-library/react).
 */

import { render, waitFor } from '@testing-library/react';
import { buildPublicConfig } from '@vela/contracts/build-public-config';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { PublicConfig } from '@vela/contracts/pages';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ViewerProvider } from '../auth/useViewer.tsx';
import { ShellProvider } from '../layout/state/ShellContext.tsx';
import { BalanceProvider } from '../wallet/state/BalanceProvider.tsx';
import { PaymentDialogProvider } from './PaymentDialogProvider.tsx';

const TEST_CONFIG: PublicConfig = buildPublicConfig();
const alternates = { de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' };

export function renderWithDialog(
  children: ReactNode,
  viewer: GuestMe | null,
  config: PublicConfig = TEST_CONFIG,
) {
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

/** The flow the payment dialog's iframe was opened with (waits until it is open). */
export async function openedFlow(): Promise<string | null> {
  const frame = await waitFor(() => {
    const element = document.querySelector('iframe.payment-dialog__frame');
    if (!element) throw new Error('the payment dialog is not open');
    return element;
  });
  return new URL(frame.getAttribute('src') ?? '').searchParams.get('flow');
}

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
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { ViewerProvider } from '../auth/useViewer.tsx';
import { ShellProvider } from '../layout/state/ShellContext.tsx';
import { ModalHost } from '../modals/components/ModalHost.tsx';
import { ModalProvider } from '../modals/state/ModalProvider.tsx';
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
      <PageProviders viewer={viewer} config={config}>
        {children}
      </PageProviders>
    </MemoryRouter>,
  );
}

/**
 * The same providers in a data router at `url` (what `useBlocker` and route data need), with the
 * modal stack and its host, as the app shell renders them.
 */
export function renderInDataRouter(url: string, children: ReactNode, viewer: GuestMe | null) {
  const page = (
    <PageProviders viewer={viewer} config={TEST_CONFIG}>
      <ModalProvider>
        {children}
        <ModalHost />
      </ModalProvider>
    </PageProviders>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

function PageProviders({
  viewer,
  config,
  children,
}: {
  viewer: GuestMe | null;
  config: PublicConfig;
  children: ReactNode;
}) {
  return (
    <ShellProvider lang="en" brandName="Vela" alternates={alternates}>
      <ViewerProvider viewer={viewer} config={config}>
        <BalanceProvider viewer={viewer}>
          <PaymentDialogProvider lang="en" config={config} viewer={viewer}>
            {children}
          </PaymentDialogProvider>
        </BalanceProvider>
      </ViewerProvider>
    </ShellProvider>
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

/**
 * The layout shell every page renders in (root.tsx renders it around the outlet): skip link,
 * navbar with menus, `<main id="content">`, footer, cookie banner, modal host, navigation
 * scrolling and page-view tracking, and the page's socket (RealtimeProvider, decision 0024).
 */
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { NavigationData, PublicConfig } from '@vela/contracts/pages';
import { type ReactNode, useEffect } from 'react';
import { PageViewTracker } from '../../analytics/components/PageViewTracker.tsx';
import { AccountAutoDialogs } from '../../auth/components/AccountAutoDialogs.tsx';
import { useViewer, ViewerProvider } from '../../auth/useViewer.tsx';
import '../../auth/account.css';
import { CookieBanner } from '../../consent/components/CookieBanner.tsx';
import type { ConsentState } from '../../consent/consent.ts';
import { ConsentProvider } from '../../consent/state/ConsentProvider.tsx';
import { ShowInvitationSlot } from '../../live/show/ShowInvitationSlot.tsx';
import { ModalHost } from '../../modals/components/ModalHost.tsx';
import { ModalProvider } from '../../modals/state/ModalProvider.tsx';
import { PaymentDialogProvider } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { VideoPlayerOpener } from '../../player/components/VideoPlayerOpener.tsx';
import { RealtimeProvider } from '../../realtime/state/RealtimeProvider.tsx';
import { ScrollManager } from '../../scroll/ScrollManager.tsx';
import { VoiceCallMount } from '../../voicecall/VoiceCallMount.tsx';
import { WalletSync } from '../../wallet/components/WalletSync.tsx';
import { BalanceProvider } from '../../wallet/state/BalanceProvider.tsx';
import { MenuProvider, useMenus } from '../state/MenuProvider.tsx';
import { ShellProvider, useShell } from '../state/ShellContext.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';

export interface AppShellProps {
  lang: Language;
  /** The current page in every language (language switcher, keeps the page). */
  alternates: Record<Language, string>;
  navigation: NavigationData;
  /** Consent read from the request's cookie; null when the visitor has not decided yet. */
  consent: ConsentState | null;
  brandName: string;
  /** The logged-in guest, null for a visitor. */
  viewer: GuestMe | null;
  /** A page shared by all guests asked for with a session: the viewer comes from guest/me (decision 0033). */
  viewerPending?: boolean;
  /** Public switches (pay origin, login enabled, modal rules). */
  config: PublicConfig;
  children: ReactNode;
}

/**
 * Marks the document once the shell is interactive (hydrated, listeners attached) and knows its
 * viewer: on a shared page only after guest/me answered, so a ready shell shows no placeholder.
 */
function ShellReadyMark() {
  const { pending } = useViewer();
  useEffect(() => {
    if (!pending) document.documentElement.dataset.shellReady = 'true';
  }, [pending]);
  return null;
}

function MenuBackdrop() {
  const { anyOpen } = useMenus();
  return anyOpen ? <div className="menu-backdrop" aria-hidden="true" /> : null;
}

function SkipLink() {
  const { t } = useShell();
  return (
    <a className="skip-link" href="#content">
      {t('skipToContent')}
    </a>
  );
}

/**
 * The guest's wallet, payment dialog and socket, given the viewer as the page shows it now (the
 * socket's AVS and VIP/TV changes included).
 */
function GuestProviders({
  lang,
  config,
  children,
}: {
  lang: Language;
  config: PublicConfig;
  children: ReactNode;
}) {
  const { viewer } = useViewer();
  return (
    <BalanceProvider viewer={viewer}>
      <PaymentDialogProvider lang={lang} config={config} viewer={viewer}>
        <WalletSync />
        <RealtimeProvider lang={lang}>{children}</RealtimeProvider>
      </PaymentDialogProvider>
    </BalanceProvider>
  );
}

export function AppShell({
  lang,
  alternates,
  navigation,
  consent,
  brandName,
  viewer,
  viewerPending = false,
  config,
  children,
}: AppShellProps) {
  return (
    <ShellProvider lang={lang} brandName={brandName} alternates={alternates}>
      <ViewerProvider viewer={viewer} pending={viewerPending} config={config}>
        <ConsentProvider initial={consent}>
          <ModalProvider>
            <GuestProviders lang={lang} config={config}>
              <MenuProvider>
                <SkipLink />
                <Navbar navigation={navigation} />
                <MenuBackdrop />
                <main id="content" className="content" tabIndex={-1}>
                  {children}
                </main>
                <Footer />
                <CookieBanner />
                <ModalHost />
                <VideoPlayerOpener />
                <AccountAutoDialogs />
                <ScrollManager />
                <PageViewTracker />
                <ShowInvitationSlot lang={lang} />
                <VoiceCallMount lang={lang} />
              </MenuProvider>
            </GuestProviders>
          </ModalProvider>
        </ConsentProvider>
        <ShellReadyMark />
      </ViewerProvider>
    </ShellProvider>
  );
}

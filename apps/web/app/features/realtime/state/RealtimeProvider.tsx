/**
 * The page's one socket (decision 0024), rendered by AppShell inside the viewer, balance and
 * payment dialog providers. The SocketClient exists only in the browser (never during SSR) and
 * starts after hydration (an effect); it stops on unmount and when the tab is hidden for good
 * (`pagehide`: no reconnect while unloading; a page restored from the back/forward cache starts
 * again). It restarts when the guest changes (login and logout reload the page; a root
 * revalidation may still bring another viewer); a new language asks the session again.
 *
 * A visitor's socket is anonymous (presence events still arrive). A logged-in page asks
 * `guest/accessToken` for its token before a connection, reusing one younger than 10 minutes.
 *
 * The hooks in ../hooks read this context; outside it (isolated component renders) they do nothing
 * and answer the values the page was rendered with.
 */
import type { Language } from '@vela/contracts/common';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { track } from '../../analytics/track.ts';
import { useViewer, useViewerUpdate } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { reportSubscriptionStarted } from '../../vipclub/subscriptionAnalytics.ts';
import { useWallet } from '../../wallet/state/BalanceProvider.tsx';
import { createConnectionErrorReporter } from '../api/connectionErrorReporter.ts';
import { createCredentialsSource } from '../api/socketCredentials.ts';
import { SocketClient, socketUrlOf } from '../socketClient.ts';
import { createGuestLiveStore, type GuestLiveStore } from './guestLiveStore.ts';
import { createPresenceStore, type PresenceStore } from './presenceStore.ts';
import { type AboUpdateHandler, type RealtimeWiring, wireRealtime } from './realtimeWiring.ts';

export interface RealtimeContextValue {
  /** Null during the server render. */
  client: SocketClient | null;
  presence: PresenceStore;
  guest: GuestLiveStore;
  /** Callbacks for VIP/TV changes; while one is registered the page does not reload for them. */
  aboHandlers: Set<AboUpdateHandler>;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

/** Payment dialog states in which its flow still waits for the guest (as WalletSync counts them). */
const DIALOG_OPEN_STATES = new Set(['created', 'ready', 'loaded', 'visible']);

export function RealtimeProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const { viewer, loggedIn, pending } = useViewer();
  const updateViewer = useViewerUpdate();
  const wallet = useWallet();
  const { state: dialogState } = usePaymentDialog();
  const guestId = loggedIn && viewer ? viewer.id : null;

  // What the long-lived client and wiring read at the moment they need it.
  const page = useRef({ lang, guestId, viewer, wallet, updateViewer, dialogState });
  page.current = { lang, guestId, viewer, wallet, updateViewer, dialogState };

  const [presence] = useState(createPresenceStore);
  const [guest] = useState(createGuestLiveStore);
  const [aboHandlers] = useState(() => new Set<AboUpdateHandler>());
  const wiring = useRef<RealtimeWiring | null>(null);
  const [client] = useState(() =>
    typeof window === 'undefined' ? null : createBrowserClient(page, () => wiring.current?.sessionRefused()),
  );

  useEffect(() => {
    if (!client) return;
    const wired = wireRealtime(client, {
      wallet: () => page.current.wallet,
      viewer: () => page.current.viewer,
      updateViewer: (patch) => page.current.updateViewer(patch),
      presence,
      guest,
      aboHandlers,
      track: (context, action, data) => void track(context, action, data),
      reportStarted: reportSubscriptionStarted,
      reload: () => window.location.reload(),
      paymentFlowWaiting: () => DIALOG_OPEN_STATES.has(page.current.dialogState),
    });
    wiring.current = wired;
    return () => {
      wired.dispose();
      wiring.current = null;
    };
  }, [client, presence, guest, aboHandlers]);

  // One connection per guest; `guestId` only restarts it. A shared page connects once it knows its
  // viewer (decision 0033), not first as a visitor and again as the guest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the restart key is the point.
  useEffect(() => {
    if (!client || pending) return;
    client.start();
    return () => client.stop();
  }, [client, guestId, pending]);

  useEffect(() => {
    client?.setLanguage(lang);
  }, [client, lang]);

  useEffect(() => {
    if (!client) return;
    const onPageHide = () => client.stop();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) client.start();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [client]);

  useEffect(() => {
    if (!DIALOG_OPEN_STATES.has(dialogState)) wiring.current?.paymentFlowEnded();
  }, [dialogState]);

  // A new page's data is fresher than earlier presence events about its actors.
  const { pathname, search } = useLocation();
  const firstLocation = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation.
  useEffect(() => {
    if (firstLocation.current) {
      firstLocation.current = false;
      return;
    }
    presence.resetActors();
  }, [presence, pathname, search]);

  // A guest's live values belong to that guest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: guestId is the reset key.
  useEffect(() => () => guest.reset(), [guest, guestId]);

  const value = useMemo<RealtimeContextValue>(
    () => ({ client, presence, guest, aboHandlers }),
    [client, presence, guest, aboHandlers],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

function createBrowserClient(
  page: { current: { lang: Language; guestId: string | null } },
  onSessionRefused: () => void,
): SocketClient {
  const credentials = createCredentialsSource();
  return new SocketClient({
    url: () => socketUrlOf(window.location),
    WebSocketImpl: window.WebSocket,
    language: page.current.lang,
    getAccessToken: (options) => credentials(page.current.guestId, options),
    reportError: createConnectionErrorReporter(),
    onSessionRefused,
  });
}

/** The page's realtime context; null outside a RealtimeProvider. */
export function useRealtime(): RealtimeContextValue | null {
  return useContext(RealtimeContext);
}

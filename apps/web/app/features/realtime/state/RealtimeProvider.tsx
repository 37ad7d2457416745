/**
 * The page's one socket (decision 0024), rendered by AppShell inside the viewer, balance and
 * payment dialog providers. The SocketClient exists only in the browser (never during SSR). Its code
 * (with the contract's zod schemas) is imported when the browser is idle after the page's `load`
 * (`whenIdleAfterLoad`, at most 2 s later; issue 15, decision 0035), so it is not part of the first
 * load; the first connection's `ackSession` snapshot brings what a guest's page missed meanwhile.
 * Until then the presence and live stores answer the values the page was rendered with, and
 * `useSocketSend` answers false (not sent), as while the socket is down. The client stops on unmount and when the tab is hidden for good
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
import { useWallet } from '../../wallet/state/BalanceProvider.tsx';
import type { SocketClient } from '../socketClient.ts';
import { createGuestLiveStore, type GuestLiveStore } from './guestLiveStore.ts';
import { createPresenceStore, type PresenceStore } from './presenceStore.ts';
import type { AboUpdateHandler, RealtimeWiring } from './realtimeWiring.ts';
import { whenIdleAfterLoad } from './whenIdleAfterLoad.ts';

type RealtimeConnection = typeof import('./realtimeConnection.ts');

export interface RealtimeContextValue {
  /** Null during the server render, and until the socket's code has loaded (after idle). */
  client: SocketClient | null;
  presence: PresenceStore;
  guest: GuestLiveStore;
  /** Callbacks for VIP/TV changes; while one is registered the page does not reload for them. */
  aboHandlers: Set<AboUpdateHandler>;
}

/** The page's stores: there from the first render on, so their readers (every tile) do not re-render when the client arrives. */
type RealtimeStores = Omit<RealtimeContextValue, 'client'>;
const StoresContext = createContext<RealtimeStores | null>(null);
/** The client: null until its code has loaded after idle, then the same for the page's life. */
const ClientContext = createContext<SocketClient | null>(null);

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
  // The client and its module, once loaded; created once per provider.
  const [loaded, setLoaded] = useState<{ client: SocketClient; module: RealtimeConnection } | null>(null);
  const client = loaded?.client ?? null;

  useEffect(() => {
    let cancelled = false;
    const cancelIdle = whenIdleAfterLoad(() => {
      void import('./realtimeConnection.ts').then((module) => {
        if (cancelled) return;
        const created = module.createBrowserClient(page, () => wiring.current?.sessionRefused());
        setLoaded({ client: created, module });
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, []);

  useEffect(() => {
    if (!loaded) return;
    const { client, module } = loaded;
    const wired = module.wireRealtime(client, {
      wallet: () => page.current.wallet,
      viewer: () => page.current.viewer,
      updateViewer: (patch) => page.current.updateViewer(patch),
      presence,
      guest,
      aboHandlers,
      track: (context, action, data) => void track(context, action, data),
      reportStarted: module.reportSubscriptionStarted,
      reload: () => window.location.reload(),
      paymentFlowWaiting: () => DIALOG_OPEN_STATES.has(page.current.dialogState),
    });
    wiring.current = wired;
    return () => {
      wired.dispose();
      wiring.current = null;
    };
  }, [loaded, presence, guest, aboHandlers]);

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

  const stores = useMemo<RealtimeStores>(
    () => ({ presence, guest, aboHandlers }),
    [presence, guest, aboHandlers],
  );
  return (
    <StoresContext.Provider value={stores}>
      <ClientContext.Provider value={client}>{children}</ClientContext.Provider>
    </StoresContext.Provider>
  );
}

/** The page's realtime stores; null outside a RealtimeProvider. */
export function useRealtimeStores(): RealtimeStores | null {
  return useContext(StoresContext);
}

/** The page's socket client; null outside a RealtimeProvider, during SSR and until it has loaded. */
export function useSocketClient(): SocketClient | null {
  return useContext(ClientContext);
}

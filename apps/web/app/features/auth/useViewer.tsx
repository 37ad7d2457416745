/**
 * The viewer (logged-in guest or null) and the public configuration of the root loader, provided
 * by the shell (AppShell renders <ViewerProvider>), plus a permission snapshot for the spec 6
 * rules. Outside the shell (isolated component tests) everyone is a visitor with login disabled.
 *
 * The socket changes some of the viewer's fields while the page is open (AVS, VIP/TV, email:
 * `useViewerUpdate()`, decision 0024); they are laid over the server's viewer until the server
 * sends a new one (revalidation), which is at least as fresh.
 */
import type { GuestMe } from '@vela/contracts/guest-api';
import type { PublicConfig } from '@vela/contracts/pages';
import { type GuestSnapshot, VISITOR } from '@vela/domain/restrictions';
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

export const DEFAULT_CONFIG: PublicConfig = {
  brandName: 'Vela',
  payOrigin: '',
  publicOrigin: '',
  loginEnabled: false,
  esAvsModalEnabled: false,
  forceAvs: false,
  adultMarketVariant: false,
  mapTileUrl: null,
  mapTileAttribution: '',
};

/**
 * The permission snapshot of a viewer. VIP, TV (VIP counts as TV, spec 6) and paying come from
 * GuestMe (running subscriptions, a succeeded charge); voice call state is unknown to the pages and
 * reads as false.
 */
export function snapshotOfViewer(viewer: GuestMe | null): GuestSnapshot {
  if (!viewer) return VISITOR;
  return {
    ...VISITOR,
    isLoggedIn: viewer.isLoggedIn,
    isLocked: viewer.isLocked,
    hasAvs: viewer.avsStatus === 'accepted',
    isRestricted: viewer.isRestricted,
    isVip: viewer.isVip === true,
    isTvSubscriber: viewer.isVXTVAboSubscriber === true,
    isPayingCustomer: viewer.isPayingCustomer === true,
  };
}

export interface ViewerInfo {
  viewer: GuestMe | null;
  config: PublicConfig;
  /** Logged in and not locked (a locked guest is treated as logged out). */
  loggedIn: boolean;
  avsAccepted: boolean;
  snapshot: GuestSnapshot;
}

export function viewerInfo(viewer: GuestMe | null, config: PublicConfig): ViewerInfo {
  const snapshot = snapshotOfViewer(viewer);
  return {
    viewer,
    config,
    loggedIn: snapshot.isLoggedIn && !snapshot.isLocked,
    avsAccepted: snapshot.hasAvs,
    snapshot,
  };
}

/** The viewer's fields that live events change (spec 4 AVS and VIP/TV; the email). */
export type ViewerPatch = Partial<
  Pick<GuestMe, 'avsStatus' | 'hasAvs' | 'avsRejectMessage' | 'isVip' | 'isVXTVAboSubscriber' | 'email'>
>;

const VISITOR_INFO = viewerInfo(null, DEFAULT_CONFIG);
const ViewerContext = createContext<ViewerInfo>(VISITOR_INFO);
const ViewerUpdateContext = createContext<(patch: ViewerPatch) => void>(() => {});
const NO_PATCH: ViewerPatch = {};

export function ViewerProvider({
  viewer,
  config,
  children,
}: {
  viewer: GuestMe | null;
  config: PublicConfig;
  children: ReactNode;
}) {
  // The patch belongs to the server viewer it was made on; a new one from the server drops it.
  const [live, setLive] = useState<{ base: GuestMe | null; patch: ViewerPatch }>({
    base: viewer,
    patch: NO_PATCH,
  });
  const base = useRef(viewer);
  base.current = viewer;
  const patch = live.base === viewer ? live.patch : NO_PATCH;
  const current = useMemo(
    () => (viewer && patch !== NO_PATCH ? { ...viewer, ...patch } : viewer),
    [viewer, patch],
  );
  const value = useMemo(() => viewerInfo(current, config), [current, config]);
  const update = useCallback((next: ViewerPatch) => {
    setLive((previous) => ({
      base: base.current,
      patch: { ...(previous.base === base.current ? previous.patch : NO_PATCH), ...next },
    }));
  }, []);
  return createElement(
    ViewerUpdateContext.Provider,
    { value: update },
    createElement(ViewerContext.Provider, { value }, children),
  );
}

export function useViewer(): ViewerInfo {
  return useContext(ViewerContext);
}

/** Changes the viewer's live fields (the socket's AVS, VIP/TV and email events); no-op outside the shell. */
export function useViewerUpdate(): (patch: ViewerPatch) => void {
  return useContext(ViewerUpdateContext);
}

/**
 * The viewer (logged-in guest or null) and the public configuration of the root loader, provided
 * by the shell (AppShell renders <ViewerProvider>), plus a permission snapshot for the spec 6
 * rules. Outside the shell (isolated component tests) everyone is a visitor with login disabled.
 *
 * The socket changes some of the viewer's fields while the page is open (AVS, VIP/TV, email:
 * `useViewerUpdate()`, decision 0024); they are laid over the server's viewer until the server
 * sends a new one (revalidation), which is at least as fresh.
 *
 * A page shared by all guests (decision 0033) comes without the viewer but `pending` when the
 * request carried a session: until `guest/me` answers, `pending` is true and nobody is logged in,
 * so the shell shows placeholders instead of a visitor's or a guest's controls.
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
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { fetchViewer } from './fetchViewer.ts';

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
  /**
   * A shared page whose viewer is not known yet (decision 0033): `viewer` is null meanwhile, and
   * what differs between visitors and guests renders as a neutral placeholder.
   */
  pending: boolean;
}

export function viewerInfo(viewer: GuestMe | null, config: PublicConfig, pending = false): ViewerInfo {
  const snapshot = snapshotOfViewer(viewer);
  return {
    viewer,
    config,
    loggedIn: snapshot.isLoggedIn && !snapshot.isLocked,
    avsAccepted: snapshot.hasAvs,
    snapshot,
    pending,
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

/** What `guest/me` answered for a shared page; undefined until it has. */
type ReadViewer = { viewer: GuestMe | null } | undefined;

export function ViewerProvider({
  viewer: rendered,
  pending = false,
  config,
  children,
}: {
  /** The viewer the server rendered the page for (null for a visitor and on shared pages). */
  viewer: GuestMe | null;
  /** A shared page asked for with a session: the viewer is read from `guest/me` after hydration. */
  pending?: boolean;
  config: PublicConfig;
  children: ReactNode;
}) {
  const [read, setRead] = useState<ReadViewer>(undefined);
  useEffect(() => {
    if (!pending) return;
    let current = true;
    fetchViewer().then(
      (viewer) => current && setRead({ viewer }),
      () => current && setRead({ viewer: null }),
    );
    return () => {
      current = false;
    };
  }, [pending]);
  // A later revalidation of the root (a language switch) is rendered for the guest: it wins.
  const viewer = pending ? (read?.viewer ?? null) : rendered;
  const waiting = pending && read === undefined;
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
  const value = useMemo(() => viewerInfo(current, config, waiting), [current, config, waiting]);
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

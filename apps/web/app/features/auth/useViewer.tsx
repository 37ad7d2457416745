/**
 * The viewer (logged-in guest or null) and the public configuration of the root loader, provided
 * by the shell (AppShell renders <ViewerProvider>), plus a permission snapshot for the spec 6
 * rules. Outside the shell (isolated component tests) everyone is a visitor with login disabled.
 */
import type { GuestMe } from '@vela/contracts/guest-api';
import type { PublicConfig } from '@vela/contracts/pages';
import { type GuestSnapshot, VISITOR } from '@vela/domain/restrictions';
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';

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

const VISITOR_INFO = viewerInfo(null, DEFAULT_CONFIG);
const ViewerContext = createContext<ViewerInfo>(VISITOR_INFO);

export function ViewerProvider({
  viewer,
  config,
  children,
}: {
  viewer: GuestMe | null;
  config: PublicConfig;
  children: ReactNode;
}) {
  const value = useMemo(() => viewerInfo(viewer, config), [viewer, config]);
  return createElement(ViewerContext.Provider, { value }, children);
}

export function useViewer(): ViewerInfo {
  return useContext(ViewerContext);
}

/**
 * What each socket event does in the page (decision 0024), apart from React so it is tested with a
 * plain client. The RealtimeProvider wires it to the page's stores:
 *
 * - `guestBalance` -> the wallet's `applyBalanceEvent` (decision 0017); `guestVouchers`,
 *   `bonusCodeRedeemed`, `loyaltyPointsChanged` -> the guest live store; `actorOnline` /
 *   `actorOffline` -> the presence store. (`removeStatusBar` is the VIP club page's own: it listens
 *   with useSocketMessage and hides its bar.)
 * - AVS (spec 4): `avsSet` accepted (+ analytics avs_set), `avsPending` pending, `avsRejected`
 *   rejected with its message, `avsRevoked` analytics avs_revoked and a reload.
 * - `vipAboUpdate` / `vxtvAboUpdate` (spec 4): the viewer's VIP/TV flags follow; a just-started
 *   subscription goes to analytics; registered callbacks run, or, when none is registered and a flag
 *   changed, the page reloads (after the payment dialog closes, when one is open).
 * - `guestLocked`, `pageReload`: reload (a locked guest gets the visitor's page from the server);
 *   `sessionExpired`: reload, unless a payment flow waits: then when the dialog closes. So too when
 *   the session is not the page's any more: refused (`sessionRefused()`, the client stopped) or
 *   acknowledged for another guest than the page shows (logged out or in as another elsewhere).
 * - `emailProperties`: the viewer's email.
 * - `ackSession` (after every (re)connect): its snapshot is the resync (DESIGN.md "Realtime"):
 *   balance, AVS and VIP/TV as if the events missed meanwhile had arrived.
 */
import type { GuestMe } from '@vela/contracts/guest-api';
import type { SessionSnapshot } from '@vela/contracts/socket';
import type { AboUpdateEvent } from '@vela/contracts/subscriptions-api';
import type { EventData } from '../../analytics/track.ts';
import type { ViewerPatch } from '../../auth/useViewer.tsx';
import type { StartedAction } from '../../vipclub/subscriptionAnalytics.ts';
import type { BalanceStore } from '../../wallet/state/balanceStore.ts';
import type { SocketClient } from '../socketClient.ts';
import type { GuestLiveStore } from './guestLiveStore.ts';
import type { PresenceStore } from './presenceStore.ts';

/** A VIP/TV change: an update event, or what a resync snapshot showed (never "started"). */
export type AboUpdate = Omit<AboUpdateEvent, 'type'> & { type: AboUpdateEvent['type'] | 'resync' };
export type AboUpdateHandler = (update: AboUpdate) => void;

export interface RealtimeDeps {
  /** The page's balance store (null outside a BalanceProvider). */
  wallet(): Pick<BalanceStore, 'getSnapshot' | 'applyBalanceEvent'> | null;
  /** The viewer as the page shows it now (with earlier patches). */
  viewer(): GuestMe | null;
  updateViewer(patch: ViewerPatch): void;
  presence: PresenceStore;
  guest: GuestLiveStore;
  /** Callbacks registered for VIP/TV changes (spec 4 "Registered callback runs or page reloads"). */
  aboHandlers: ReadonlySet<AboUpdateHandler>;
  track(context: string, action: string, data?: EventData): void;
  reportStarted(action: StartedAction, data: EventData): void;
  reload(): void;
  /** A payment dialog is open (its flow waits for the guest). */
  paymentFlowWaiting(): boolean;
  log?(message: string, data?: Record<string, unknown>): void;
}

export interface RealtimeWiring {
  /** Removes every subscription. */
  dispose(): void;
  /** The server refused the page's session for good (SocketClient onSessionRefused). */
  sessionRefused(): void;
  /** The payment dialog closed: a reload that waited for it happens now. */
  paymentFlowEnded(): void;
}

const AVS_PATCHES = {
  accepted: { avsStatus: 'accepted', hasAvs: true, avsRejectMessage: null },
  pending: { avsStatus: 'pending', hasAvs: false, avsRejectMessage: null },
  unknown: { avsStatus: 'unknown', hasAvs: false, avsRejectMessage: null },
} as const satisfies Record<string, ViewerPatch>;

export function wireRealtime(client: Pick<SocketClient, 'on'>, deps: RealtimeDeps): RealtimeWiring {
  const log = deps.log ?? ((message, data) => console.warn(`Realtime: ${message}`, data ?? ''));
  let reloadAfterDialog = false;
  let acknowledged = false;

  const reloadWhenIdle = () => {
    if (deps.paymentFlowWaiting()) reloadAfterDialog = true;
    else deps.reload();
  };

  const applyAbo = (update: AboUpdate) => {
    const viewer = deps.viewer();
    const isVip = update.vipAboStatus !== 'none';
    const isTv = update.vxtvAboStatus !== 'none';
    const changed = viewer !== null && (viewer.isVip !== isVip || viewer.isVXTVAboSubscriber !== isTv);
    if (changed) deps.updateViewer({ isVip, isVXTVAboSubscriber: isTv });
    if (update.isStarted && update.type !== 'resync') {
      deps.reportStarted(update.type === 'vipAboUpdate' ? 'vip_abo_update' : 'vxtv_abo_update', {
        isStarted: true,
        vipAboStatus: update.vipAboStatus,
        vxtvAboStatus: update.vxtvAboStatus,
        priceCents: update.price?.value ?? null,
      });
    }
    if (deps.aboHandlers.size > 0) {
      for (const handler of [...deps.aboHandlers]) {
        try {
          handler(update);
        } catch (error) {
          log('VIP/TV callback failed', { error: String(error) });
        }
      }
    } else if (changed) {
      reloadWhenIdle();
    }
  };

  const resync = (snapshot: SessionSnapshot, reconnect: boolean) => {
    deps.guest.setVouchers(snapshot.vouchers);
    const wallet = deps.wallet();
    const balance = wallet?.getSnapshot();
    const next = snapshot.balance;
    if (
      wallet &&
      balance &&
      ((balance.cents !== null
        ? balance.cents !== next.guestBalanceCents
        : balance.coins !== next.guestBalance) ||
        balance.isPayingCustomer !== next.guestIsPayingCustomer)
    ) {
      wallet.applyBalanceEvent({ type: 'guestBalance', ...next });
    }
    const viewer = deps.viewer();
    if (!viewer) return;
    if (viewer.avsStatus !== snapshot.avsStatus) {
      // Revoked while away: as avsRevoked, the page reloads (content unlocked by it must go).
      if (viewer.avsStatus === 'accepted') {
        deps.reload();
        return;
      }
      deps.updateViewer(
        snapshot.avsStatus === 'rejected'
          ? { avsStatus: 'rejected', hasAvs: false, avsRejectMessage: viewer.avsRejectMessage }
          : AVS_PATCHES[snapshot.avsStatus],
      );
    }
    const flagsDiffer =
      viewer.isVip !== (snapshot.vipAboStatus !== 'none') ||
      viewer.isVXTVAboSubscriber !== (snapshot.vxtvAboStatus !== 'none');
    // After a reconnect the callbacks hear of it even without a flag change (a cancel, say).
    if (flagsDiffer || reconnect) {
      applyAbo({
        type: 'resync',
        vipAboStatus: snapshot.vipAboStatus,
        vxtvAboStatus: snapshot.vxtvAboStatus,
        isStarted: false,
        price: null,
      });
    }
  };

  const offs = [
    client.on('ackSession', (message) => {
      const reconnect = acknowledged;
      acknowledged = true;
      const viewer = deps.viewer();
      if (viewer?.isLoggedIn && !viewer.isLocked && message.guestId !== viewer.id) {
        reloadWhenIdle();
        return;
      }
      if (message.snapshot) resync(message.snapshot, reconnect);
    }),
    client.on('guestBalance', (message) => deps.wallet()?.applyBalanceEvent(message)),
    client.on('guestVouchers', (message) => deps.guest.setVouchers(message.vouchers)),
    client.on('bonusCodeRedeemed', (message) => deps.guest.bonusCodeRedeemed(message)),
    client.on('loyaltyPointsChanged', (message) => deps.guest.setLoyaltyPoints(message.points)),
    client.on('actorOnline', (message) => deps.presence.apply(message)),
    client.on('actorOffline', (message) => deps.presence.apply(message)),
    client.on('avsSet', () => {
      deps.updateViewer(AVS_PATCHES.accepted);
      deps.track('avs', 'avs_set');
    }),
    client.on('avsPending', () => deps.updateViewer(AVS_PATCHES.pending)),
    client.on('avsRejected', (message) =>
      deps.updateViewer({ avsStatus: 'rejected', hasAvs: false, avsRejectMessage: message.message ?? null }),
    ),
    client.on('avsRevoked', () => {
      deps.track('avs', 'avs_revoked');
      deps.reload();
    }),
    client.on('vipAboUpdate', applyAbo),
    client.on('vxtvAboUpdate', applyAbo),
    client.on('emailProperties', (message) => {
      if (message.email !== null) deps.updateViewer({ email: message.email });
    }),
    client.on('guestLocked', () => deps.reload()),
    client.on('pageReload', () => deps.reload()),
    client.on('sessionExpired', reloadWhenIdle),
  ];

  return {
    dispose() {
      for (const off of offs) off();
    },
    sessionRefused: reloadWhenIdle,
    paymentFlowEnded() {
      if (!reloadAfterDialog) return;
      reloadAfterDialog = false;
      deps.reload();
    },
  };
}

/**
 * What the socket tells a guest's page that no feature shows yet, kept so features can read it:
 * the vouchers (`guestVouchers`, spec 3 Guest.vouchers), the last redeemed bonus code
 * (`bonusCodeRedeemed`) and loyalty points (`loyaltyPointsChanged`; no loyalty feature exists).
 */
import type { GuestVoucherView } from '@vela/contracts/promotions-api';
import type { ServerMessageOf } from '@vela/contracts/socket';
import { createListeners } from './listeners.ts';

export interface GuestLiveState {
  /** Null until the first `guestVouchers` of this page. */
  vouchers: GuestVoucherView[] | null;
  lastBonusCodeRedeemed: Omit<ServerMessageOf<'bonusCodeRedeemed'>, 'type'> | null;
  loyaltyPoints: number | null;
}

export const INITIAL_GUEST_LIVE_STATE: GuestLiveState = {
  vouchers: null,
  lastBonusCodeRedeemed: null,
  loyaltyPoints: null,
};

export interface GuestLiveStore {
  getSnapshot(): GuestLiveState;
  subscribe(listener: () => void): () => void;
  setVouchers(vouchers: GuestVoucherView[]): void;
  bonusCodeRedeemed(message: ServerMessageOf<'bonusCodeRedeemed'>): void;
  setLoyaltyPoints(points: number): void;
  reset(): void;
}

export function createGuestLiveStore(): GuestLiveStore {
  let state = INITIAL_GUEST_LIVE_STATE;
  const listeners = createListeners();
  const update = (patch: Partial<GuestLiveState>) => {
    state = { ...state, ...patch };
    listeners.emit();
  };
  return {
    getSnapshot: () => state,
    subscribe: listeners.subscribe,
    setVouchers: (vouchers) => update({ vouchers }),
    bonusCodeRedeemed: ({ type: _type, ...redeemed }) => update({ lastBonusCodeRedeemed: redeemed }),
    setLoyaltyPoints: (loyaltyPoints) => update({ loyaltyPoints }),
    reset: () => update(INITIAL_GUEST_LIVE_STATE),
  };
}

/**
 * What the socket told this guest's page that no feature shows yet: vouchers, the last redeemed
 * bonus code, loyalty points. The initial state
 * during SSR and outside the provider.
 */
import { useSyncExternalStore } from 'react';
import { type GuestLiveState, INITIAL_GUEST_LIVE_STATE } from '../state/guestLiveStore.ts';
import { useRealtimeStores } from '../state/RealtimeProvider.tsx';

const noSubscription = () => () => {};
const initial = () => INITIAL_GUEST_LIVE_STATE;

export function useGuestLive(): GuestLiveState {
  const guest = useRealtimeStores()?.guest ?? null;
  return useSyncExternalStore(
    guest ? guest.subscribe : noSubscription,
    guest ? guest.getSnapshot : initial,
    initial,
  );
}

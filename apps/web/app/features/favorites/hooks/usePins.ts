/** What the guest pinned (pinsStore); nothing pinned during SSR and for visitors. */
import { clientStoreHook } from '../../realtime/hooks/clientStoreHook.ts';
import { createPinsStore, EMPTY_PINS, type PinsState } from '../state/pinsStore.ts';

export const usePins: () => PinsState = clientStoreHook(createPinsStore, EMPTY_PINS);

/** The navbar's messages state (navbarMessagesStore); empty during SSR, for visitors and before the socket. */
import { clientStoreHook } from '../../realtime/hooks/clientStoreHook.ts';
import {
  createNavbarMessagesStore,
  EMPTY_NAVBAR_MESSAGES,
  type NavbarMessagesState,
} from '../state/navbarMessagesStore.ts';

export const useNavbarMessages: () => NavbarMessagesState = clientStoreHook(
  createNavbarMessagesStore,
  EMPTY_NAVBAR_MESSAGES,
);

/**
 * The code of the page's socket that the first load does not need (issue 15, decision 0035): the
 * SocketClient with the contract's message schemas (zod), the credentials source, the error
 * reporter and the event wiring. The RealtimeProvider imports this module when the browser is idle
 * after the page's `load` (`whenIdleAfterLoad`), so none of it is part of the scripts a phone
 * downloads before the page is interactive; the `ackSession` snapshot of the first connection
 * brings what a guest's page may have missed meanwhile (balance, AVS, VIP/TV, notifications).
 */
import type { Language } from '@vela/contracts/common';
import { VOICE_CALL_TAB_KEY } from '@vela/domain/voice-call';
import { createConnectionErrorReporter } from '../api/connectionErrorReporter.ts';
import { createCredentialsSource } from '../api/socketCredentials.ts';
import { SocketClient, socketUrlOf } from '../socketClient.ts';

export { reportSubscriptionStarted } from '../../vipclub/subscriptionAnalytics.ts';
export { wireRealtime } from './realtimeWiring.ts';

/** The page's socket client (not started); it reads the page's language and guest at each connection. */
export function createBrowserClient(
  page: { current: { lang: Language; guestId: string | null } },
  onSessionRefused: () => void,
): SocketClient {
  // The anonymous voice caller's tab (decision 0051) connects with its visitor session's token.
  const credentials = createCredentialsSource({
    voiceCaller: () => window.sessionStorage.getItem(VOICE_CALL_TAB_KEY) !== null,
  });
  return new SocketClient({
    url: () => socketUrlOf(window.location),
    WebSocketImpl: window.WebSocket,
    language: page.current.lang,
    getAccessToken: (options) => credentials(page.current.guestId, options),
    reportError: createConnectionErrorReporter(),
    onSessionRefused,
  });
}

/**
 * What the shell opens by itself for the viewer, once per page load:
 * - spec 4: a logged-in guest without age verification gets the AVS dialog when FORCE_AVS is set;
 * - spec 6 modals: `es-avs` on Spanish pages (configuration enables it and the forced-AVS cookie
 *   is absent); `sexole-login` for the adult-market variant (visitors who are neither logged in
 *   nor in a voice call and have not logged in here before).
 * Every logged-in page load also records the login flag the adult-market modal reads.
 * A layout effect: what it opens is rendered in the same task as the hydration (before the first
 * paint, and before the shell marks itself ready), so a page never flashes without its blocking
 * modal, and a ready shell without a modal has none coming. On a shared page (decision 0033) it
 * waits until guest/me has told who the viewer is (the shell is marked ready after that too).
 */
import { isCountdownRunning } from '@vela/domain/conversion-chat';
import { showsAdultMarketModal, showsEsAvsModal } from '@vela/domain/restrictions';
import { VOICE_CALL_TAB_KEY } from '@vela/domain/voice-call';
import { useLayoutEffect, useRef } from 'react';
import { closedInTab } from '../../conversion-chat/state/conversionChatState.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useModals } from '../../modals/state/ModalProvider.tsx';
import { ADULT_MARKET_LOGGED_IN_KEY, usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { FORCED_AVS_COOKIE, hasCookie } from '../cookies.ts';
import { useViewer } from '../useViewer.tsx';

function readFlag(key: string, storage: 'localStorage' | 'sessionStorage' = 'localStorage'): boolean {
  try {
    return window[storage].getItem(key) !== null;
  } catch {
    return false;
  }
}

export function AccountAutoDialogs() {
  const { lang } = useShell();
  const { open: openDialog } = usePaymentDialog();
  const { open: openModal } = useModals();
  const { viewer, loggedIn, avsAccepted, snapshot, config, pending } = useViewer();
  const done = useRef(false);

  useLayoutEffect(() => {
    if (done.current || pending) return;
    done.current = true;
    if (loggedIn) {
      try {
        window.localStorage.setItem(ADULT_MARKET_LOGGED_IN_KEY, '1');
      } catch {
        // Storage unavailable: nothing else depends on the flag.
      }
    }
    if (
      lang === 'es' &&
      showsEsAvsModal({
        enabled: config.esAvsModalEnabled,
        forcedAvsCookiePresent: hasCookie(document.cookie, FORCED_AVS_COOKIE),
      })
    ) {
      openModal('es-avs', { lockScroll: true, aboveCookieBanner: true });
    }
    // Spec 6: not for the anonymous voice caller (this tab's session joined a call, decision 0051).
    const caller = { ...snapshot, isAnonymousVoicecall: readFlag(VOICE_CALL_TAB_KEY, 'sessionStorage') };
    if (config.adultMarketVariant && showsAdultMarketModal(caller, readFlag(ADULT_MARKET_LOGGED_IN_KEY))) {
      openModal('sexole-login', { lockScroll: true, aboveCookieBanner: false });
    }
    // Spec 4: the conversion chat modal while the guest's countdown runs (not after "no thanks", nor
    // again in a tab where the guest closed it).
    if (loggedIn && isCountdownRunning(viewer?.conversionChatCountdownEnds, Date.now()) && !closedInTab()) {
      openModal('conversion-chat', { lockScroll: true });
    }
    // A dialog requested by the URL parameters (spec 2) opens after this one and replaces it.
    if (loggedIn && !avsAccepted && config.forceAvs) openDialog('avs');
  }, [viewer, lang, loggedIn, avsAccepted, snapshot, config, pending, openModal, openDialog]);

  return null;
}

/**
 * The web push switch's state and its two actions for the logged-in guest (spec 7 `web-push/*`).
 *
 * On mount it reads the truth from the browser and the server: no Push API -> unsupported; blocked ->
 * denied; a subscription of this browser that the server knows enabled for this guest -> on (its
 * language follows the page, a subscription made with an old server key is renewed through
 * `resubscribe/{token}`); anything else -> off. Turning on asks for permission (in the click),
 * subscribes the browser with the server key from `web-push/key` and stores it with `subscribe`;
 * turning off removes it on the server and in the browser.
 */
import type { Language } from '@vela/contracts/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RestError } from '../../api/rest.ts';
import * as api from '../api/webPushApi.ts';
import {
  forgetToken,
  isPushSupported,
  madeWithKey,
  permission,
  pushRegistration,
  requestPermission,
  storeToken,
  subscribeBrowser,
  subscriptionJson,
} from '../webPushBrowser.ts';
import type { WebPushNotice, WebPushPhase, WebPushState } from '../webPushView.ts';

async function currentSubscription(): Promise<{
  registration: ServiceWorkerRegistration;
  subscription: PushSubscription;
} | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  return registration && subscription ? { registration, subscription } : null;
}

/** The phase of this browser for the logged-in guest (keeps the page's language on the subscription). */
async function check(lang: Language): Promise<WebPushPhase> {
  if (!isPushSupported()) return 'unsupported';
  const granted = permission();
  if (granted === 'denied') return 'denied';
  const current = await currentSubscription();
  if (!current || granted !== 'granted') return 'off';
  let status: Awaited<ReturnType<typeof api.fetchStatus>>;
  try {
    status = await api.fetchStatus(current.subscription.endpoint);
  } catch (error) {
    // A visitor: the switch is off until they log in.
    if (error instanceof RestError && error.status === 401) return 'off';
    throw error;
  }
  if (!status?.enabled) return 'off';
  const publicKey = await api.fetchPublicKey();
  if (!madeWithKey(current.subscription, publicKey)) {
    // The server's key changed: the old subscription is refused by the push service. Renew it and
    // move the row (same token) to the new endpoint.
    const { subscription } = await subscribeBrowser(current.registration, publicKey);
    status = await api.resubscribe(status.token, subscriptionJson(subscription), lang);
  } else if (status.language !== lang) {
    status = await api.update(current.subscription.endpoint, { language: lang });
  }
  await storeToken(status.token);
  return 'on';
}

function noticeOf(error: unknown): WebPushNotice {
  return error instanceof RestError && error.status === 401 ? 'notLoggedIn' : 'failed';
}

export function useWebPush(lang: Language): {
  state: WebPushState;
  turnOn: () => Promise<void>;
  turnOff: () => Promise<void>;
} {
  const [state, setState] = useState<WebPushState>({ phase: 'checking', busy: false, notice: null });
  const busy = useRef(false);

  useEffect(() => {
    let current = true;
    check(lang).then(
      (phase) => {
        if (current) setState({ phase, busy: false, notice: null });
      },
      () => {
        if (current) setState({ phase: 'off', busy: false, notice: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [lang]);

  const run = useCallback(async (action: () => Promise<{ phase: WebPushPhase; notice?: WebPushNotice }>) => {
    if (busy.current) return;
    busy.current = true;
    setState((previous) => ({ ...previous, busy: true, notice: null }));
    try {
      const { phase, notice } = await action();
      setState({ phase, busy: false, notice: notice ?? null });
    } catch (error) {
      setState((previous) => ({ ...previous, busy: false, notice: noticeOf(error) }));
    } finally {
      busy.current = false;
    }
  }, []);

  const turnOn = useCallback(
    () =>
      run(async () => {
        // Asked first, inside the click: browsers only show the prompt for a user's gesture.
        const answer = permission() === 'granted' ? 'granted' : await requestPermission();
        if (answer === 'denied') return { phase: 'denied' };
        if (answer !== 'granted') return { phase: 'off', notice: 'dismissed' };
        const registration = await pushRegistration();
        const { subscription, isNew } = await subscribeBrowser(registration, await api.fetchPublicKey());
        let status: Awaited<ReturnType<typeof api.subscribe>>;
        try {
          status = await api.subscribe(subscriptionJson(subscription), lang);
        } catch (error) {
          // Not stored on the server: a browser subscription nobody sends to is dropped again.
          if (isNew) await subscription.unsubscribe().catch(() => false);
          throw error;
        }
        await storeToken(status.token);
        return { phase: 'on' };
      }),
    [run, lang],
  );

  const turnOff = useCallback(
    () =>
      run(async () => {
        const current = await currentSubscription();
        if (current) {
          await api.unsubscribe(current.subscription.endpoint);
          await current.subscription.unsubscribe();
        }
        await forgetToken();
        return { phase: 'off' };
      }),
    [run],
  );

  return { state, turnOn, turnOff };
}

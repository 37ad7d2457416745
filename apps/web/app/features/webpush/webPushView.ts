/**
 * What the web push switch shows for a state: a pure function of the state and the translator, so the
 * rules ("denied" offers no button, a busy switch cannot be pressed) are tested without a browser.
 */
import type { WebPushT } from './hooks/useWebPushT.ts';

/**
 * checking: not known yet (server render and first client render: nothing is shown);
 * unsupported: no Push API here (old browser, insecure page, iOS outside the home screen);
 * denied: the person blocked notifications (only the browser's site settings can undo it);
 * off / on: this browser's subscription for the logged-in guest.
 */
export type WebPushPhase = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';
/** What went wrong on the last press, shown instead of the state text. */
export type WebPushNotice = 'dismissed' | 'notLoggedIn' | 'failed';

export interface WebPushState {
  phase: WebPushPhase;
  busy: boolean;
  notice: WebPushNotice | null;
}

export interface WebPushView {
  /** The switch, or null when pressing cannot help (unsupported, denied). */
  button: { label: string; action: 'on' | 'off'; disabled: boolean } | null;
  message: string;
}

export function webPushView(state: WebPushState, t: WebPushT, brand: string): WebPushView | null {
  switch (state.phase) {
    case 'checking':
      return null;
    case 'unsupported':
      return { button: null, message: t('unsupported', { brand }) };
    case 'denied':
      return { button: null, message: t('denied', { brand }) };
    case 'off':
    case 'on': {
      const action = state.phase === 'on' ? 'off' : 'on';
      const label = state.busy ? t('working') : action === 'on' ? t('turnOn') : t('turnOff');
      const message = state.notice
        ? t(state.notice)
        : state.phase === 'on'
          ? t('stateOn')
          : t('stateOff', { brand });
      return { button: { label, action, disabled: state.busy }, message };
    }
  }
}

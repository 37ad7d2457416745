/**
 * Page side of the payment dialog (spec 2, 4, 9; protocol in docs/decisions/0006). One dialog at a
 * time, opened with `usePaymentDialog().open(flow, { prefill, onLoginAction })`.
 *
 * This provider is what every page loads: the API, the decision whether a flow may open
 * (`decideFlow`; a refused one shows a notice), the stored onLoginAction (written before anything
 * else), the opener to give focus back to and, on mobile browsers other than IEMobile, the new tab,
 * opened in the click itself (a browser blocks a tab opened later). The dialog itself (frame,
 * state machine, messages, login completion, the URL parameters of spec 2) is PaymentDialogHost,
 * loaded when the first dialog opens or the address carries dialog parameters (issue 15: first load
 * on a phone, decision 0035). While its code arrives the overlay and spinner show; the request waits
 * and opens once it is there (no click is lost), Escape cancels it.
 */
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { PublicConfig } from '@vela/contracts/pages';
import type { PaymentFlow } from '@vela/contracts/payment';
import type { OnLoginAction } from '@vela/contracts/payment-messages';
import type { DialogState } from '@vela/domain/payment-dialog';
import { OVERLAY_OPACITY, OVERLAY_Z_INDEX, opensInNewTab } from '@vela/domain/payment-dialog-open';
import { decideFlow } from '@vela/domain/restrictions';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAccountT } from '../auth/useAccountT.ts';
import { snapshotOfViewer } from '../auth/useViewer.tsx';
import './dialog.css';
import { DialogSpinner } from './DialogSpinner.tsx';
import { dialogSrc, mayCarryDialogRequest } from './dialogAddress.ts';
import { LOGIN_ACTION_STORAGE_KEY } from './loginActionKey.ts';
import type { DialogHostHandle, PaymentDialogHostProps } from './PaymentDialogHost.tsx';
import type { DialogFlow, DialogPrefill } from './urlParams.ts';
import { useEscapeToClose } from './useEscapeToClose.ts';

export type { DialogFlow, DialogPrefill } from './urlParams.ts';

/** Set on every successful login in this browser (the adult-market modal is for first-timers). */
export const ADULT_MARKET_LOGGED_IN_KEY = 'vela_adult_market_logged_in';

export interface OpenDialogOptions {
  prefill?: DialogPrefill;
  /** Stored (local storage onLoginAction) and run once after a successful login. */
  onLoginAction?: OnLoginAction;
  /** Keep the iframe (hidden) when the dialog closes, to show it again quickly. */
  hideIframe?: boolean;
  /** Restore a dialog in its wait view (showModalbox=1). */
  view?: 'wait';
  /** Where the page wants to go after a login (sent to vxpay/onsuccess as targetUrl). */
  targetUrl?: string;
}

/** Why a requested dialog did not open; the shell shows it as a short notice. */
export type DialogNotice = 'login-disabled' | 'purchase-unavailable' | 'dialog-blocked';

export interface PaymentDialogApi {
  open(flow: PaymentFlow | 'signup', options?: OpenDialogOptions): void;
  /** Closes the dialog (hides or removes it) and returns focus to where it was. */
  close(): void;
  state: DialogState;
  /** The flow of the current dialog, null when none exists. */
  flow: DialogFlow | null;
  notice: DialogNotice | null;
  showNotice(notice: DialogNotice): void;
  dismissNotice(): void;
  /**
   * Listens to the dialog's `success` of flows other than login/signup/avs (spec 2: "Success
   * without handler goes to success URL"). A listener that answers true handles it: the dialog is
   * closed and the page stays (the wallet refreshes the balance for money flows). Answers the removal.
   */
  onSuccess(listener: DialogSuccessListener): () => void;
}

/** Answers true when it handled the success of `flow` (no jump to the success URL). */
export type DialogSuccessListener = (flow: DialogFlow) => boolean;

/** A dialog the page asked for and may open, as the host receives it. */
export interface PreparedDialog {
  id: string;
  flow: DialogFlow;
  prefill?: DialogPrefill;
  hideIframe: boolean;
  view?: 'wait';
  targetUrl?: string;
  /** The tab the dialog opened in (mobile), null for the iframe. */
  newTab: Window | null;
  /** Where focus goes back when the dialog closes. */
  opener: HTMLElement | null;
}

const PaymentDialogContext = createContext<PaymentDialogApi | null>(null);

/** The host as a lazy component; when its code does not load (offline) it renders nothing and calls `onFailed`. */
function lazyHost(onFailed: () => void) {
  return lazy(() =>
    import('./PaymentDialogHost.tsx').then(
      (module) => ({ default: module.PaymentDialogHost }),
      (error: unknown) => {
        console.warn('Payment dialog: its code did not load', error);
        return {
          default: function HostDidNotLoad(_props: PaymentDialogHostProps) {
            useEffect(onFailed, []);
            return null;
          },
        };
      },
    ),
  );
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function browserOpensNewTab(loggedIn: boolean): boolean {
  const ua = navigator.userAgent;
  return opensInNewTab({
    mobile: /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i.test(ua),
    ieMobile: /IEMobile/i.test(ua),
    loggedIn,
    newTabForLoggedIn: false,
  });
}

export interface PaymentDialogProviderProps {
  lang: Language;
  config: Pick<PublicConfig, 'payOrigin' | 'loginEnabled'>;
  viewer: GuestMe | null;
  children: ReactNode;
}

export function PaymentDialogProvider({ lang, config, viewer, children }: PaymentDialogProviderProps) {
  const [state, setState] = useState<DialogState>('not-created');
  const [flow, setFlow] = useState<DialogFlow | null>(null);
  const [notice, setNotice] = useState<DialogNotice | null>(null);
  /** The host is wanted (rendered, so its code loads); it stays once it is. */
  const [hostWanted, setHostWanted] = useState(false);
  /** A dialog waits for the host's code: the overlay and spinner show meanwhile. */
  const [waiting, setWaiting] = useState(false);
  /** The host's code, loaded when first rendered; a failed load (offline) is tried again by the next dialog. */
  const [hostAttempt, setHostAttempt] = useState(0);
  const host = useRef<DialogHostHandle | null>(null);
  const pending = useRef<PreparedDialog | null>(null);
  const successListeners = useRef(new Set<DialogSuccessListener>());
  const onSuccess = useCallback((listener: DialogSuccessListener) => {
    successListeners.current.add(listener);
    return () => {
      successListeners.current.delete(listener);
    };
  }, []);
  const payOrigin = useMemo(() => {
    try {
      return new URL(config.payOrigin).origin;
    } catch {
      return config.payOrigin;
    }
  }, [config.payOrigin]);
  const loggedIn = viewer ? viewer.isLoggedIn && !viewer.isLocked : false;
  const context = useRef({ lang, loggedIn, viewer, loginEnabled: config.loginEnabled });
  context.current = { lang, loggedIn, viewer, loginEnabled: config.loginEnabled };

  const open = useCallback(
    (requested: PaymentFlow | 'signup', options: OpenDialogOptions = {}) => {
      const { viewer: currentViewer, loginEnabled, lang: language } = context.current;
      const decision = decideFlow(snapshotOfViewer(currentViewer), requested, { loginEnabled });
      // Login switched off: neither login/signup nor a flow that needs a login can open (spec 5/6).
      if (decision.kind === 'refused' || (decision.kind === 'restricted' && !loginEnabled)) {
        setNotice('login-disabled');
        return;
      }
      // A flow that needs a login is passed as asked: the dialog shows its login first and then
      // continues with that flow (spec 6: need-login -> login dialog). A restricted guest's charge
      // becomes opcompensation (decideFlow).
      const flow = (decision.kind === 'restricted' ? requested : decision.flow) as DialogFlow;
      // As loginAction.ts storeLoginAction, without loading it: the action is stored before the dialog opens.
      if (options.onLoginAction)
        window.localStorage.setItem(LOGIN_ACTION_STORAGE_KEY, JSON.stringify(options.onLoginAction));
      const id = randomId();
      const prepared: PreparedDialog = {
        id,
        flow,
        prefill: options.prefill,
        hideIframe: options.hideIframe === true,
        view: options.view,
        targetUrl: options.targetUrl,
        newTab: null,
        opener: document.activeElement instanceof HTMLElement ? document.activeElement : null,
      };
      if (browserOpensNewTab(context.current.loggedIn)) {
        const tab = window.open(
          dialogSrc(payOrigin, { id, flow, lang: language, view: options.view }),
          '_blank',
        );
        if (!tab) {
          setNotice('dialog-blocked');
          return;
        }
        prepared.newTab = tab;
      }
      setNotice(null);
      if (host.current) {
        host.current.open(prepared);
        return;
      }
      pending.current = prepared;
      setHostWanted(true);
      setWaiting(prepared.newTab === null);
    },
    [payOrigin],
  );

  const close = useCallback(() => {
    if (host.current) {
      host.current.close();
      return;
    }
    // Still loading: the waiting dialog is not opened.
    const waitingDialog = pending.current;
    if (!waitingDialog) return;
    pending.current = null;
    setWaiting(false);
    const opener = waitingDialog.opener;
    if (opener?.isConnected) requestAnimationFrame(() => opener.focus());
  }, []);

  const takePending = useCallback(() => {
    const taken = pending.current;
    pending.current = null;
    setWaiting(false);
    return taken;
  }, []);

  // A failed load drops the waiting dialog (focus goes back); the next dialog loads the host again.
  const hostDidNotLoad = useCallback(() => {
    close();
    setHostWanted(false);
    setHostAttempt((attempt) => attempt + 1);
  }, [close]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new lazy component per attempt
  const PaymentDialogHost = useMemo(() => lazyHost(hostDidNotLoad), [hostAttempt]);

  const onHostChange = useCallback((next: DialogState, nextFlow: DialogFlow | null) => {
    setState(next);
    setFlow(nextFlow);
  }, []);

  // Escape cancels a dialog whose code is still loading (as it closes an open one).
  useEscapeToClose(waiting, close);

  // URL parameters of spec 2: an address that may carry them loads the host, which reads them once.
  useEffect(() => {
    if (mayCarryDialogRequest(window.location.href)) setHostWanted(true);
  }, []);

  const value = useMemo<PaymentDialogApi>(
    () => ({
      open,
      close,
      state,
      flow,
      notice,
      showNotice: setNotice,
      dismissNotice: () => setNotice(null),
      onSuccess,
    }),
    [open, close, state, flow, notice, onSuccess],
  );

  return (
    <PaymentDialogContext.Provider value={value}>
      {children}
      {hostWanted ? (
        <Suspense fallback={waiting ? <DialogLoading /> : null}>
          <PaymentDialogHost
            lang={lang}
            payOrigin={payOrigin}
            loggedIn={loggedIn}
            handleRef={host}
            takePending={takePending}
            openDialog={open}
            successListeners={successListeners}
            onChange={onHostChange}
          />
        </Suspense>
      ) : null}
      {notice ? <DialogNoticeBar notice={notice} onDismiss={() => setNotice(null)} /> : null}
    </PaymentDialogContext.Provider>
  );
}

/** The overlay and spinner while the dialog's code arrives (the host shows the same once it is there). */
function DialogLoading() {
  return (
    <div className="payment-dialog" data-dialog-loading="">
      <div
        className="payment-dialog__overlay"
        aria-hidden="true"
        style={{
          position: 'fixed',
          inset: 0,
          zIndex: OVERLAY_Z_INDEX,
          background: '#000',
          opacity: OVERLAY_OPACITY,
        }}
      />
      <DialogSpinner />
    </div>
  );
}

const NOTICE_KEYS = {
  'login-disabled': 'noticeLoginDisabled',
  'purchase-unavailable': 'noticePurchaseUnavailable',
  'dialog-blocked': 'noticeDialogBlocked',
} as const;

function DialogNoticeBar({ notice, onDismiss }: { notice: DialogNotice; onDismiss: () => void }) {
  const t = useAccountT();
  return (
    <div className="dialog-notice" role="status" data-dialog-notice={notice}>
      <p>{t(NOTICE_KEYS[notice])}</p>
      <button type="button" className="shell-button" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}

export function usePaymentDialog(): PaymentDialogApi {
  const api = useContext(PaymentDialogContext);
  if (!api) throw new Error('usePaymentDialog must be used inside <PaymentDialogProvider>');
  return api;
}

/**
 * Page side of the payment dialog (spec 2, 4, 9; protocol in docs/decisions/0006). One dialog at a
 * time, opened with `usePaymentDialog().open(flow, { prefill, onLoginAction })`.
 *
 * - The dialog is an iframe on PAY_ORIGIN (`/?id=<random>&flow=<flow>&lang=<lang>`), 675x740 centred
 *   while loading, maximised once ready; overlay (opacity 0.3, z-index 10000) and a 140x140 spinner
 *   behind/over it until it is shown; on mobile browsers other than IEMobile a new tab instead.
 * - State machine of @vela/domain/payment-dialog: not-created -> created -> ready (transfer-token)
 *   -> loaded (content-loaded) -> visible -> hidden / removed. Showing is retried every second.
 * - Messages count only from the dialog origin with this dialog's id (`acceptMessage`), then are
 *   parsed (`parseDialogMessage`); anything else is ignored (console only, spec 8).
 * - `iframe-ready` is answered with `init` (flow, language, the page's access token, prefill).
 * - Login/signup success: POST vxpay/onsuccess, then the stored onLoginAction, else the server's
 *   URL, else a reload; exactly once; a failed post reloads (`afterLoginStep`).
 * - URL parameters of spec 2 are read once on load (vxpFlow and vxpAutoFlow then stripped).
 * - The message contract (its validation) and the after-login actions load with the first dialog
 *   (`dialogModules`), not with the page (issue 15: first load on a phone); messages are handled in
 *   the order they came.
 */
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { PublicConfig } from '@vela/contracts/pages';
import type { PaymentFlow } from '@vela/contracts/payment';
import type { DialogMessage, OnLoginAction } from '@vela/contracts/payment-messages';
import {
  acceptMessage,
  afterLoginStep,
  canShowDialog,
  completesLogin,
  DIALOG_Z_INDEX,
  type DialogEvent,
  type DialogState,
  dialogFrameSize,
  dialogTransition,
  OVERLAY_OPACITY,
  OVERLAY_Z_INDEX,
  opensInNewTab,
  SHOW_RETRY_MS,
  SPINNER_SIZE,
  showsLoadingOverlay,
  successUrl,
} from '@vela/domain/payment-dialog';
import { decideFlow } from '@vela/domain/restrictions';
import { pathFor } from '@vela/i18n/routes';
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { restCall } from '../api/rest.ts';
import { useAccountT } from '../auth/useAccountT.ts';
import { snapshotOfViewer } from '../auth/useViewer.tsx';
import { linkIfBuilt } from '../i18n/implemented.ts';
import './dialog.css';
import { postLogout, postOnSuccess, requestAccessToken } from './api.ts';
import { LOGIN_ACTION_STORAGE_KEY } from './loginActionKey.ts';
import {
  addressAfterLogin,
  type DialogFlow,
  type DialogPrefill,
  dialogRequestOfUrl,
  dialogSrc,
} from './urlParams.ts';

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

const PaymentDialogContext = createContext<PaymentDialogApi | null>(null);

interface Session {
  id: string;
  flow: DialogFlow;
  prefill?: DialogPrefill;
  hideIframe: boolean;
  view?: 'wait';
  targetUrl?: string;
  newTab: Window | null;
  /** The dialog reported a login/signup hook. */
  loggedInByDialog: boolean;
  /** The after-login step ran (exactly once). */
  handled: boolean;
  opener: HTMLElement | null;
  tokenTimer: ReturnType<typeof setTimeout> | null;
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Reload after a login, without the one-shot URL parameters that started it. */
function reloadAfterLogin(): void {
  const next = addressAfterLogin(window.location.href);
  if (next === window.location.href) window.location.reload();
  else window.location.replace(next);
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

/** What only a dialog needs: the message contract and the after-login actions, loaded once on first use. */
let dialogModulesLoading: Promise<
  [typeof import('@vela/contracts/payment-messages'), typeof import('./loginAction.ts')]
> | null = null;
function dialogModules() {
  if (!dialogModulesLoading) {
    dialogModulesLoading = Promise.all([
      import('@vela/contracts/payment-messages'),
      import('./loginAction.ts'),
    ]);
    // A failed load (offline) is tried again by the next dialog message or login.
    dialogModulesLoading.catch(() => {
      dialogModulesLoading = null;
    });
  }
  return dialogModulesLoading;
}

/** Refresh the dialog's access token a minute before it expires (never sooner than 10 s). */
const TOKEN_REFRESH_MARGIN_MS = 60_000;

export interface PaymentDialogProviderProps {
  lang: Language;
  config: Pick<PublicConfig, 'payOrigin' | 'loginEnabled'>;
  viewer: GuestMe | null;
  children: ReactNode;
}

export function PaymentDialogProvider({ lang, config, viewer, children }: PaymentDialogProviderProps) {
  const [state, setState] = useState<DialogState>('not-created');
  const [session, setSession] = useState<Session | null>(null);
  const [notice, setNotice] = useState<DialogNotice | null>(null);
  const stateRef = useRef<DialogState>('not-created');
  const sessionRef = useRef<Session | null>(null);
  const successListeners = useRef(new Set<DialogSuccessListener>());
  const onSuccess = useCallback((listener: DialogSuccessListener) => {
    successListeners.current.add(listener);
    return () => {
      successListeners.current.delete(listener);
    };
  }, []);
  const frameRef = useRef<HTMLIFrameElement>(null);
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

  const dispatch = useCallback((event: DialogEvent): DialogState => {
    const from = stateRef.current;
    let next: DialogState;
    try {
      next = dialogTransition(from, event);
    } catch (error) {
      console.warn('Payment dialog:', error instanceof Error ? error.message : error);
      return from;
    }
    stateRef.current = next;
    setState(next);
    if (next === 'removed') {
      const current = sessionRef.current;
      if (current?.tokenTimer) clearTimeout(current.tokenTimer);
      sessionRef.current = null;
      setSession(null);
    }
    return next;
  }, []);

  const close = useCallback(() => {
    const current = sessionRef.current;
    if (!current) return;
    dispatch({ type: 'hide', hideIframe: current.hideIframe });
    const opener = current.opener;
    if (opener?.isConnected) requestAnimationFrame(() => opener.focus());
  }, [dispatch]);

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
      void dialogModules().catch(() => undefined);
      const existing = sessionRef.current;
      if (existing && stateRef.current !== 'removed') {
        // One dialog at a time: a hidden one with a different flow is replaced.
        if (existing.tokenTimer) clearTimeout(existing.tokenTimer);
        sessionRef.current = null;
        stateRef.current = 'removed';
      }
      const id = randomId();
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const next: Session = {
        id,
        flow,
        prefill: options.prefill,
        hideIframe: options.hideIframe === true,
        view: options.view,
        targetUrl: options.targetUrl,
        newTab: null,
        loggedInByDialog: false,
        handled: false,
        opener,
        tokenTimer: null,
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
        next.newTab = tab;
      }
      setNotice(null);
      sessionRef.current = next;
      setSession(next);
      stateRef.current = 'not-created';
      dispatch({ type: 'create' });
    },
    [dispatch, payOrigin],
  );

  // After a login or signup in the dialog (spec 4): post the result, then the stored action, or
  // the server's URL, or a reload; exactly once; a failed post reloads.
  const finishLogin = useCallback(
    async (current: Session, flow: DialogFlow, transferToken: string | undefined) => {
      if (current.handled) return;
      current.handled = true;
      // Loading since the dialog opened; without it (offline) the page reloads as without a stored action.
      const loadingActions = dialogModules().then(
        ([, actions]) => actions,
        () => null,
      );
      const outcome = await postOnSuccess({
        result: transferToken ? { flow, transferToken } : { flow },
        ...(current.targetUrl ? { targetUrl: current.targetUrl } : {}),
      });
      if (outcome.ok) {
        try {
          window.localStorage.setItem(ADULT_MARKET_LOGGED_IN_KEY, '1');
        } catch {
          // Storage unavailable (private mode): the modal may show again, nothing else depends on it.
        }
      }
      const actions = await loadingActions;
      const step = afterLoginStep({
        alreadyHandled: false,
        serverOk: outcome.ok,
        hasStoredAction: outcome.ok && actions?.hasStoredLoginAction(window.localStorage) === true,
        serverUrl: outcome.ok ? outcome.url : null,
      });
      switch (step.kind) {
        case 'run-stored-action': {
          const action = actions?.takeStoredLoginAction(window.localStorage) ?? null;
          const run =
            actions && action
              ? actions.loginActionStep(action, context.current.lang)
              : { kind: 'reload' as const };
          if (run.kind === 'navigate') {
            setTimeout(() => window.location.assign(run.url), run.delayMs);
          } else if (run.kind === 'open-dialog') {
            // Reload logged in with the dialog's auto-flow parameter: the new page opens the flow.
            const url = new URL(addressAfterLogin(window.location.href));
            url.searchParams.set('vxpAutoFlow', run.command);
            window.location.assign(url.toString());
          } else if (run.kind === 'call-then-reload') {
            // The action the visitor asked for before the login (a failed call still reloads).
            restCall('POST', run.path, run.payload)
              .catch(() => undefined)
              .finally(reloadAfterLogin);
          } else {
            reloadAfterLogin();
          }
          return;
        }
        case 'navigate':
          window.location.assign(step.url);
          return;
        case 'reload':
          reloadAfterLogin();
          return;
        case 'nothing':
          return;
      }
    },
    [],
  );

  const sendInit = useCallback(
    async (current: Session, target: MessageEventSource | null) => {
      const token = await requestAccessToken();
      if (sessionRef.current !== current) return;
      const recipient =
        (target as Window | null) ?? current.newTab ?? frameRef.current?.contentWindow ?? null;
      if (!recipient) return;
      recipient.postMessage(
        {
          id: current.id,
          type: 'init',
          flow: current.flow,
          language: context.current.lang,
          accessToken: token?.accessToken ?? null,
          ...(current.prefill ? { prefill: current.prefill } : {}),
        },
        payOrigin,
      );
      if (!token) return;
      const refresh = async () => {
        if (sessionRef.current !== current) return;
        const fresh = await requestAccessToken();
        if (!fresh || sessionRef.current !== current) return;
        recipient.postMessage(
          { id: current.id, type: 'access-token', accessToken: fresh.accessToken },
          payOrigin,
        );
        schedule(fresh.expiresAt);
      };
      const schedule = (expiresAt: Date) => {
        const delay = Math.max(10_000, expiresAt.getTime() - Date.now() - TOKEN_REFRESH_MARGIN_MS);
        if (current.tokenTimer) clearTimeout(current.tokenTimer);
        current.tokenTimer = setTimeout(() => void refresh(), delay);
      };
      schedule(token.expiresAt);
    },
    [payOrigin],
  );

  // Dialog -> page messages.
  useEffect(() => {
    const handle = (event: MessageEvent, current: Session, message: DialogMessage | null) => {
      if (!message) {
        console.warn('Invalid message response', event.data);
        return;
      }
      const wasLoggedIn = context.current.loggedIn;
      switch (message.type) {
        case 'iframe-ready':
          void sendInit(current, event.source);
          return;
        case 'transfer-token':
          dispatch({ type: 'transfer-token' });
          return;
        case 'content-loaded':
          if (dispatch({ type: 'content-loaded' }) === 'loaded') dispatch({ type: 'show' });
          return;
        case 'hook':
          if (message.hook.hook === 'login' || message.hook.hook === 'signup')
            current.loggedInByDialog = true;
          return;
        case 'success':
          // Login/signup, and any success carrying a transfer token (password reset logs in too):
          // the token becomes the page's session through vxpay/onsuccess.
          if (
            completesLogin(message, { loggedInByDialog: current.loggedInByDialog, wasLoggedIn }) ||
            message.transferToken !== undefined
          ) {
            void finishLogin(current, message.flow, message.transferToken);
            return;
          }
          if (message.flow === 'avs') {
            window.location.reload();
            return;
          }
          {
            let handled = false;
            for (const listener of [...successListeners.current]) {
              if (listener(message.flow)) handled = true;
            }
            if (handled) {
              close();
              return;
            }
          }
          close();
          window.location.assign(
            successUrl({
              profileUrl: linkIfBuilt('MyVela/Profile', context.current.lang),
              homeUrl: pathFor('Home', context.current.lang),
              disableJump: false,
              transferToken: message.transferToken ?? null,
            }),
          );
          return;
        case 'close':
          if (completesLogin(message, { loggedInByDialog: current.loggedInByDialog, wasLoggedIn })) {
            close();
            void finishLogin(current, current.flow === 'signup' ? 'signup' : 'login', undefined);
            return;
          }
          close();
          return;
        case 'logout':
          void postLogout().finally(() => window.location.reload());
          return;
        case 'redirect':
          close();
          window.location.assign(message.url);
          return;
        case 'scrollto':
          window.scrollTo({ top: message.top, behavior: 'smooth' });
          return;
        default:
          console.info('Unhandled message response action', message.type);
      }
    };
    // One after the other, in the order they came, once the message contract has loaded.
    let handling: Promise<void> = Promise.resolve();
    const onMessage = (event: MessageEvent) => {
      const current = sessionRef.current;
      if (!current) return;
      if (!acceptMessage(event, { dialogOrigin: payOrigin, dialogId: current.id })) return;
      handling = handling
        .then(() => dialogModules())
        .then(
          ([{ parseDialogMessage }]) => handle(event, current, parseDialogMessage(event.data)),
          () => console.warn('Payment dialog: the message contract did not load', event.data),
        )
        .catch((error: unknown) => console.error('Payment dialog:', error));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [payOrigin, dispatch, close, finishLogin, sendInit]);

  // Showing is retried every second until the content has loaded (spec 9).
  useEffect(() => {
    if (session === null || state === 'visible' || state === 'hidden' || state === 'removed') return;
    const timer = setInterval(() => {
      if (canShowDialog(stateRef.current) && stateRef.current !== 'visible') dispatch({ type: 'show' });
    }, SHOW_RETRY_MS);
    return () => clearInterval(timer);
  }, [session, state, dispatch]);

  // Focus moves into the dialog once it is shown; Escape closes it.
  useEffect(() => {
    if (state !== 'visible' && state !== 'created') return;
    if (state === 'visible') frameRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [state, close]);

  // URL parameters of spec 2, once per page load.
  const readUrlOnce = useRef(false);
  useEffect(() => {
    if (readUrlOnce.current) return;
    readUrlOnce.current = true;
    const { request, replaceWith } = dialogRequestOfUrl(window.location.href);
    if (replaceWith) window.history.replaceState(window.history.state, '', replaceWith);
    if (request.kind === 'open') {
      open(request.flow, { prefill: request.prefill, view: request.view });
    } else if (request.kind === 'redirect-token') {
      void postOnSuccess({ result: { flow: 'login', transferToken: request.token } }).finally(
        reloadAfterLogin,
      );
    }
  }, [open]);

  const value = useMemo<PaymentDialogApi>(
    () => ({
      open,
      close,
      state,
      flow: session?.flow ?? null,
      notice,
      showNotice: setNotice,
      dismissNotice: () => setNotice(null),
      onSuccess,
    }),
    [open, close, state, session, notice, onSuccess],
  );

  return (
    <PaymentDialogContext.Provider value={value}>
      {children}
      {session && !session.newTab ? (
        <DialogFrame
          frameRef={frameRef}
          src={dialogSrc(payOrigin, { id: session.id, flow: session.flow, lang, view: session.view })}
          id={session.id}
          flow={session.flow}
          state={state}
        />
      ) : null}
      {notice ? <DialogNoticeBar notice={notice} onDismiss={() => setNotice(null)} /> : null}
    </PaymentDialogContext.Provider>
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

const layerStyle: CSSProperties = { position: 'fixed', inset: 0 };

function DialogFrame({
  frameRef,
  src,
  id,
  flow,
  state,
}: {
  frameRef: React.RefObject<HTMLIFrameElement | null>;
  src: string;
  id: string;
  flow: DialogFlow;
  state: DialogState;
}) {
  const t = useAccountT();
  const size = dialogFrameSize(state, flow);
  const hidden = state === 'hidden' || state === 'removed' || state === 'not-created';
  const loading = showsLoadingOverlay(state);
  const frameStyle: CSSProperties =
    size.mode === 'centred'
      ? {
          position: 'fixed',
          top: '50%',
          left: '50%',
          width: size.width,
          height: size.height,
          maxWidth: '100vw',
          maxHeight: '100vh',
          transform: 'translate(-50%, -50%)',
        }
      : { position: 'fixed', top: 0, left: 0, width: size.width, height: size.height };
  return (
    <div
      className="payment-dialog"
      data-payment-dialog=""
      data-dialog-state={state}
      data-dialog-id={id}
      hidden={hidden}
    >
      <div
        className="payment-dialog__overlay"
        data-dialog-overlay=""
        aria-hidden="true"
        style={{ ...layerStyle, zIndex: OVERLAY_Z_INDEX, background: '#000', opacity: OVERLAY_OPACITY }}
      />
      <iframe
        ref={frameRef}
        className="payment-dialog__frame"
        title={t('dialogTitle')}
        src={src}
        allow="payment"
        style={{
          ...frameStyle,
          zIndex: DIALOG_Z_INDEX,
          border: 0,
          background: 'transparent',
          opacity: loading ? 0 : 1,
        }}
      />
      {loading ? (
        <div
          className="payment-dialog__spinner"
          role="status"
          data-dialog-spinner=""
          style={{
            position: 'fixed',
            top: '50%',
            left: '50%',
            width: SPINNER_SIZE,
            height: SPINNER_SIZE,
            marginTop: -SPINNER_SIZE / 2,
            marginLeft: -SPINNER_SIZE / 2,
            zIndex: DIALOG_Z_INDEX + 1,
          }}
        >
          <span className="payment-dialog__spinner-ring" aria-hidden="true" />
          <span className="visually-hidden">{t('dialogLoading')}</span>
        </div>
      ) : null}
    </div>
  );
}

export function usePaymentDialog(): PaymentDialogApi {
  const api = useContext(PaymentDialogContext);
  if (!api) throw new Error('usePaymentDialog must be used inside <PaymentDialogProvider>');
  return api;
}

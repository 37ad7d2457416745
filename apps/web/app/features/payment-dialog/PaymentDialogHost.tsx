/**
 * The payment dialog itself (spec 2, 4, 9; protocol in docs/decisions/0006), loaded on first use:
 * PaymentDialogProvider renders it (React.lazy) when a page first opens a dialog or its address
 * carries the dialog's URL parameters, and hands it the open request that asked for it. Loaded once,
 * it stays for the page's life (issue 15: first load on a phone, decision 0035).
 *
 * - The dialog is an iframe on PAY_ORIGIN (`/?id=<random>&flow=<flow>&lang=<lang>`), 675x740 centred
 *   while loading, maximised once ready; overlay (opacity 0.3, z-index 10000) and a 140x140 spinner
 *   behind/over it until it is shown; on mobile browsers other than IEMobile a new tab instead (opened
 *   by the provider, in the click).
 * - State machine of @vela/domain/payment-dialog: not-created -> created -> ready (transfer-token)
 *   -> loaded (content-loaded) -> visible -> hidden / removed. Showing is retried every second.
 * - Messages count only from the dialog origin with this dialog's id (`acceptMessage`), then are
 *   parsed (`parseDialogMessage`); anything else is ignored (console only, spec 8).
 * - `iframe-ready` is answered with `init` (flow, language, the page's access token, prefill).
 * - Login/signup success: POST vxpay/onsuccess, then the stored onLoginAction, else the server's
 *   URL, else a reload; exactly once; a failed post reloads (`afterLoginStep`).
 * - URL parameters of spec 2 are read once on load (vxpFlow and vxpAutoFlow then stripped).
 * - The message contract (its validation) and the after-login actions are static imports here: they
 *   load with the host, in parallel with it (the dynamic import preloads a chunk's dependencies), and
 *   messages are handled synchronously, in the order they came.
 */
import type { Language } from '@vela/contracts/common';
import type { PaymentFlow } from '@vela/contracts/payment';
import { type DialogMessage, parseDialogMessage } from '@vela/contracts/payment-messages';
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
  SHOW_RETRY_MS,
  showsLoadingOverlay,
  successUrl,
} from '@vela/domain/payment-dialog';
import { pathFor } from '@vela/i18n/routes';
import {
  type CSSProperties,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { endpointCall } from '../api/rest.ts';
import { useAccountT } from '../auth/useAccountT.ts';
import { storePendingPin } from '../favorites/pendingPin.ts';
import { linkIfBuilt } from '../i18n/implemented.ts';
import { postLogout, postOnSuccess, requestAccessToken } from './api.ts';
import { DialogSpinner } from './DialogSpinner.tsx';
import { dialogSrc } from './dialogAddress.ts';
import {
  clearMessengerSelection,
  hasStoredLoginAction,
  loginActionStep,
  takeStoredLoginAction,
} from './loginAction.ts';
import {
  ADULT_MARKET_LOGGED_IN_KEY,
  type DialogSuccessListener,
  type OpenDialogOptions,
  type PreparedDialog,
} from './PaymentDialogProvider.tsx';
import { addressAfterLogin, type DialogFlow, dialogRequestOfUrl } from './urlParams.ts';
import { useEscapeToClose } from './useEscapeToClose.ts';

/** What the provider calls on a loaded host. */
export interface DialogHostHandle {
  open(prepared: PreparedDialog): void;
  close(): void;
}

export interface PaymentDialogHostProps {
  lang: Language;
  payOrigin: string;
  loggedIn: boolean;
  handleRef: RefObject<DialogHostHandle | null>;
  /** The open request that made the host load (taken once, on mount), null for none. */
  takePending(): PreparedDialog | null;
  /** The provider's open (decision, new tab), for the dialogs the page's address asks for. */
  openDialog(flow: PaymentFlow | 'signup', options?: OpenDialogOptions): void;
  successListeners: RefObject<Set<DialogSuccessListener>>;
  /** The dialog's state and flow as they change (the provider's context shows them to the page). */
  onChange(state: DialogState, flow: DialogFlow | null): void;
}

interface Session extends PreparedDialog {
  /** The dialog reported a login/signup hook. */
  loggedInByDialog: boolean;
  /** The after-login step ran (exactly once). */
  handled: boolean;
  tokenTimer: ReturnType<typeof setTimeout> | null;
}

/** Reload after a login, without the one-shot URL parameters that started it. */
function reloadAfterLogin(): void {
  const next = addressAfterLogin(window.location.href);
  if (next === window.location.href) window.location.reload();
  else window.location.replace(next);
}

/** Refresh the dialog's access token a minute before it expires (never sooner than 10 s). */
const TOKEN_REFRESH_MARGIN_MS = 60_000;

export function PaymentDialogHost({
  lang,
  payOrigin,
  loggedIn,
  handleRef,
  takePending,
  openDialog,
  successListeners,
  onChange,
}: PaymentDialogHostProps) {
  const [state, setState] = useState<DialogState>('not-created');
  const [session, setSession] = useState<Session | null>(null);
  const stateRef = useRef<DialogState>('not-created');
  const sessionRef = useRef<Session | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const context = useRef({ lang, loggedIn });
  context.current = { lang, loggedIn };

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
    (prepared: PreparedDialog) => {
      const existing = sessionRef.current;
      if (existing && stateRef.current !== 'removed') {
        // One dialog at a time: a hidden one with a different flow is replaced.
        if (existing.tokenTimer) clearTimeout(existing.tokenTimer);
        sessionRef.current = null;
        stateRef.current = 'removed';
      }
      const next: Session = { ...prepared, loggedInByDialog: false, handled: false, tokenTimer: null };
      sessionRef.current = next;
      setSession(next);
      stateRef.current = 'not-created';
      dispatch({ type: 'create' });
    },
    [dispatch],
  );

  useImperativeHandle(handleRef, () => ({ open, close }), [open, close]);

  // The request that loaded the host.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    const pending = takePending();
    if (pending) open(pending);
  }, []);

  useEffect(() => {
    onChange(state, session?.flow ?? null);
  }, [onChange, state, session]);

  // After a login or signup in the dialog (spec 4): post the result, then the stored action, or
  // the server's URL, or a reload; exactly once; a failed post reloads.
  const finishLogin = useCallback(
    async (current: Session, flow: DialogFlow, transferToken: string | undefined) => {
      if (current.handled) return;
      current.handled = true;
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
      // Spec 4: the result posted, the messenger channel is cleared, then the stored action runs.
      try {
        clearMessengerSelection(window.localStorage);
      } catch {
        // Storage unavailable: nothing was stored either.
      }
      const step = afterLoginStep({
        alreadyHandled: false,
        serverOk: outcome.ok,
        hasStoredAction: outcome.ok && hasStoredLoginAction(window.localStorage),
        serverUrl: outcome.ok ? outcome.url : null,
      });
      switch (step.kind) {
        case 'run-stored-action': {
          const action = takeStoredLoginAction(window.localStorage);
          const run = action ? loginActionStep(action, context.current.lang) : { kind: 'reload' as const };
          if (run.kind === 'navigate') {
            setTimeout(() => window.location.assign(run.url), run.delayMs);
          } else if (run.kind === 'open-dialog') {
            // Reload logged in with the dialog's auto-flow parameter: the new page opens the flow.
            const url = new URL(addressAfterLogin(window.location.href));
            url.searchParams.set('vxpAutoFlow', run.command);
            window.location.assign(url.toString());
          } else if (run.kind === 'pin') {
            // The item's pin button sends the pin over the logged-in socket of the next page (once).
            try {
              storePendingPin(window.localStorage, run.pin);
            } catch {
              // Storage unavailable: the page opens without the pin; the guest can press it again.
            }
            if (run.url) window.location.assign(run.url);
            else reloadAfterLogin();
          } else if (run.kind === 'call-then-reload') {
            // The action the visitor asked for before the login (a failed call still reloads).
            import('@vela/contracts/gallery')
              .then(({ galleryEndpoints }) => endpointCall(galleryEndpoints[run.endpoint], run.input))
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
    const onMessage = (event: MessageEvent) => {
      const current = sessionRef.current;
      if (!current) return;
      if (!acceptMessage(event, { dialogOrigin: payOrigin, dialogId: current.id })) return;
      handle(event, current, parseDialogMessage(event.data));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [payOrigin, dispatch, close, finishLogin, sendInit, successListeners]);

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
    if (state === 'visible') frameRef.current?.focus();
  }, [state]);
  useEscapeToClose(state === 'visible' || state === 'created', close);

  // URL parameters of spec 2, once per page load.
  const readUrlOnce = useRef(false);
  useEffect(() => {
    if (readUrlOnce.current) return;
    readUrlOnce.current = true;
    const { request, replaceWith } = dialogRequestOfUrl(window.location.href);
    if (replaceWith) window.history.replaceState(window.history.state, '', replaceWith);
    if (request.kind === 'open') {
      openDialog(request.flow, { prefill: request.prefill, view: request.view });
    } else if (request.kind === 'redirect-token') {
      void postOnSuccess({ result: { flow: 'login', transferToken: request.token } }).finally(
        reloadAfterLogin,
      );
    }
  }, [openDialog]);

  return session && !session.newTab ? (
    <DialogFrame
      frameRef={frameRef}
      src={dialogSrc(payOrigin, { id: session.id, flow: session.flow, lang, view: session.view })}
      id={session.id}
      flow={session.flow}
      state={state}
    />
  ) : null;
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
      {loading ? <DialogSpinner /> : null}
    </div>
  );
}

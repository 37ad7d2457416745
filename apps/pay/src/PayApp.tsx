import type { Language } from '@vela/contracts/common';
import type { AuthResult, DialogInitMessage, GuestMe, PageToDialogMessage } from '@vela/contracts/guest-api';
import type { DialogFlow } from '@vela/contracts/payment';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, createApi } from './api.ts';
import { Header } from './components/Header.tsx';
import type { PayConfig } from './config.ts';
import { DialogContext, type DialogContextValue, type Prefill } from './dialog-context.ts';
import { decideOpening, type Opening } from './flow.ts';
import { payTranslator } from './i18n.ts';
import {
  createDialogChannel,
  endingMessage,
  flowChangedMessage,
  listenToPage,
  type OutgoingMessage,
  pageWindow,
  readDialogParams,
  type UncompletedLogin,
} from './protocol.ts';
import { AboView } from './views/AboView.tsx';
import { AvsView } from './views/AvsView.tsx';
import { CarrierView } from './views/CarrierView.tsx';
import { LoginView } from './views/LoginView.tsx';
import { OpCompensationView } from './views/OpCompensationView.tsx';
import { PaymentView } from './views/PaymentView.tsx';
import { PromoCodeView } from './views/PromoCodeView.tsx';
import { SignupView } from './views/SignupView.tsx';
import { WaitView } from './views/WaitView.tsx';

/** Attempts (and the waits before them) to get an anonymous token when the page sent none. */
const ANONYMOUS_TOKEN_RETRY_MS = [0, 1000, 2000];

type Phase = 'waiting' | 'loading' | 'ready' | 'finished' | 'broken';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The payment dialog (decision 0010): posts `iframe-ready`, waits for the page's `init`, reports the
 * token it uses (`transfer-token`), finds out who the guest is, opens the view of the flow
 * (decideOpening) and reports `view-ready` and once `content-loaded`.
 */
export function PayApp({ win, config }: { win: Window; config: PayConfig | null }) {
  const params = useMemo(() => readDialogParams(win.location.search), [win]);
  const [lang, setLang] = useState<Language>(params.lang);
  const [phase, setPhase] = useState<Phase>(config && params.id ? 'waiting' : 'broken');
  const [opening, setOpening] = useState<Opening | null>(null);
  const [guest, setGuest] = useState<GuestMe | null>(null);
  const [prefill, setPrefill] = useState<Prefill>({});
  const langRef = useRef(lang);
  const tokenRef = useRef<string | null>(null);
  /**
   * A login or signup inside the dialog that continued with the flow the visitor asked for: its
   * one-time transfer token has not reached the page yet. Whatever ends the dialog next (close, or
   * the success of that flow) reports it as `success` of flow login/signup, once.
   */
  const transferRef = useRef<UncompletedLogin | null>(null);
  const initialised = useRef(false);
  const readySent = useRef(false);
  const contentLoaded = useRef(false);
  const openingRef = useRef<Opening | null>(null);
  openingRef.current = opening;
  langRef.current = lang;

  const t = useMemo(() => payTranslator(lang), [lang]);
  const page = useMemo(() => pageWindow(win), [win]);
  const channel = useMemo(
    () =>
      config && params.id
        ? createDialogChannel({ id: params.id, publicOrigin: config.publicOrigin, target: page })
        : null,
    [config, params.id, page],
  );
  const api = useMemo(
    () =>
      createApi({
        publicOrigin: config?.publicOrigin ?? win.location.origin,
        language: () => langRef.current,
        accessToken: () => tokenRef.current,
      }),
    [config, win],
  );
  const post = useCallback((message: OutgoingMessage) => channel?.post(message), [channel]);

  const start = useCallback(
    async (init: DialogInitMessage) => {
      if (!config) return;
      setPhase('loading');
      let token = init.accessToken;
      if (token === null) {
        for (const wait of ANONYMOUS_TOKEN_RETRY_MS) {
          await sleep(wait);
          try {
            token = (await api.anonymousAccessToken()).accessToken;
            break;
          } catch (error) {
            console.error('The dialog could not get an access token', error);
          }
        }
      }
      if (token === null) {
        setPhase('broken');
        post({ type: 'close' });
        return;
      }
      tokenRef.current = token;
      post({ type: 'transfer-token', token });
      let me: GuestMe | null = null;
      if (init.accessToken !== null) {
        try {
          me = await api.me();
        } catch (error) {
          // 401: an anonymous session (a visitor). Anything else: treated as a visitor too, the login view shows.
          if (!(error instanceof ApiError) || error.status !== 401) console.error('guest/me failed', error);
        }
      }
      const next = decideOpening(init.flow, me, config.loginEnabled);
      setGuest(me);
      setOpening(next);
      setPhase('ready');
      const changed = flowChangedMessage(init.flow, next.flow);
      if (changed && next.flow !== init.flow) post(changed);
    },
    [api, config, post],
  );

  const onPageMessage = useCallback(
    (message: PageToDialogMessage) => {
      if (message.type === 'access-token') {
        tokenRef.current = message.accessToken;
        return;
      }
      if (initialised.current) return;
      initialised.current = true;
      setLang(message.language);
      langRef.current = message.language;
      setPrefill(message.prefill ?? {});
      void start(message);
    },
    [start],
  );

  useEffect(() => {
    if (!config || !channel) return;
    const stop = listenToPage(
      win,
      { publicOrigin: config.publicOrigin, dialogId: params.id, expectedSource: page ?? undefined },
      onPageMessage,
    );
    if (!readySent.current) {
      readySent.current = true;
      post({ type: 'iframe-ready' });
    }
    return stop;
  }, [win, config, channel, params.id, page, onPageMessage, post]);

  useEffect(() => {
    win.document.documentElement.lang = lang;
    win.document.title = t('dialogLabel', { brand: config?.brandName ?? 'Vela' });
  }, [win, lang, t, config]);

  /** Ends the dialog: close, or the login the page has not completed yet (endingMessage). */
  const end = useCallback(
    (requested: { type: 'close' } | { type: 'success'; flow: DialogFlow }) => {
      const message = endingMessage(requested, transferRef.current);
      transferRef.current = null;
      post(message);
      if (message.type === 'success') setPhase('finished');
    },
    [post],
  );
  const close = useCallback(() => end({ type: 'close' }), [end]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    win.document.addEventListener('keydown', onKey);
    return () => win.document.removeEventListener('keydown', onKey);
  }, [win, close]);

  useEffect(() => {
    if (phase !== 'ready' || !opening) return;
    post({ type: 'view-ready', view: opening.view });
    if (!contentLoaded.current) {
      contentLoaded.current = true;
      post({ type: 'content-loaded' });
    }
  }, [phase, opening, post]);

  const goToFlow = useCallback(
    (flow: DialogFlow) => {
      const current = openingRef.current;
      if (!config || !current) return;
      const next = decideOpening(flow, guest, config.loginEnabled);
      // Moving between login, signup and password lost keeps the flow that waits for the login.
      setOpening({
        ...next,
        pendingFlow:
          next.pendingFlow ?? (next.view === 'login' || next.view === 'signup' ? current.pendingFlow : null),
      });
      const changed = flowChangedMessage(current.flow, next.flow);
      if (changed) post(changed);
    },
    [config, guest, post],
  );

  const authenticated = useCallback(
    (result: AuthResult, kind: 'login' | 'signup' | 'pwdreset') => {
      const current = openingRef.current;
      if (!config || !current) return;
      tokenRef.current = result.accessToken;
      setGuest(result.guest);
      if (kind !== 'pwdreset') post({ type: 'hook', hook: { hook: kind } });
      if (current.pendingFlow && kind !== 'pwdreset') {
        // Continue with the flow the visitor asked for; the page completes the login when the dialog ends.
        transferRef.current = { flow: kind, token: result.transferToken };
        const next = decideOpening(current.pendingFlow, result.guest, config.loginEnabled);
        setOpening(next);
        const changed = flowChangedMessage(current.flow, next.flow);
        if (changed) post(changed);
        return;
      }
      post({ type: 'success', flow: kind, transferToken: result.transferToken });
      setPhase('finished');
    },
    [config, post],
  );

  const succeed = useCallback((flow: DialogFlow) => end({ type: 'success', flow }), [end]);

  const context: DialogContextValue | null = useMemo(
    () =>
      opening && config
        ? {
            t,
            lang,
            brand: config.brandName,
            api,
            guest,
            flow: opening.flow,
            pendingFlow: opening.pendingFlow,
            loginDisabled: opening.loginDisabled,
            prefill,
            goToFlow,
            authenticated,
            succeed,
            hook: (hook) => post({ type: 'hook', hook: { hook } }),
            setGuest,
            close,
            loggedOut: () => {
              tokenRef.current = null;
              post({ type: 'logout' });
              setPhase('finished');
            },
          }
        : null,
    [opening, config, t, lang, api, guest, prefill, goToFlow, authenticated, succeed, post, close],
  );

  return (
    <div className="pay">
      <Header brand={config?.brandName ?? 'Vela'} closeLabel={t('close')} onClose={close} />
      <main className="pay-main">
        {phase === 'broken' ? (
          <section className="view" data-view="wait">
            <p role="alert">{t('errUnknown')}</p>
          </section>
        ) : phase !== 'ready' || !context ? (
          <WaitView label={t('loading')} />
        ) : (
          <DialogContext.Provider value={context}>
            <CurrentView key={context.flow} opening={opening} />
          </DialogContext.Provider>
        )}
      </main>
    </div>
  );
}

function CurrentView({ opening }: { opening: Opening | null }) {
  switch (opening?.view) {
    case 'login':
      return <LoginView />;
    case 'signup':
      return <SignupView />;
    case 'avs':
      return <AvsView />;
    case 'payment':
      return <PaymentView />;
    case 'abo':
    case 'vxabo':
      return <AboView view={opening.view} />;
    case 'promocode':
      return <PromoCodeView />;
    case 'carrier':
      return <CarrierView />;
    case 'opcompensation':
      return <OpCompensationView />;
    default:
      return null;
  }
}

/**
 * The live chat on the live-show tab (issue 16, decision 0038 part 6), loaded lazily by the route:
 * "Start live chat" with the price; a start refused for login or the age check opens that dialog,
 * for money the `not-enough-money` modal, whose top-up leads back into the chat with the same start
 * request (same idempotency key); then the live view (video, chat, price, cost meter, end) and at the
 * end the exit dialog with the reason in words, the receipt and the rating. A reload finds the
 * running chat again (the session id is kept for the tab in sessionStorage) and rejoins its video.
 */
import type { Language, Price } from '@vela/contracts/common';
import { MIN_CHAT_BALANCE_CENTS } from '@vela/domain/chat-session';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { RestError } from '../../api/rest.ts';
import { useViewer } from '../../auth/useViewer.tsx';
import { formatPriceInCoins } from '../../catalog/format.ts';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useSocketMessage } from '../../realtime/hooks/useSocketMessage.ts';
import { useSocketSend } from '../../realtime/hooks/useSocketSend.ts';
import { useSocketClient } from '../../realtime/state/RealtimeProvider.tsx';
import { useTopUp } from '../../wallet/hooks/useTopUp.ts';
import { useBalance } from '../../wallet/state/BalanceProvider.tsx';
import {
  exitLiveChat,
  fetchLiveReceipt,
  fetchLiveSession,
  rateLiveChat,
  startLiveChat,
} from '../api/liveApi.ts';
import { type LiveChatT, useLiveChatT } from '../hooks/useLiveChatT.ts';
import { deliveredAt, IDLE, type Refusal, receiptStateOf, reduceRoom, refusalOf } from '../state/liveRoom.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { ChatRating } from './ChatRating.tsx';
import { CostMeter } from './CostMeter.tsx';
import { ExitDialog } from './ExitDialog.tsx';
import { LivePlayer, type LiveSignaling, type PlayerState } from './LivePlayer.tsx';
import { NotEnoughMoneyDialog } from './NotEnoughMoneyDialog.tsx';
import { PriceTag } from './PriceTag.tsx';
import { Receipt } from './Receipt.tsx';

export interface LiveChatActor {
  id: number;
  name: string;
  isOnline: boolean;
  /** The live chat price the profile shows ("Live chat"). */
  chatPrice: Price;
}

/** If `chatEnd` does not come (another node settles the minute late), the receipt is read anyway. */
const RECEIPT_FALLBACK_MS = 4_000;

const storageKey = (actorId: number) => `vela:live:${actorId}`;

function remembered(actorId: number): string | null {
  try {
    return sessionStorage.getItem(storageKey(actorId));
  } catch {
    return null;
  }
}

function remember(actorId: number, sessionId: string | null): void {
  try {
    if (sessionId) sessionStorage.setItem(storageKey(actorId), sessionId);
    else sessionStorage.removeItem(storageKey(actorId));
  } catch {
    // Private mode without storage: a reload starts over.
  }
}

const REFUSAL_KEY = {
  busy: 'refusedBusy',
  offline: 'refusedOffline',
  country: 'refusedCountry',
  'in-chat': 'refusedInChat',
  failed: 'refusedFailed',
} as const satisfies Record<Exclude<Refusal, 'money'>, Parameters<LiveChatT>[0]>;

/** A clock that ticks every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export default function LiveChatSection({ actor, lang }: { actor: LiveChatActor; lang: Language }) {
  const t = useLiveChatT(lang);
  const { loggedIn } = useViewer();
  const balance = useBalance();
  const { open } = usePaymentDialog();
  const topUp = useTopUp();
  const send = useSocketSend();
  const client = useSocketClient();
  const [state, dispatch] = useReducer(reduceRoom, IDLE);
  const startKey = useRef<string | null>(null);
  const [ending, setEnding] = useState(false);
  // After the exit dialog, focus goes to "Start live chat" (the end button it came from is gone).
  const startButton = useRef<HTMLButtonElement>(null);
  const focusStart = useRef(false);
  useEffect(() => {
    if (state.phase === 'idle' && focusStart.current) {
      focusStart.current = false;
      startButton.current?.focus();
    }
  }, [state.phase]);

  const sessionId = state.phase === 'live' || state.phase === 'ended' ? state.session.sessionId : null;

  // A reload: the chat of this tab goes on.
  useEffect(() => {
    const known = remembered(actor.id);
    if (!known) return;
    fetchLiveSession(known)
      .then((view) => {
        if (view.status === 'ended') remember(actor.id, null);
        else dispatch({ type: 'resumed', view, now: Date.now() });
      })
      .catch(() => remember(actor.id, null));
  }, [actor.id]);

  const latestCoins = useRef(balance?.coins ?? 0);
  latestCoins.current = balance?.coins ?? 0;

  /** Starts (or starts again after a top-up, with the new balance) the chat with the pending request. */
  const start = useCallback(
    async (coins?: number) => {
      if (!loggedIn) {
        open('login');
        return;
      }
      startKey.current ??= crypto.randomUUID();
      dispatch({ type: 'startRequested' });
      try {
        const answer = await startLiveChat(
          {
            actorId: actor.id,
            type: 'livechat',
            idempotencyKey: startKey.current,
          },
          lang,
        );
        startKey.current = null;
        remember(actor.id, answer.sessionId);
        dispatch({
          type: 'started',
          answer,
          balance: { value: coins ?? latestCoins.current, currency: 'VXC' },
        });
      } catch (error) {
        const code = error instanceof RestError ? error.code : 'UNKNOWN';
        if (code === 'NOT_LOGGED_IN' || code === 'RESTRICTED') {
          dispatch({ type: 'dismissed' });
          open(code === 'NOT_LOGGED_IN' ? 'login' : 'avs');
          return;
        }
        const refusal = refusalOf(code);
        // Money: the same request goes again after the top-up. Anything else starts over.
        if (refusal !== 'money') startKey.current = null;
        dispatch({ type: 'refused', refusal });
      }
    },
    [actor.id, lang, loggedIn, open],
  );

  // Socket events of this session (every open page of the guest gets them).
  useSocketMessage('liveMessage', (m) => dispatch({ type: 'message', sessionId: m.sessionId, message: m }));
  useSocketMessage('liveMeter', (m) =>
    dispatch({
      type: 'meter',
      sessionId: m.sessionId,
      meter: { minutes: m.minutes, spent: m.spent, balance: m.balance },
    }),
  );
  useSocketMessage('liveState', (m) =>
    dispatch({
      type: 'status',
      sessionId: m.sessionId,
      status: m.status,
      exitCode: m.exitCode,
      now: Date.now(),
    }),
  );
  useSocketMessage('liveEnded', (m) =>
    dispatch({ type: 'ended', sessionId: m.sessionId, exitCode: m.exitCode, now: Date.now() }),
  );

  // The receipt: read once the last minute is settled (chatEnd), or after a while without it.
  const receiptFor = useRef<string | null>(null);
  const loadReceipt = useCallback((id: string) => {
    if (receiptFor.current === id) return;
    receiptFor.current = id;
    fetchLiveReceipt(id)
      .then((receipt) => dispatch({ type: 'receipt', sessionId: id, receipt: receiptStateOf(receipt) }))
      .catch(() => dispatch({ type: 'receipt', sessionId: id, receipt: { status: 'error' } }));
  }, []);
  useSocketMessage('chatEnd', (m) => {
    if (m.chatId === sessionId && state.phase === 'ended') loadReceipt(m.chatId);
  });
  const endedId = state.phase === 'ended' ? state.session.sessionId : null;
  useEffect(() => {
    if (!endedId) return;
    remember(actor.id, null);
    const timer = setTimeout(() => loadReceipt(endedId), RECEIPT_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [actor.id, endedId, loadReceipt]);

  const signaling = useMemo<LiveSignaling | null>(() => {
    if (!sessionId || !client) return null;
    return {
      onOffer: (listener) =>
        client.on('liveOffer', (m) => {
          if (m.sessionId === sessionId) listener({ offerId: m.offerId, sdp: m.sdp });
        }),
      join: () => void send({ type: 'liveJoin', sessionId }),
      answer: (offerId, sdp) => void send({ type: 'liveAnswer', sessionId, offerId, sdp }),
      mediaUp: (offerId) => void send({ type: 'liveMediaUp', sessionId, offerId }),
    };
  }, [client, send, sessionId]);

  const onPlayerState = useCallback(
    (player: PlayerState) => dispatch({ type: 'playing', playing: player === 'playing', now: Date.now() }),
    [],
  );
  const now = useNow(state.phase === 'live' && state.playingSince !== null);

  const sendMessage = useCallback(
    (text: string) => {
      if (!sessionId) return false;
      const messageId = crypto.randomUUID();
      const sent = send({ type: 'liveMessage', sessionId, messageId, text });
      if (sent) dispatch({ type: 'message', sessionId, message: { messageId, from: 'guest', text } });
      return sent;
    },
    [send, sessionId],
  );

  const end = useCallback(async () => {
    if (!sessionId) return;
    setEnding(true);
    try {
      const answer = await exitLiveChat(sessionId);
      if (answer.exitCode !== null && (answer.status === 'ended' || answer.status === 'ending'))
        dispatch({ type: 'ended', sessionId, exitCode: answer.exitCode, now: Date.now() });
    } catch {
      // The socket's liveExit ends it as well when the REST call cannot.
      send({ type: 'liveExit', sessionId });
    } finally {
      setEnding(false);
    }
  }, [send, sessionId]);

  if (state.phase === 'idle' || state.phase === 'starting' || state.phase === 'refused') {
    // Offline: the tab already says so; there is nothing to start.
    if (!actor.isOnline && state.phase === 'idle') return null;
    return (
      <section className="live-start" aria-labelledby="live-start-title" data-live-phase={state.phase}>
        <h3 id="live-start-title">{t('tabTitle', { name: actor.name })}</h3>
        <PriceTag price={actor.chatPrice} lang={lang} />
        {actor.isOnline ? (
          <>
            <button
              ref={startButton}
              type="button"
              className="button"
              disabled={state.phase === 'starting'}
              aria-busy={state.phase === 'starting'}
              onClick={() => void start()}
            >
              {state.phase === 'starting' ? t('starting', { name: actor.name }) : t('start')}
            </button>
            <p className="page__meta">{t('startHint')}</p>
          </>
        ) : (
          <p className="page__meta">{t('offline', { name: actor.name })}</p>
        )}
        {state.phase === 'refused' && state.refusal !== 'money' ? (
          <p className="live-notice" role="alert">
            {t(REFUSAL_KEY[state.refusal], { name: actor.name })}
          </p>
        ) : null}
        {state.phase === 'refused' && state.refusal === 'money' ? (
          <NotEnoughMoneyDialog
            name={actor.name}
            amount={formatPriceInCoins({ value: MIN_CHAT_BALANCE_CENTS, currency: 'EUR' }, lang)}
            t={t}
            onCancel={() => {
              startKey.current = null;
              dispatch({ type: 'dismissed' });
            }}
            onTopUp={() => {
              dispatch({ type: 'dismissed' });
              topUp((snapshot) => void start(snapshot.coins));
            }}
          />
        ) : null}
      </section>
    );
  }

  const live = state.phase === 'live';
  return (
    <section className="live-room" aria-labelledby="live-start-title" data-live-phase={state.phase}>
      <div className="live-room__stage">
        <div className="live-room__bar">
          <h3 id="live-start-title">{t('tabTitle', { name: state.session.actorName })}</h3>
          <PriceTag price={state.session.pricePerMinute} lang={lang} />
        </div>
        {live && signaling ? (
          <LivePlayer
            signaling={signaling}
            label={t('videoLabel', { name: state.session.actorName })}
            t={t}
            onStateChange={onPlayerState}
          />
        ) : (
          <div className="live-player" data-player-state={live ? 'loading' : 'ended'}>
            <div className="live-player__overlay" role="status">
              <p>{live ? t('videoLoading') : t('chatClosed')}</p>
            </div>
          </div>
        )}
        <CostMeter seconds={deliveredAt(state, now) / 1000} reading={state.meter} lang={lang} t={t} />
        {live ? (
          <div className="live-room__bar">
            <button
              type="button"
              className="button"
              disabled={ending}
              aria-busy={ending}
              data-live-end=""
              onClick={() => void end()}
            >
              {ending ? t('ending') : t('end')}
            </button>
          </div>
        ) : null}
      </div>
      <ChatPanel
        lines={state.lines}
        performerName={state.session.actorName}
        send={sendMessage}
        closed={!live}
        t={t}
      />
      {state.phase === 'ended' ? (
        <ExitDialog
          code={state.exitCode}
          t={t}
          receipt={<Receipt state={state.receipt} lang={lang} t={t} />}
          rating={<ChatRating rate={(rating) => rateLiveChat(state.session.sessionId, rating)} t={t} />}
          onClose={() => {
            focusStart.current = true;
            dispatch({ type: 'dismissed' });
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * The live chat on the live-show tab (issue 16, decision 0038 part 6), loaded lazily by the route:
 * the start area lists every paid chat type the performer offers now (`live/actors/:id/chat-types`:
 * live chat, video call, live show, voyeur, voyeur private) with its price per minute, the offer a
 * link named (`?chat=<type>`, state/selectedOffer.ts) marked and focused. A video call first asks
 * for the camera (a refusal says why and offers a live chat instead: without the camera it is no
 * video call), shows the guest's own preview and publishes it once the performer accepts. A start refused for login or the age check opens that dialog,
 * for money the `not-enough-money` modal, whose top-up leads back into the chat with the same start
 * request (same idempotency key); then the live view (video, chat, price, cost meter, end) and at the
 * end the exit dialog with the reason in words, the receipt and the rating. A reload finds the
 * running chat again (the session id is kept for the tab in sessionStorage) and rejoins its video.
 */
import type { Language, Price } from '@vela/contracts/common';
import { LIVE_PAID_CHAT_TYPES, type LiveActorChatTypes } from '@vela/contracts/live';
import { MIN_CHAT_BALANCE_CENTS } from '@vela/domain/chat-session';
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { RestError } from '../../api/rest.ts';
import { useViewer } from '../../auth/useViewer.tsx';
import { formatPriceInCoins } from '../../catalog/format.ts';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useSocketMessage } from '../../realtime/hooks/useSocketMessage.ts';
import { useSocketSend } from '../../realtime/hooks/useSocketSend.ts';
import { useSocketClient } from '../../realtime/state/RealtimeProvider.tsx';
import { VoiceCallTag } from '../../voicecall/VoiceCallTag.tsx';
import { useTopUp } from '../../wallet/hooks/useTopUp.ts';
import { useBalance } from '../../wallet/state/BalanceProvider.tsx';
import {
  exitLiveChat,
  fetchChatTypes,
  fetchLiveReceipt,
  fetchLiveSession,
  rateLiveChat,
  startLiveChat,
} from '../api/liveApi.ts';
import { type CameraProblem, cameraProblemOf, openCamera, stopCamera } from '../hooks/guestCamera.ts';
import { type LiveChatT, useLiveChatT } from '../hooks/useLiveChatT.ts';
import { tipLine, toyLine } from '../interaction/interactionLines.ts';
import { useInteractionT } from '../interaction/useInteractionT.ts';
import ShowJoin from '../show/ShowJoin.tsx';
import { ShowTag } from '../show/ShowTag.tsx';
import { deliveredAt, IDLE, type Refusal, receiptStateOf, reduceRoom, refusalOf } from '../state/liveRoom.ts';
import { selectedChatOffer } from '../state/selectedOffer.ts';
import { liveTabSessionKey } from '../state/tabSession.ts';
import { ChatOffers, type PaidChatType } from './ChatOffers.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { ChatRating } from './ChatRating.tsx';
import { CostMeter } from './CostMeter.tsx';
import { ExitDialog } from './ExitDialog.tsx';
import { FreeMeter, FreeTag, isFreeType } from './FreeMeter.tsx';
import { type FreeChatType, FreeOffers } from './FreeOffers.tsx';
import { CAMERA_PROBLEM_KEY, type CameraSignaling, GuestCamera } from './GuestCamera.tsx';
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

/** Tips, the toy and reactions (issue 18): their own chunk, loaded once a chat runs. */
const InteractionPanel = lazy(() => import('../interaction/InteractionPanel.tsx'));
/** Clash of cams voting and the free show (issue 18, decision 0053): their own chunk. */
const LiveEvents = lazy(() => import('../events/LiveEvents.tsx'));

/** If `chatEnd` does not come (another node settles the minute late), the receipt is read anyway. */
const RECEIPT_FALLBACK_MS = 4_000;

const storageKey = liveTabSessionKey;
/** No cost meter: a ticket show (the ticket paid), a voice call's video (the phone pays). */
const paidElsewhere = (type: string): type is 'ticket-show' | 'voice-call' =>
  type === 'ticket-show' || type === 'voice-call';

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

/** The guest's camera of a video call: the stream, or why there is none, or asking for it. */
interface Camera {
  stream: MediaStream | null;
  problem: CameraProblem | null;
  asking: boolean;
}
const NO_CAMERA: Camera = { stream: null, problem: null, asking: false };

/** What the performer offers now; read again after a refusal that says it changed. */
function useChatTypes(actorId: number, enabled: boolean) {
  const [chatTypes, setChatTypes] = useState<LiveActorChatTypes | 'loading' | 'error'>('loading');
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round reads the offers again
  useEffect(() => {
    // Not shown (a chat runs): the offers are read afresh when the start area shows again.
    setChatTypes('loading');
    if (!enabled) return;
    let current = true;
    fetchChatTypes(actorId)
      .then((answer) => current && setChatTypes(answer))
      .catch(() => current && setChatTypes('error'));
    return () => {
      current = false;
    };
  }, [actorId, enabled, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { chatTypes, reload };
}

const LIVE_PAID_TYPES: readonly string[] = LIVE_PAID_CHAT_TYPES;
const PAID_TYPE_OF = (type: string): PaidChatType =>
  LIVE_PAID_TYPES.includes(type) ? (type as PaidChatType) : 'livechat';
const isVoyeur = (type: string) => type === 'voyeur-chat' || type === 'voyeur-private-chat';

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
  const it = useInteractionT(lang);
  const interactionT = useRef(it);
  interactionT.current = it;
  const { loggedIn } = useViewer();
  const balance = useBalance();
  const { open } = usePaymentDialog();
  const topUp = useTopUp();
  const send = useSocketSend();
  const client = useSocketClient();
  const [state, dispatch] = useReducer(reduceRoom, IDLE);
  const startKey = useRef<string | null>(null);
  /** The chat type of the pending start (the same one goes again after a top-up). */
  const startType = useRef<PaidChatType | FreeChatType | 'ticket-show'>('livechat');
  const [startingType, setStartingType] = useState<PaidChatType | FreeChatType | 'ticket-show' | null>(null);
  const [ending, setEnding] = useState(false);
  const [camera, setCamera] = useState<Camera>(NO_CAMERA);
  const cameraStream = useRef<MediaStream | null>(null);
  const [selected] = useState(() => selectedChatOffer());
  const choosing = state.phase === 'idle' || state.phase === 'starting' || state.phase === 'refused';
  const { chatTypes, reload } = useChatTypes(actor.id, actor.isOnline && choosing);

  // After the exit dialog, focus goes to the start button of the chat that ended (the end button is
  // gone); when the offers first show, to the offer a link selected.
  const startButtons = useRef(new Map<PaidChatType, HTMLButtonElement>());
  const setStartButton = useCallback((type: PaidChatType, button: HTMLButtonElement | null) => {
    if (button) startButtons.current.set(type, button);
    else startButtons.current.delete(type);
  }, []);
  const focusStart = useRef<PaidChatType | null>(
    LIVE_PAID_TYPES.includes(selected as PaidChatType) ? (selected as PaidChatType) : null,
  );
  useEffect(() => {
    if (state.phase !== 'idle' || typeof chatTypes !== 'object' || !focusStart.current) return;
    const button = startButtons.current.get(focusStart.current) ?? startButtons.current.values().next().value;
    focusStart.current = null;
    button?.focus();
  }, [state.phase, chatTypes]);

  /** Takes (or takes again) the camera; false when there is none to take. */
  const takeCamera = useCallback(async (): Promise<boolean> => {
    const live = cameraStream.current?.getVideoTracks().some((track) => track.readyState === 'live');
    if (live) return true;
    setCamera({ stream: null, problem: null, asking: true });
    try {
      const stream = await openCamera();
      stopCamera(cameraStream.current);
      cameraStream.current = stream;
      setCamera({ stream, problem: null, asking: false });
      return true;
    } catch (error) {
      setCamera({ stream: null, problem: cameraProblemOf(error), asking: false });
      return false;
    }
  }, []);
  const dropCamera = useCallback(() => {
    stopCamera(cameraStream.current);
    cameraStream.current = null;
    setCamera(NO_CAMERA);
  }, []);
  useEffect(() => () => stopCamera(cameraStream.current), []);

  const sessionId = state.phase === 'live' || state.phase === 'ended' ? state.session.sessionId : null;

  // A reload: the chat of this tab goes on.
  useEffect(() => {
    const known = remembered(actor.id);
    if (!known) return;
    fetchLiveSession(known)
      .then((view) => {
        if (view.status === 'ended') remember(actor.id, null);
        else {
          const it = interactionT.current;
          const events = (view.tips ?? []).map((tip) => ({ at: tip.at, line: tipLine(tip, it) }));
          dispatch({ type: 'resumed', view, now: Date.now(), events });
        }
      })
      .catch(() => remember(actor.id, null));
  }, [actor.id]);

  const latestCoins = useRef(balance?.coins ?? 0);
  latestCoins.current = balance?.coins ?? 0;

  /** Starts (or starts again after a top-up, with the new balance) the chat with the pending request. */
  const start = useCallback(
    async (type: PaidChatType | FreeChatType | 'ticket-show', coins?: number) => {
      if (!loggedIn) {
        open('login');
        return;
      }
      if (startType.current !== type) startKey.current = null;
      startType.current = type;
      if (type === 'video-call') {
        // No paid start without the camera: a video call without it is not a video call.
        if (!(await takeCamera())) return;
      } else {
        dropCamera();
      }
      startKey.current ??= crypto.randomUUID();
      setStartingType(type);
      dispatch({ type: 'startRequested' });
      try {
        const answer = await startLiveChat(
          { actorId: actor.id, type, idempotencyKey: startKey.current },
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
        // Busy or offline: what the performer offers has changed.
        if (refusal === 'busy' || refusal === 'offline') reload();
        dispatch({ type: 'refused', refusal });
      } finally {
        setStartingType(null);
      }
    },
    [actor.id, lang, loggedIn, open, takeCamera, dropCamera, reload],
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
  // Tips and toy actions of the guest (any of the guest's pages) as chat lines (issue 18).
  useSocketMessage('liveTip', (m) =>
    dispatch({ type: 'event', sessionId: m.sessionId, line: tipLine(m, interactionT.current) }),
  );
  useSocketMessage('toyAction', (m) =>
    dispatch({ type: 'event', sessionId: m.sessionId, line: toyLine(m, actor.name, interactionT.current) }),
  );
  useSocketMessage('liveEnded', (m) =>
    dispatch({ type: 'ended', sessionId: m.sessionId, exitCode: m.exitCode, now: Date.now() }),
  );

  // The receipt: read once the last minute is settled (chatEnd), or after a while without it.
  const receiptFor = useRef<string | null>(null);
  const loadReceipt = useCallback(
    (id: string) => {
      // The anonymous voice caller (decision 0051) paid by phone and has no receipt to read.
      if (receiptFor.current === id || !loggedIn) return;
      receiptFor.current = id;
      fetchLiveReceipt(id)
        .then((receipt) => dispatch({ type: 'receipt', sessionId: id, receipt: receiptStateOf(receipt) }))
        .catch(() => dispatch({ type: 'receipt', sessionId: id, receipt: { status: 'error' } }));
    },
    [loggedIn],
  );
  useSocketMessage('chatEnd', (m) => {
    if (m.chatId === sessionId && state.phase === 'ended') loadReceipt(m.chatId);
  });
  const endedId = state.phase === 'ended' ? state.session.sessionId : null;
  useEffect(() => {
    if (!endedId) return;
    remember(actor.id, null);
    dropCamera();
    const timer = setTimeout(() => loadReceipt(endedId), RECEIPT_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [actor.id, endedId, loadReceipt, dropCamera]);

  // A video call found again after a reload takes the camera again.
  const sessionType = state.phase === 'live' ? state.session.type : null;
  useEffect(() => {
    if (sessionType === 'video-call' && !cameraStream.current) void takeCamera();
  }, [sessionType, takeCamera]);

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

  const cameraSignaling = useMemo<CameraSignaling | null>(() => {
    if (!sessionId || !client) return null;
    return {
      publish: (sdp) => void send({ type: 'livePublishOffer', sessionId, sdp }),
      onAnswer: (listener) =>
        client.on('livePublishAnswer', (m) => {
          if (m.sessionId === sessionId) listener(m.sdp);
        }),
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

  if (choosing) {
    // Offline: the tab already says so; there is nothing to start.
    if (!actor.isOnline && state.phase === 'idle') return null;
    const offers = typeof chatTypes === 'object' ? chatTypes.offers : [];
    const livechatOffered = offers.some((offer) => offer.type === 'livechat');
    return (
      <section className="live-start" aria-labelledby="live-start-title" data-live-phase={state.phase}>
        <h3 id="live-start-title">{t('offersTitle', { name: actor.name })}</h3>
        {/* A running ticket show (issue 18): holders join it, others read that a ticket is needed. */}
        <ShowJoin
          actorId={actor.id}
          lang={lang}
          joining={startingType === 'ticket-show'}
          disabled={state.phase === 'starting' || camera.asking}
          onJoin={() => void start('ticket-show')}
        />
        <Suspense fallback={null}>
          <LiveEvents
            actorId={actor.id}
            name={actor.name}
            lang={lang}
            loggedIn={loggedIn}
            disabled={state.phase === 'starting' || camera.asking}
            onWatchFree={() => void start('live-show')}
          />
        </Suspense>
        {!actor.isOnline || (typeof chatTypes === 'object' && !chatTypes.isOnline) ? (
          <p className="page__meta">{t('offline', { name: actor.name })}</p>
        ) : chatTypes === 'loading' ? (
          <p className="page__meta" role="status" aria-busy="true" data-live-offers="loading">
            {t('offersLoading', { name: actor.name })}
          </p>
        ) : chatTypes === 'error' ? (
          <div className="live-notice" role="alert" data-live-offers="error">
            <p>{t('offersError')}</p>
            <button type="button" className="button" onClick={reload}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <>
            {/* Free chat and preview offers (decision 0038 part 9) go into this list as well. */}
            <ChatOffers
              offers={offers}
              name={actor.name}
              lang={lang}
              t={t}
              selected={selected}
              starting={
                startingType !== null && LIVE_PAID_TYPES.includes(startingType)
                  ? (startingType as PaidChatType)
                  : camera.asking
                    ? 'video-call'
                    : null
              }
              disabled={state.phase === 'starting' || camera.asking}
              onStart={(type) => void start(type)}
              buttonRef={setStartButton}
            />
            {offers.length === 0 ? (
              <p className="page__meta">{t('offersNone', { name: actor.name })}</p>
            ) : null}
            <FreeOffers
              actorId={actor.id}
              name={actor.name}
              lang={lang}
              disabled={state.phase === 'starting' || camera.asking}
              starting={startingType === 'live-preview' || startingType === 'free-chat' ? startingType : null}
              onStart={(type) => void start(type)}
            />
            <p className="page__meta">{t('startHint')}</p>
          </>
        )}
        {camera.asking ? (
          <p className="live-notice" role="status">
            {t('cameraAsking')}
          </p>
        ) : null}
        {camera.problem && state.phase !== 'starting' ? (
          <div className="live-notice" role="alert" data-camera-problem={camera.problem}>
            <p>{t(CAMERA_PROBLEM_KEY[camera.problem], { name: actor.name })}</p>
            <p>{t('cameraNotC2c')}</p>
            <div className="live-notice__actions">
              <button type="button" className="button" onClick={() => void start('video-call')}>
                {t('cameraRetry')}
              </button>
              {livechatOffered ? (
                <button type="button" className="button" onClick={() => void start('livechat')}>
                  {t('livechatInstead')}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
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
              dropCamera();
              dispatch({ type: 'dismissed' });
            }}
            onTopUp={() => {
              dispatch({ type: 'dismissed' });
              topUp((snapshot) => void start(startType.current, snapshot.coins));
            }}
          />
        ) : null}
      </section>
    );
  }

  const live = state.phase === 'live';
  const { allowanceMs } = state.session;
  const freeTime = (type: FreeChatType) => ({ type, allowanceMs, deliveredMs: deliveredAt(state, now), t });
  return (
    <section className="live-room" aria-labelledby="live-start-title" data-live-phase={state.phase}>
      <div className="live-room__stage">
        <div className="live-room__bar">
          <h3 id="live-start-title">
            {LIVE_PAID_TYPES.includes(state.session.type)
              ? t('roomTitle', {
                  type: t(`type.${state.session.type as PaidChatType}`),
                  name: state.session.actorName,
                })
              : t('tabTitle', { name: state.session.actorName })}
          </h3>
          {state.session.type === 'ticket-show' ? (
            <ShowTag lang={lang} />
          ) : state.session.type === 'voice-call' ? (
            <VoiceCallTag lang={lang} />
          ) : isFreeType(state.session.type) ? (
            <FreeTag {...freeTime(state.session.type)} />
          ) : (
            <PriceTag price={state.session.pricePerMinute} lang={lang} />
          )}
        </div>
        {state.session.type === 'video-call' && live ? (
          <GuestCamera
            stream={camera.stream}
            problem={camera.problem}
            active={state.status === 'starting' || state.status === 'running'}
            signaling={cameraSignaling}
            name={state.session.actorName}
            t={t}
            onRetry={() => {
              stopCamera(cameraStream.current);
              cameraStream.current = null;
              void takeCamera();
            }}
          />
        ) : null}
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
        {paidElsewhere(state.session.type) ? null : isFreeType(state.session.type) ? (
          <FreeMeter {...freeTime(state.session.type)} />
        ) : (
          <CostMeter seconds={deliveredAt(state, now) / 1000} reading={state.meter} lang={lang} t={t} />
        )}
        {live ? (
          <Suspense fallback={null}>
            <LiveEvents actorId={actor.id} name={actor.name} lang={lang} loggedIn={loggedIn} />
          </Suspense>
        ) : null}
        {/* Tips and toys are a logged-in guest's (the anonymous voice caller's room has none). */}
        {live && state.status === 'running' && loggedIn ? (
          <Suspense fallback={null}>
            <InteractionPanel
              sessionId={state.session.sessionId}
              actorId={actor.id}
              name={state.session.actorName}
              type={state.session.type}
              lang={lang}
            />
          </Suspense>
        ) : null}
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
        readOnly={isVoyeur(state.session.type) ? t('voyeurNoWrite') : null}
        t={t}
      />
      {state.phase === 'ended' ? (
        <ExitDialog
          code={state.exitCode}
          t={t}
          paidByPhone={state.session.type === 'voice-call'}
          receipt={
            loggedIn ? <Receipt state={state.receipt} lang={lang} t={t} tipLabel={it('receiptTip')} /> : null
          }
          rating={
            loggedIn ? (
              <ChatRating rate={(rating) => rateLiveChat(state.session.sessionId, rating)} t={t} />
            ) : null
          }
          onClose={() => {
            focusStart.current = PAID_TYPE_OF(state.session.type);
            dispatch({ type: 'dismissed' });
          }}
        />
      ) : null}
    </section>
  );
}

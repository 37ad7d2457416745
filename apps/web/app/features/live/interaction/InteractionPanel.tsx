/**
 * The in-session interaction of a running live chat (issue 18, decision 0052), a lazy chunk of the
 * live section: a tip picker (preset amounts as a radio group plus any whole amount, Enter sends),
 * the performer's toy (its live state and the preset actions with their prices) in a livechat or
 * video call with a performer who has one, and the reactions bar in a public show. Too little money
 * offers the top-up; after it the same tip or toy action goes again with the same id.
 */
import type { Language } from '@vela/contracts/common';
import type { ToyOffer, ToyStateView } from '@vela/contracts/live-interaction';
import {
  allowReaction,
  LIVE_REACTIONS,
  type LiveReaction,
  PUBLIC_SHOW_CHAT_TYPES,
  TIP_CHAT_TYPES,
  TIP_MAX_COINS,
  TIP_MIN_COINS,
  TIP_PRESET_COINS,
} from '@vela/domain/tips';
import type { ToyPreset } from '@vela/domain/toy-control';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { RestError } from '../../api/rest.ts';
import { formatPriceInCoins } from '../../catalog/format.ts';
import { useSocketMessage } from '../../realtime/hooks/useSocketMessage.ts';
import { useSocketSend } from '../../realtime/hooks/useSocketSend.ts';
import { useTopUp } from '../../wallet/hooks/useTopUp.ts';
import { fetchToyOffer, sendTip, sendToyAction } from './interactionApi.ts';
import { type InteractionT, useInteractionT } from './useInteractionT.ts';

const TOY_TYPES: readonly string[] = ['livechat', 'video-call'];
const PUBLIC_TYPES: readonly string[] = PUBLIC_SHOW_CHAT_TYPES;
const TIP_TYPES: readonly string[] = TIP_CHAT_TYPES;
const REACTION_SIGN: Record<LiveReaction, string> = {
  heart: '❤',
  fire: '🔥',
  clap: '👏',
  laugh: '😂',
  wow: '😮',
};

type Failure = 'money' | 'failed' | 'invalid' | null;

function failureOf(error: unknown): Failure {
  return error instanceof RestError && error.code === 'NOT_ENOUGH_MONEY' ? 'money' : 'failed';
}

/** Too little money: says so and offers the top-up, after which `again` sends the same request. */
function NoMoney({ text, again, t }: { text: string; again: () => void; t: InteractionT }) {
  const topUp = useTopUp();
  return (
    <div role="alert" className="live-notice">
      <p>{text}</p>
      <button type="button" className="button" onClick={() => topUp(again)}>
        {t('topUp')}
      </button>
    </div>
  );
}

function TipPicker({ sessionId, lang, t }: { sessionId: string; lang: Language; t: InteractionT }) {
  const [coins, setCoins] = useState<number>(TIP_PRESET_COINS[1]);
  const [custom, setCustom] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [sent, setSent] = useState<number | null>(null);
  /** The pending tip's id: the same tip after a top-up or a retry is charged once. */
  const pending = useRef<{ id: string; coins: number } | null>(null);
  const amount = custom === '' ? coins : Number(custom);
  const valid = Number.isInteger(amount) && amount >= TIP_MIN_COINS && amount <= TIP_MAX_COINS;

  async function tip(value: number) {
    if (pending.current?.coins !== value) pending.current = { id: crypto.randomUUID(), coins: value };
    setBusy(true);
    setFailure(null);
    try {
      await sendTip(sessionId, pending.current.id, value);
      pending.current = null;
      setSent(value);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setFailure('invalid');
      return;
    }
    void tip(amount);
  };
  return (
    <form className="live-interaction__tip" onSubmit={submit} data-live-tip="">
      <fieldset>
        <legend>{t('tipTitle')}</legend>
        <div className="live-interaction__choices">
          {TIP_PRESET_COINS.map((value) => (
            <label key={value} className="live-interaction__choice">
              <input
                type="radio"
                name="tip-amount"
                value={value}
                checked={custom === '' && coins === value}
                onChange={() => {
                  setCoins(value);
                  setCustom('');
                }}
              />
              {formatPriceInCoins({ value, currency: 'VXC' }, lang)}
            </label>
          ))}
        </div>
        <label className="live-interaction__custom">
          {t('tipCustom')}
          <input
            type="number"
            inputMode="numeric"
            min={TIP_MIN_COINS}
            max={TIP_MAX_COINS}
            step={1}
            value={custom}
            aria-invalid={failure === 'invalid'}
            onChange={(event) => setCustom(event.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? t('tipSending') : t('tipSend', { coins: valid ? amount : '…' })}
        </button>
      </fieldset>
      {failure === 'invalid' ? (
        <p role="alert">{t('tipInvalid', { min: TIP_MIN_COINS, max: TIP_MAX_COINS })}</p>
      ) : failure === 'money' ? (
        <NoMoney
          text={t('tipNoMoney')}
          again={() => pending.current && void tip(pending.current.coins)}
          t={t}
        />
      ) : failure === 'failed' ? (
        <p role="alert">{t('tipFailed')}</p>
      ) : sent !== null ? (
        <p role="status" className="page__meta">
          {t('tipSent', { coins: sent })}
        </p>
      ) : null}
    </form>
  );
}

/** Seconds left of a vibration (0 when idle), counted down on the page. */
function useSecondsLeft(state: ToyStateView | null): number {
  const [, setTick] = useState(0);
  const until = state?.until ? Date.parse(state.until) : 0;
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

function ToyPanel({
  sessionId,
  actorId,
  name,
  lang,
  t,
}: {
  sessionId: string;
  actorId: number;
  name: string;
  lang: Language;
  t: InteractionT;
}) {
  const [offer, setOffer] = useState<ToyOffer | 'loading' | 'error'>('loading');
  const [state, setState] = useState<ToyStateView | null>(null);
  const [busy, setBusy] = useState<ToyPreset | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [round, setRound] = useState(0);
  const pending = useRef<{ id: string; preset: ToyPreset } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round reads the offer again
  useEffect(() => {
    let current = true;
    fetchToyOffer(actorId)
      .then((answer) => {
        if (!current) return;
        setOffer(answer);
        setState(answer.state);
      })
      .catch(() => current && setOffer('error'));
    return () => {
      current = false;
    };
  }, [actorId, round]);
  useSocketMessage('toyState', (m) => {
    if (m.actorId === actorId) setState(m);
  });
  const left = useSecondsLeft(state);
  if (offer === 'loading') return <p className="page__meta">{t('toyLoading')}</p>;
  if (offer === 'error')
    return (
      <div className="live-notice" role="alert">
        <p>{t('toyError')}</p>
        <button type="button" className="button" onClick={() => setRound((n) => n + 1)}>
          {t('retry')}
        </button>
      </div>
    );
  if (!offer.available) return null;

  async function act(preset: ToyPreset) {
    if (pending.current?.preset !== preset) pending.current = { id: crypto.randomUUID(), preset };
    setBusy(preset);
    setFailure(null);
    try {
      const action = await sendToyAction(sessionId, pending.current.id, preset);
      pending.current = null;
      if (action.status === 'done') {
        setState({
          actorId,
          status: 'vibrating',
          level: action.level,
          until: new Date(Date.now() + action.durationMs).toISOString(),
        });
      }
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(null);
    }
  }
  const vibrating = state?.status === 'vibrating' && left > 0;
  return (
    <section className="live-interaction__toy" aria-labelledby="live-toy-title" data-live-toy="">
      <h4 id="live-toy-title">{t('toyTitle', { name })}</h4>
      <p role="status" className="live-interaction__badge" data-toy-state={vibrating ? 'vibrating' : 'idle'}>
        {vibrating ? t('toyVibrating', { name, level: state.level, seconds: left }) : t('toyIdle')}
      </p>
      <div className="live-interaction__choices">
        {offer.presets.map((preset) => (
          <button
            key={preset.preset}
            type="button"
            className="button"
            data-toy-preset={preset.preset}
            disabled={busy !== null}
            aria-busy={busy === preset.preset}
            onClick={() => void act(preset.preset)}
          >
            {t('toyPreset', {
              level: preset.level,
              seconds: Math.round(preset.durationMs / 1000),
              price: formatPriceInCoins(preset.price, lang),
            })}
          </button>
        ))}
      </div>
      {failure === 'money' ? (
        <NoMoney
          text={t('toyNoMoney')}
          again={() => pending.current && void act(pending.current.preset)}
          t={t}
        />
      ) : failure ? (
        <p role="alert">{t('toyError')}</p>
      ) : null}
    </section>
  );
}

function ReactionsBar({ sessionId, actorId, t }: { sessionId: string; actorId: number; t: InteractionT }) {
  const send = useSocketSend();
  const sent = useRef<number[]>([]);
  const [slow, setSlow] = useState(false);
  const [seen, setSeen] = useState<{ id: number; reaction: LiveReaction }[]>([]);
  const next = useRef(0);
  useSocketMessage('liveReaction', (m) => {
    if (m.actorId !== actorId) return;
    next.current += 1;
    const id = next.current;
    setSeen((list) => [...list.slice(-7), { id, reaction: m.reaction as LiveReaction }]);
    setTimeout(() => setSeen((list) => list.filter((item) => item.id !== id)), 4_000);
  });
  const react = (reaction: LiveReaction) => {
    if (!allowReaction(sent.current, Date.now())) {
      setSlow(true);
      return;
    }
    setSlow(false);
    send({ type: 'sendLiveReaction', sessionId, reaction });
  };
  return (
    <section className="live-interaction__reactions" aria-labelledby="live-reactions-title">
      <h4 id="live-reactions-title">{t('reactionsTitle')}</h4>
      <div className="live-interaction__choices">
        {LIVE_REACTIONS.map((reaction) => (
          <button
            key={reaction}
            type="button"
            className="button"
            aria-label={t(`reaction_${reaction}`)}
            data-reaction={reaction}
            onClick={() => react(reaction)}
          >
            <span aria-hidden="true">{REACTION_SIGN[reaction]}</span>
          </button>
        ))}
      </div>
      {slow ? <p role="alert">{t('reactionSlow')}</p> : null}
      <p className="live-interaction__seen" aria-live="polite">
        {seen.map((item) => (
          <span key={item.id} title={t(`reaction_${item.reaction}`)} data-reaction-seen={item.reaction}>
            {REACTION_SIGN[item.reaction]}
          </span>
        ))}
      </p>
    </section>
  );
}

export default function InteractionPanel({
  sessionId,
  actorId,
  name,
  type,
  lang,
}: {
  sessionId: string;
  actorId: number;
  name: string;
  type: string;
  lang: Language;
}) {
  const t = useInteractionT(lang);
  return (
    <div className="live-interaction" data-live-interaction="">
      {TIP_TYPES.includes(type) ? <TipPicker sessionId={sessionId} lang={lang} t={t} /> : null}
      {TOY_TYPES.includes(type) ? (
        <ToyPanel sessionId={sessionId} actorId={actorId} name={name} lang={lang} t={t} />
      ) : null}
      {PUBLIC_TYPES.includes(type) ? <ReactionsBar sessionId={sessionId} actorId={actorId} t={t} /> : null}
    </div>
  );
}

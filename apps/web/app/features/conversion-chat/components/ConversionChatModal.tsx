/**
 * Spec 2 modal `conversion-chat` (issue 18, decision 0047): the countdown to the end of the guest's
 * trial (spec 4: eligible while it lies in the future), the trial code for the free chat minutes
 * (spec 9), and the performers available for a conversion chat (spec 9: 30), each with "Start free
 * chat", which leads into the performer's live-show tab with the live chat offer selected. "No thanks"
 * ends the countdown on the server (`guest/conversionChat` disable); × or Escape only closes it in this tab.
 */
import type { ConversionChatActor } from '@vela/contracts/conversion-chat';
import { CONVERSION_CHAT_TRIAL_CODE, countdownMsLeft } from '@vela/domain/conversion-chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useViewer } from '../../auth/useViewer.tsx';
import { actorTilePath } from '../../catalog/components/ActorTile.tsx';
import { Picture } from '../../catalog/components/Picture.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { ModalFrame } from '../../modals/components/ModalFrame.tsx';
import type { ModalComponentProps } from '../../modals/registry.ts';
import {
  codeOf,
  loadConversionChatActors,
  redeemTrialCode,
  setConversionChat,
} from '../api/conversionChatApi.ts';
import { markClosedInTab, pageCountdownEndsOr, setPageCountdownEnds } from '../state/conversionChatState.ts';
import { errorText, useConversionChatT } from '../useConversionChatT.ts';
import '../conversion-chat.css';

/** mm:ss of a duration (spec 9 durations). */
function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

type Actors = { state: 'loading' } | { state: 'error' } | { state: 'ready'; actors: ConversionChatActor[] };

export default function ConversionChatModal({ titleId, close }: ModalComponentProps) {
  const { lang } = useShell();
  const t = useConversionChatT(lang);
  const { viewer } = useViewer();
  const ends = pageCountdownEndsOr(viewer?.conversionChatCountdownEnds);
  const [now, setNow] = useState(() => Date.now());
  const [actors, setActors] = useState<Actors>({ state: 'loading' });
  const [trial, setTrial] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  const left = countdownMsLeft(ends, now);

  useEffect(() => {
    first.current?.focus();
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const load = useCallback(() => {
    setActors({ state: 'loading' });
    loadConversionChatActors(lang).then(
      (list) => setActors({ state: 'ready', actors: list }),
      () => setActors({ state: 'error' }),
    );
  }, [lang]);
  useEffect(load, [load]);

  const closeHere = () => {
    markClosedInTab();
    close();
  };

  const redeem = async () => {
    setTrial('busy');
    setError(null);
    try {
      await redeemTrialCode();
      setTrial('done');
    } catch (failure) {
      const code = codeOf(failure);
      setTrial(code === 'ALREADY_REDEEMED' ? 'done' : 'idle');
      if (code !== 'ALREADY_REDEEMED') setError(errorText(t, code));
    }
  };

  const noThanks = async () => {
    setError(null);
    try {
      await setConversionChat('disable');
      setPageCountdownEnds(null);
      closeHere();
    } catch (failure) {
      setError(errorText(t, codeOf(failure)));
    }
  };

  return (
    <ModalFrame
      titleId={titleId}
      title={t('title')}
      closeButton={{ label: t('close'), onClose: closeHere }}
      marker={{ 'data-conversion-chat': left > 0 ? 'running' : 'over' }}
    >
      <p className="conversion-chat__countdown" role="timer" aria-live="off" data-conversion-countdown={left}>
        {left > 0 ? t('countdown', { time: clock(left) }) : t('countdownOver')}
      </p>
      {left > 0 ? (
        <>
          <div className="conversion-chat__trial" data-conversion-trial={trial}>
            {trial === 'done' ? (
              <p role="status">{t('trialRedeemed')}</p>
            ) : (
              <>
                <p>{t('trialText', { code: CONVERSION_CHAT_TRIAL_CODE })}</p>
                <button
                  ref={first}
                  type="button"
                  className="shell-button shell-button--primary"
                  disabled={trial === 'busy'}
                  onClick={redeem}
                >
                  {t('trialRedeem')}
                </button>
              </>
            )}
          </div>
          {actors.state === 'loading' ? (
            <p role="status" aria-busy="true">
              {t('actorsLoading')}
            </p>
          ) : actors.state === 'error' || actors.actors.length === 0 ? (
            <p role={actors.state === 'error' ? 'alert' : 'status'}>
              {t(actors.state === 'error' ? 'actorsError' : 'actorsEmpty')}{' '}
              <button type="button" className="shell-button" onClick={load}>
                {t('retry')}
              </button>
            </p>
          ) : (
            <ul className="conversion-chat__actors" data-conversion-actors={actors.actors.length}>
              {actors.actors.map((actor) => (
                <li key={actor.id} className="conversion-chat__actor" data-conversion-actor={actor.name}>
                  <span className="conversion-chat__avatar">
                    <Picture image={actor.avatar} alt="" sizes="64px" />
                  </span>
                  <span className="conversion-chat__name">
                    {actor.name} <span className="badge badge--online">{t('online')}</span>
                  </span>
                  <Link
                    className="shell-button shell-button--primary"
                    to={actorTilePath(actor.name.toLowerCase(), lang, true, { chat: 'livechat' })}
                    onClick={closeHere}
                  >
                    {t('startChat', { name: actor.name })}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      {error ? (
        <p role="alert" className="conversion-chat__error">
          {error}
        </p>
      ) : null}
      <div className="modal__actions">
        <button
          ref={left > 0 ? undefined : first}
          type="button"
          className="shell-button"
          onClick={left > 0 ? noThanks : closeHere}
        >
          {left > 0 ? t('noThanks') : t('close')}
        </button>
      </div>
    </ModalFrame>
  );
}

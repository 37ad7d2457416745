/**
 * The special live events on a performer's live-show tab (issue 18, decision 0053), a lazy chunk of
 * the live section: the performer's clash of cams (both names, the votes as a bar, one free vote per
 * logged-in guest, the result at the end) and the free show ("Watch the free show" while it runs).
 * Read on load, then kept by the socket's `clashOfCamsVoting`, `freeShowStart` and `freeShowStop`.
 */
import type { Language } from '@vela/contracts/common';
import type { ClashView } from '@vela/contracts/live-events';
import { liveEventsMessages } from '@vela/i18n/messages/live-events';
import { translator } from '@vela/i18n/translate';
import { useEffect, useMemo, useState } from 'react';
import { RestError } from '../../api/rest.ts';
import { useSocketMessage } from '../../realtime/hooks/useSocketMessage.ts';
import { fetchClash, fetchFreeShow, voteInClash } from './liveEventsApi.ts';

type T = ReturnType<typeof translator<keyof (typeof liveEventsMessages)['en']>>;

const inClash = (clash: ClashView, actorId: number) => clash.actors.some((side) => side.actorId === actorId);

function ClashBar({
  clash,
  votedFor,
  loggedIn,
  lang,
  t,
  onVoted,
}: {
  clash: ClashView;
  votedFor: number | null;
  loggedIn: boolean;
  lang: Language;
  t: T;
  onVoted: (view: ClashView, actorId: number) => void;
}) {
  const [voting, setVoting] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [a, b] = clash.actors;
  if (!a || !b) return null;
  const total = a.votes + b.votes;
  const share = total === 0 ? 50 : Math.round((a.votes / total) * 100);
  const nameOf = (actorId: number) => clash.actors.find((side) => side.actorId === actorId)?.actorName ?? '';
  const vote = async (actorId: number) => {
    setVoting(actorId);
    setFailed(false);
    try {
      onVoted(await voteInClash(clash.clashId, actorId), actorId);
    } catch (error) {
      // Voted already (another tab): the page reads the clash again and says for whom.
      if (error instanceof RestError && (error.code === 'ALREADY_VOTED' || error.code === 'CLASH_ENDED')) {
        const again = await fetchClash(actorId).catch(() => null);
        if (again?.clash) onVoted(again.clash, again.votedFor ?? actorId);
      } else setFailed(true);
    } finally {
      setVoting(null);
    }
  };
  const result =
    a.votes === b.votes
      ? t('clashTie')
      : t('clashWinner', { name: a.votes > b.votes ? a.actorName : b.actorName });
  return (
    <section
      className="live-clash live-notice"
      aria-labelledby={`clash-${clash.clashId}`}
      data-clash={clash.clashId}
    >
      <h4 id={`clash-${clash.clashId}`}>{t('clashTitle', { a: a.actorName, b: b.actorName })}</h4>
      <meter
        className="live-clash__bar"
        min={0}
        max={100}
        value={share}
        aria-label={`${t('clashVotes', { name: a.actorName, votes: a.votes })}, ${t('clashVotes', { name: b.actorName, votes: b.votes })}`}
      />
      <ul className="live-clash__sides">
        {clash.actors.map((side) => (
          <li key={side.actorId} data-clash-votes={side.votes}>
            {t('clashVotes', { name: side.actorName, votes: side.votes })}
          </li>
        ))}
      </ul>
      {clash.ended ? (
        <p role="status">{result}</p>
      ) : votedFor !== null ? (
        <p role="status">{t('clashVoted', { name: nameOf(votedFor) })}</p>
      ) : !loggedIn ? (
        <p className="page__meta">{t('clashLogin')}</p>
      ) : (
        <div className="live-notice__actions">
          {clash.actors.map((side) => (
            <button
              key={side.actorId}
              type="button"
              className="button"
              disabled={voting !== null}
              aria-busy={voting === side.actorId}
              onClick={() => void vote(side.actorId)}
            >
              {voting === side.actorId ? t('clashVoting') : t('clashVote', { name: side.actorName })}
            </button>
          ))}
        </div>
      )}
      {!clash.ended ? (
        <p className="page__meta">
          {t('clashEndsAt', {
            time: new Date(clash.endsAt).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' }),
          })}
        </p>
      ) : null}
      {failed ? <p role="alert">{t('clashFailed')}</p> : null}
    </section>
  );
}

export default function LiveEvents({
  actorId,
  name,
  lang,
  loggedIn,
  onWatchFree,
  disabled = false,
}: {
  actorId: number;
  name: string;
  lang: Language;
  loggedIn: boolean;
  /** Starts the free live show; absent while a chat runs (nothing to start). */
  onWatchFree?: () => void;
  disabled?: boolean;
}) {
  const t = useMemo(() => translator(liveEventsMessages, lang), [lang]);
  const [clash, setClash] = useState<ClashView | null>(null);
  const [votedFor, setVotedFor] = useState<number | null>(null);
  const [freeShow, setFreeShow] = useState(false);

  useEffect(() => {
    let current = true;
    // Nothing to show when a read fails: the events are extras of the tab, the offers stay.
    fetchClash(actorId)
      .then((answer) => {
        if (!current) return;
        setClash(answer.clash);
        setVotedFor(answer.votedFor);
      })
      .catch(() => undefined);
    fetchFreeShow(actorId)
      .then((answer) => current && setFreeShow(answer.running))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [actorId]);

  useSocketMessage('clashOfCamsVoting', (message) => {
    const { type: _type, ...view } = message;
    if (!inClash(view, actorId)) return;
    if (clash?.clashId !== view.clashId) setVotedFor(null);
    setClash(view);
  });
  useSocketMessage('freeShowStart', (message) => {
    if (message.actorId === actorId) setFreeShow(true);
  });
  useSocketMessage('freeShowStop', (message) => {
    if (message.actorId === actorId) setFreeShow(false);
  });

  return (
    <>
      {freeShow && onWatchFree ? (
        <div className="live-notice" role="status" data-free-show="">
          <p>{t('freeShowRunning', { name })}</p>
          <button type="button" className="button button--primary" disabled={disabled} onClick={onWatchFree}>
            {t('freeShowWatch')}
          </button>
          <p className="page__meta">{t('freeShowHint')}</p>
        </div>
      ) : null}
      {clash ? (
        <ClashBar
          clash={clash}
          votedFor={votedFor}
          loggedIn={loggedIn}
          lang={lang}
          t={t}
          onVoted={(view, actorId) => {
            setClash(view);
            setVotedFor(actorId);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The running ticket show on the live-show tab (issue 18): a holder gets "Join the show" (a
 * `ticket-show` start through the section's own start, so login, age check and refusals work as for
 * any chat); anyone else reads that a ticket is needed (the show list below sells it). It reads the
 * state on mount, when a show the guest holds a ticket for starts (`ticketShowStarted`, every page of
 * the guest) and after a ticket purchase (`chatTicketResult`). Part of the live chat's lazy chunk.
 */
import type { Language } from '@vela/contracts/common';
import type { ActorShowState } from '@vela/contracts/ticket-show';
import { ticketShowMessages } from '@vela/i18n/messages/ticket-show';
import { translator } from '@vela/i18n/translate';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSocketMessage } from '../../realtime/hooks/useSocketMessage.ts';
import { fetchShowState } from './showApi.ts';

type Load = 'loading' | 'error' | ActorShowState;

export default function ShowJoin({
  actorId,
  lang,
  joining,
  disabled,
  onJoin,
}: {
  actorId: number;
  lang: Language;
  joining: boolean;
  disabled: boolean;
  onJoin: () => void;
}) {
  const t = useMemo(() => translator(ticketShowMessages, lang), [lang]);
  const [state, setState] = useState<Load>('loading');
  const load = useCallback(() => {
    let current = true;
    fetchShowState(actorId).then(
      (answer) => current && setState(answer),
      () => current && setState('error'),
    );
    return () => {
      current = false;
    };
  }, [actorId]);
  useEffect(() => load(), [load]);
  useSocketMessage('ticketShowStarted', (m) => {
    if (m.actorId === actorId) load();
  });
  useSocketMessage('chatTicketResult', () => load());

  if (state === 'loading') return null;
  if (state === 'error') {
    return (
      <div className="live-notice" role="alert" data-show-state="error">
        <p>{t('error')}</p>
        <button type="button" className="button" onClick={() => load()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const running = state.running;
  if (!running) return null;
  if (!running.hasTicket) {
    return (
      <p className="live-notice" role="status" data-show-state="ticket-needed">
        {t('ticketNeeded', { title: running.show.title })}
      </p>
    );
  }
  return (
    <div className="live-notice" data-show-state="join">
      <p>{t('running', { title: running.show.title })}</p>
      <button type="button" className="button button--primary" disabled={disabled} onClick={onJoin}>
        {joining ? t('joining') : t('join')}
      </button>
    </div>
  );
}

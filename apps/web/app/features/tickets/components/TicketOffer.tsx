/**
 * The ticket offer of one cam show (issue 18 deliverable 1): "Buy ticket — N coins" while tickets are
 * sold, "Ticket bought" with "Return ticket" (before the start) once held, "Free show" for a free one.
 * The purchase goes through the purchase feature's flow (usePaidRequest: login, age check, not enough
 * money with the top-up); the balance updates from the answer; buys and returns are tracked as
 * cam-show ticket transactions (analytics `camshow` / `ticket`).
 */
import type { Language, Price } from '@vela/contracts/common';
import type { ChatTicketResult } from '@vela/contracts/tickets';
import { ticketMessages } from '@vela/i18n/messages/tickets';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo, useState } from 'react';
import { track } from '../../analytics/track.ts';
import { RestError } from '../../api/rest.ts';
import { useViewer } from '../../auth/useViewer.tsx';
import { formatPriceInCoins, priceInCoins } from '../../catalog/format.ts';
import { applyPaidBalance, usePaidRequest } from '../../purchase/usePaidRequest.ts';
import { useSocketMessage } from '../../realtime/hooks/useSocketMessage.ts';
import { useWallet } from '../../wallet/state/BalanceProvider.tsx';
import { buyTicket, returnTicket } from '../api.ts';
import { setHeld, useHeldTickets } from '../heldTickets.ts';
import '../../purchase/purchase.css';
import '../tickets.css';

export interface OfferedShow {
  id: number;
  actorId: number;
  price: Price;
  isFree: boolean;
  hasStarted: boolean;
}

type TicketsT = Translate<keyof (typeof ticketMessages)['en']>;

const EXPLAINED = new Set([
  'NOT_ENOUGH_MONEY',
  'TICKET_SHOW_CANCELLED',
  'TICKET_SALES_CLOSED',
  'TICKET_NOT_RETURNABLE',
  'TICKET_SHOW_NOT_FOUND',
  'TICKET_NOT_FOUND',
  'NETWORK',
]);
const errorText = (t: TicketsT, code: string) =>
  t(`error.${EXPLAINED.has(code) ? code : 'UNKNOWN'}` as Parameters<TicketsT>[0]);

function trackTicket(action: 'buy' | 'remove', show: OfferedShow, automatic = false): void {
  void track('camshow', 'ticket', {
    action,
    showId: show.id,
    actorId: show.actorId,
    priceCoins: priceInCoins(show.price),
    automatic,
  });
}

export default function TicketOffer({ show, lang }: { show: OfferedShow; lang: Language }) {
  const t = useMemo(() => translator(ticketMessages, lang), [lang]);
  const { loggedIn } = useViewer();
  const held = useHeldTickets(loggedIn);
  const wallet = useWallet();
  const [note, setNote] = useState<string | null>(null);
  const [returning, setReturning] = useState<'idle' | 'busy' | { error: string }>('idle');
  const paid = usePaidRequest<ChatTicketResult>({
    price: show.price,
    ageCheck: true,
    request: () => buyTicket(show.id),
    onDone: (result, automatic) => {
      setHeld(show.id, true);
      setNote(null);
      if (!result.alreadyBought) trackTicket('buy', show, automatic);
    },
  });
  useSocketMessage('chatTicketResult', (message) => {
    if (message.showId !== show.id) return;
    setHeld(show.id, message.status === 'bought');
    if (message.action === 'refund') setNote(t('refunded'));
  });

  if (show.isFree) return <p className="ticket ticket--free">{t('free')}</p>;
  const isHeld = held?.has(show.id) === true;

  async function giveBack() {
    setReturning('busy');
    try {
      applyPaidBalance(wallet, await returnTicket(show.id));
      setHeld(show.id, false);
      setReturning('idle');
      setNote(t('returned'));
      trackTicket('remove', show);
    } catch (error) {
      setReturning({ error: error instanceof RestError ? error.code : 'UNKNOWN' });
    }
  }

  if (isHeld) {
    const busy = returning === 'busy';
    return (
      <div className="ticket ticket--held" data-ticket="bought" aria-busy={busy || undefined}>
        <span className="buy__owned">{t('bought')}</span>
        {show.hasStarted ? null : (
          <button type="button" className="ticket__return" onClick={() => void giveBack()} disabled={busy}>
            {busy ? t('busy') : t('return')}
          </button>
        )}
        {typeof returning === 'object' ? (
          <span className="buy__error" role="alert">
            {errorText(t, returning.error)}
          </span>
        ) : null}
      </div>
    );
  }
  if (show.hasStarted) return note ? <p className="ticket__note">{note}</p> : null;
  const busy = paid.state.kind === 'busy';
  return (
    <div className="ticket" data-ticket="offer" aria-busy={busy || undefined}>
      <button type="button" className="buy__button" onClick={paid.run} disabled={busy}>
        {busy ? t('busy') : t('buy', { price: formatPriceInCoins(show.price, lang) })}
      </button>
      {paid.state.kind === 'error' ? (
        <span className="buy__error" role="alert">
          {errorText(t, paid.state.code)}
        </span>
      ) : null}
      {note ? (
        <span className="ticket__note" role="status">
          {note}
        </span>
      ) : null}
    </div>
  );
}

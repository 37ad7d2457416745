/**
 * Spec 7 `privateTicketShowInvitation` on every page of the guest (issue 18): "<name> invites you to
 * a private show", leading to the performer's live-show tab (`?chat=ticket-show`: a holder joins from
 * there, anyone else is offered the ticket). A status region (announced, not stealing focus);
 * Escape or "Close" dismisses it. Loaded on the first invitation only (ShowInvitationSlot).
 */
import type { Language } from '@vela/contracts/common';
import type { ServerMessageOf } from '@vela/contracts/socket';
import { ticketShowMessages } from '@vela/i18n/messages/ticket-show';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import './show.css';

export type ShowInvitation = ServerMessageOf<'privateTicketShowInvitation'>;

export default function ShowInvitationToast({
  invitation,
  lang,
  onClose,
}: {
  invitation: ShowInvitation;
  lang: Language;
  onClose: () => void;
}) {
  const t = useMemo(() => translator(ticketShowMessages, lang), [lang]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const to = `${pathFor('Actor/LiveShow', lang, { actorName: invitation.actorName.toLowerCase() })}?chat=ticket-show`;
  return (
    <div
      className="show-invitation"
      role="status"
      aria-live="polite"
      data-show-invitation={invitation.actorId}
    >
      {invitation.actorProfilePictureUrl ? (
        <img
          className="show-invitation__picture"
          src={invitation.actorProfilePictureUrl}
          alt=""
          width={48}
          height={48}
        />
      ) : null}
      <p className="show-invitation__text">{t('invitation', { name: invitation.actorName })}</p>
      <div className="show-invitation__actions">
        <Link className="button button--primary" to={to} onClick={onClose}>
          {t('invitationOpen')}
        </Link>
        <button type="button" className="button" onClick={onClose}>
          {t('invitationClose')}
        </button>
      </div>
    </div>
  );
}

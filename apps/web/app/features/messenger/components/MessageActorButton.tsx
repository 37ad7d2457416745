/**
 * "Message" on a performer's profile (issue 19): opens the messenger for her (`?actor=<id>`), whose page
 * asks `POST channel/actor/:actorId` (the channel, created when missing) and selects it. A visitor gets
 * the login with the stored action `selectMessengerChannel` (spec 3), which comes back to it. A plain
 * link in the profile's first load (decision 0035: no messenger code before it is used).
 */
import type { Language } from '@vela/contracts/common';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';

export function MessageActorButton({
  actorId,
  lang,
  label,
}: {
  actorId: number;
  lang: Language;
  label: string;
}) {
  const { loggedIn } = useViewer();
  const { open } = usePaymentDialog();
  return (
    <Link
      className="shell-button actor-message"
      to={`${pathFor('Messenger', lang)}?actor=${actorId}`}
      data-message-actor={actorId}
      onClick={(event) => {
        if (loggedIn) return;
        event.preventDefault();
        open('login', {
          onLoginAction: {
            type: 'selectMessengerChannel',
            params: { targetId: actorId, options: { by: 'actor' } },
          },
        });
      }}
    >
      {label}
    </Link>
  );
}

/**
 * Age verification status of spec 4 (unknown, pending, rejected with message, accepted) and the
 * way to verify: the payment dialog's flow `avs`, offered until the age is accepted. The status
 * follows the socket's AVS events (the shell's live viewer, when it is this guest).
 */
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useMyVelaT } from '../hooks/useMyVelaT.ts';

export function AvsCard({
  lang,
  guest,
}: {
  lang: Language;
  guest: Pick<GuestMe, 'id' | 'avsStatus' | 'avsRejectMessage'>;
}) {
  const t = useMyVelaT(lang);
  const dialog = usePaymentDialog();
  const live = useViewer().viewer;
  const avs = live?.id === guest.id ? live : guest;
  const status = avs.avsStatus;
  return (
    <section className="myvela-card myvela-avs" aria-labelledby="myvela-avs-title" data-avs-status={status}>
      <h2 id="myvela-avs-title" className="myvela-card__title">
        {t('avs.title')}{' '}
        <span className={`myvela-badge myvela-badge--${status}`}>{t('avs.statusLabel', { status })}</span>
      </h2>
      <p>{t('avs.status', { status })}</p>
      {status === 'rejected' && avs.avsRejectMessage ? (
        <p className="myvela-avs__reason">{t('avs.rejectReason', { message: avs.avsRejectMessage })}</p>
      ) : null}
      {status !== 'accepted' ? (
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={() => dialog.open('avs')}
        >
          {t('avs.verify')}
        </button>
      ) : null}
    </section>
  );
}

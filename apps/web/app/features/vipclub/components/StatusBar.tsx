/**
 * The status bar of spec 8 on the VIP club page: "cancellation offer accepted" (from the cookie the
 * server sets) or "cancellation-offer error" (the failure callback). Dismissing removes the cookie.
 */
import type { StatusBarType } from '@vela/contracts/subscriptions-api';
import type { VipClubText } from '../membership.ts';

export function StatusBar({
  type,
  text,
  onDismiss,
}: {
  type: StatusBarType;
  text: VipClubText;
  onDismiss: () => void;
}) {
  const error = type !== 'cancellation-offer-accepted';
  return (
    <div
      className={`vipclub-statusbar${error ? ' vipclub-statusbar--error' : ''}`}
      role={error ? 'alert' : 'status'}
      data-status-bar={type}
    >
      <p>{error ? text.t('statusBar.offerError') : text.t('statusBar.offerAccepted')}</p>
      <button type="button" className="shell-button" onClick={onDismiss}>
        {text.t('statusBar.dismiss')}
      </button>
    </div>
  );
}

import type { LiveChatT } from '../hooks/useLiveChatT.ts';
import { LiveDialog } from './LiveDialog.tsx';

/**
 * Spec 2 modal `not-enough-money` for a live chat: the minimum chat balance (spec 9) is missing.
 * "Top up" opens the payment dialog; the chat starts with the same request once the money is there.
 */
export function NotEnoughMoneyDialog({
  name,
  amount,
  t,
  onTopUp,
  onCancel,
}: {
  name: string;
  /** The minimum chat balance, formatted. */
  amount: string;
  t: LiveChatT;
  onTopUp: () => void;
  onCancel: () => void;
}) {
  return (
    <LiveDialog
      titleId="live-money-title"
      title={t('notEnoughMoneyTitle')}
      onClose={onCancel}
      marker="not-enough-money"
    >
      <p>{t('notEnoughMoneyText', { name, amount })}</p>
      <div className="live-dialog__actions">
        <button type="button" className="button live-button--quiet" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="button" data-open-dialog="moneycharge" onClick={onTopUp}>
          {t('topUp')}
        </button>
      </div>
    </LiveDialog>
  );
}

/**
 * Spec 2 modal `not-enough-money` for a purchase: what the item costs and the balance, "Top up"
 * (the payment dialog; the purchase then completes by itself, once) or "Cancel". What to do comes
 * from the purchase that was refused (notEnoughMoney.ts); closing without a top-up cancels it.
 */
import { useEffect, useRef } from 'react';
import { formatCoins } from '../../catalog/format.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { ModalFrame } from '../../modals/components/ModalFrame.tsx';
import type { ModalComponentProps } from '../../modals/registry.ts';
import { useBalance } from '../../wallet/state/BalanceProvider.tsx';
import { setNotEnoughMoneyRequest, useNotEnoughMoneyRequest } from '../notEnoughMoney.ts';
import { usePurchaseFlowT } from '../usePurchaseFlowT.ts';

export default function NotEnoughMoneyModal({ titleId, close }: ModalComponentProps) {
  const { lang } = useShell();
  const t = usePurchaseFlowT(lang);
  const request = useNotEnoughMoneyRequest();
  const balance = useBalance();
  const topUpButton = useRef<HTMLButtonElement>(null);
  const latest = useRef(request);
  latest.current = request;
  const toppedUp = useRef(false);

  useEffect(() => {
    topUpButton.current?.focus();
    return () => {
      // Escape, the backdrop, × or Cancel: the refused purchase is dropped.
      if (!toppedUp.current) latest.current?.onCancel();
      setNotEnoughMoneyRequest(null);
    };
  }, []);

  return (
    <ModalFrame
      titleId={titleId}
      title={t('money.title')}
      closeButton={{ label: t('money.close'), onClose: close }}
      marker={{ 'data-not-enough-money': '' }}
    >
      {request ? (
        <p>{t('money.text', { price: request.price, balance: formatCoins(balance?.coins ?? 0, lang) })}</p>
      ) : null}
      <p>{t('money.after')}</p>
      <div className="modal__actions">
        <button type="button" className="shell-button" onClick={close}>
          {t('money.cancel')}
        </button>
        <button
          ref={topUpButton}
          type="button"
          className="shell-button shell-button--primary"
          data-open-dialog="moneycharge"
          onClick={() => {
            toppedUp.current = true;
            const pending = latest.current;
            close();
            pending?.onTopUp();
          }}
        >
          {t('money.topUp')}
        </button>
      </div>
    </ModalFrame>
  );
}

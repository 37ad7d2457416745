/**
 * The screens of a charge after the form: 3-D Secure at the bank, waiting for the bank (SEPA),
 * success with the new balance, and the load failure / loading states the charge views share.
 * Each screen is its own ViewRoot, so its heading takes the focus when it appears.
 */

import type { DialogFlow } from '@vela/contracts/payment';
import type { Charge } from '@vela/contracts/payment-api';
import { coinBalanceOf } from '@vela/domain/coin-balance';
import { FormAlert } from '../components/FormAlert.tsx';
import { ProviderFrame, withLanguage } from '../components/ProviderFrame.tsx';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { coinsForCentsText, coinsText, euros } from '../payments/amounts.ts';
import { usePaymentText } from '../payments/hooks.ts';

export function ChargeThreeDs({ charge, url }: { charge: Charge; url: string }) {
  const { lang } = useDialog();
  const pt = usePaymentText();
  const src = withLanguage(url, lang);
  return (
    <ViewRoot view="payment" screen="3ds" title={pt('threeDsTitle')}>
      <p className="intro">{pt('threeDsIntro', { money: euros(charge.amountCents, lang) })}</p>
      <ProviderFrame
        src={src}
        title={pt('threeDsFrame')}
        waiting={pt('threeDsWaiting')}
        newWindow={pt('threeDsNewWindow')}
        className="bank-frame"
        frameData={{ 'data-bank-frame': '' }}
      />
    </ViewRoot>
  );
}

export function ChargePending({ charge }: { charge: Charge }) {
  const { lang } = useDialog();
  const pt = usePaymentText();
  return (
    <ViewRoot view="payment" screen="pending" title={pt('pendingTitle')}>
      <div className="spinner small" aria-hidden="true" />
      <p role="status" data-charge-pending="">
        {charge.paytype === 'LS'
          ? pt('pendingSepa', { coins: coinsForCentsText(charge.amountCents, lang) })
          : pt('pendingGeneric', { money: euros(charge.amountCents, lang) })}
      </p>
    </ViewRoot>
  );
}

/** Success: what was paid, the coins added and the new balance; Done tells the page (`success`). */
export function ChargeSuccess({ charge, flow }: { charge: Charge; flow: DialogFlow }) {
  const { lang, succeed } = useDialog();
  const pt = usePaymentText();
  return (
    <ViewRoot view="payment" screen="success" title={pt('successTitle')}>
      <p role="status" data-charge-success="">
        {pt('successText', {
          money: euros(charge.amountCents, lang),
          coins: coinsForCentsText(charge.amountCents, lang),
        })}
      </p>
      {charge.balanceCents !== null ? (
        <p className="charge-balance" data-new-balance={charge.balanceCents}>
          {pt('successBalance', { coins: coinsText(coinBalanceOf(charge.balanceCents).coins, lang) })}
        </p>
      ) : null}
      <button type="button" className="primary" onClick={() => succeed(flow)}>
        {pt('done')}
      </button>
    </ViewRoot>
  );
}

/** A load failure with a retry (the charge views cannot work without their settings). */
export function LoadFailed({ flow, error, retry }: { flow: DialogFlow; error: string; retry: () => void }) {
  const pt = usePaymentText();
  return (
    <ViewRoot view="payment" screen={flow} title={pt('title', { flow })}>
      <FormAlert message={`${pt('loadFailed')} ${error}`} />
      <button type="button" className="primary" onClick={retry}>
        {pt('retry')}
      </button>
    </ViewRoot>
  );
}

/** The guest's balance line at the top of the charge views. */
export function BalanceLine() {
  const { guest, lang } = useDialog();
  const pt = usePaymentText();
  if (!guest) return null;
  return (
    <p className="context" data-balance={guest.balanceCents}>
      {pt('balanceNow', { coins: coinsText(guest.balance, lang) })}
    </p>
  );
}

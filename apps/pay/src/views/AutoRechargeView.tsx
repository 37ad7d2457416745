import type { PaymentSettings } from '@vela/contracts/payment-api';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert, FormStatus } from '../components/FormAlert.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useBusyAction } from '../components/useBusyAction.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { coinsForCentsText, euros } from '../payments/amounts.ts';
import { paymentErrorText } from '../payments/charge-errors.ts';
import { useLoaded, usePaymentApi, usePaymentText } from '../payments/hooks.ts';
import { BalanceLine, LoadFailed } from './ChargeScreens.tsx';
import { WaitView } from './WaitView.tsx';

/** Thresholds offered (cents; 20, 40, 80 and 200 coins), plus the guest's current one. */
export const AUTO_RECHARGE_THRESHOLDS_CENTS = [500, 1000, 2000, 5000] as const;

/**
 * Flow autorecharge (spec 2, the view 100vh high; spec 6 logged-in only): turn automatic top-up on
 * or off, the balance threshold and the amount (`POST payment/settings` autoRecharge). It charges
 * the stored method, so without one the view offers to add a card or a direct debit.
 */
export function AutoRechargeView() {
  const { t } = useDialog();
  const loaded = useLoaded((payments) => payments.settings());
  if (loaded.state === 'loading') return <WaitView label={t('loading')} />;
  if (loaded.state === 'failed')
    return <LoadFailed flow="autorecharge" error={loaded.error} retry={loaded.retry} />;
  return <AutoRechargeForm settings={loaded.data} onSaved={loaded.replace} />;
}

const withCurrent = (options: readonly number[], current: number) =>
  [...new Set([...options, current])].sort((a, b) => a - b);

function AutoRechargeForm({
  settings,
  onSaved,
}: {
  settings: PaymentSettings;
  onSaved: (settings: PaymentSettings) => void;
}) {
  const { t, lang, goToFlow } = useDialog();
  const pt = usePaymentText();
  const payments = usePaymentApi();
  const thresholdId = useId();
  const amountId = useId();
  const [enabled, setEnabled] = useState(settings.autoRecharge.enabled);
  const [threshold, setThreshold] = useState(settings.autoRecharge.thresholdCents);
  const [amount, setAmount] = useState(settings.autoRecharge.amountCents);
  const { busy, error, run } = useBusyAction((failure) => paymentErrorText(pt, t, failure));
  const [saved, setSaved] = useState<string | null>(null);
  const method = settings.methods[0] ?? null;
  const label = (cents: number) =>
    pt('amountOption', { coins: coinsForCentsText(cents, lang), money: euros(cents, lang) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSaved(null);
    await run(async () => {
      const next = await payments.updateSettings({
        autoRecharge: { enabled, thresholdCents: threshold, amountCents: amount },
      });
      onSaved(next);
      setSaved(pt('saved'));
    });
  };

  return (
    <ViewRoot view="payment" screen="autorecharge" title={pt('title', { flow: 'autorecharge' })}>
      <BalanceLine />
      <p className="intro">{pt('autoRechargeIntro')}</p>
      {method === null ? (
        <>
          <p className="notice" role="status" data-needs-method="">
            {pt('autoRechargeNeedsMethod')}
          </p>
          <div className="button-row">
            <button type="button" className="primary" onClick={() => goToFlow('changecc')}>
              {pt('addCard')}
            </button>
            <button type="button" className="secondary" onClick={() => goToFlow('changels')}>
              {pt('addSepa')}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <FormAlert message={error} />
          <FormStatus message={saved} />
          <label className="check">
            <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            <span>{pt('autoRechargeOn')}</span>
          </label>
          <div className="field">
            <label htmlFor={thresholdId}>{pt('autoRechargeThreshold')}</label>
            <select
              id={thresholdId}
              name="threshold"
              value={threshold}
              disabled={!enabled}
              onChange={(event) => setThreshold(Number(event.target.value))}
            >
              {withCurrent(AUTO_RECHARGE_THRESHOLDS_CENTS, settings.autoRecharge.thresholdCents).map(
                (cents) => (
                  <option key={cents} value={cents}>
                    {coinsForCentsText(cents, lang)} ({euros(cents, lang)})
                  </option>
                ),
              )}
            </select>
          </div>
          <div className="field">
            <label htmlFor={amountId}>{pt('autoRechargeAmount')}</label>
            <select
              id={amountId}
              name="amount"
              value={amount}
              disabled={!enabled}
              onChange={(event) => setAmount(Number(event.target.value))}
            >
              {withCurrent(settings.autoRechargeAmountsCents, settings.autoRecharge.amountCents).map(
                (cents) => (
                  <option key={cents} value={cents}>
                    {label(cents)}
                  </option>
                ),
              )}
            </select>
          </div>
          <p className="context">{pt('autoRechargeMethod', { label: method.label })}</p>
          <SubmitButton busy={busy}>{pt('save')}</SubmitButton>
        </form>
      )}
    </ViewRoot>
  );
}

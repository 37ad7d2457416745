import { FormAlert } from '../components/FormAlert.tsx';
import { useBusyAction } from '../components/useBusyAction.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { coinsForCentsText, euros } from '../payments/amounts.ts';
import { paymentErrorText } from '../payments/charge-errors.ts';
import { useCharge, useLoaded, usePaymentApi, usePaymentText } from '../payments/hooks.ts';
import { BalanceLine, ChargePending, ChargeSuccess, ChargeThreeDs, LoadFailed } from './ChargeScreens.tsx';
import { WaitView } from './WaitView.tsx';

/**
 * Flow oneclick (spec 3 one-click charge config, spec 7 `canOneClick` / `chargeOneClick`): when
 * one-click is possible, one tap on an amount charges the stored method; otherwise the view says
 * what is missing and offers moneycharge, whose "save for one-click" sets it up.
 */
export function ChargeOneClickView() {
  const { t, lang, goToFlow } = useDialog();
  const pt = usePaymentText();
  const loaded = useLoaded((payments) => payments.canOneClick());
  const charge = useCharge();
  if (loaded.state === 'loading') return <WaitView label={t('loading')} />;
  if (loaded.state === 'failed')
    return <LoadFailed flow="oneclick" error={loaded.error} retry={loaded.retry} />;
  const config = loaded.data;
  const screen = charge.screen;
  if (screen.kind === 'action3ds') return <ChargeThreeDs charge={screen.charge} url={screen.url} />;
  if (screen.kind === 'pending' || screen.kind === 'sms') return <ChargePending charge={screen.charge} />;
  if (screen.kind === 'succeeded') return <ChargeSuccess charge={screen.charge} flow="oneclick" />;

  return (
    <ViewRoot view="payment" screen="oneclick" title={pt('title', { flow: 'oneclick' })}>
      <BalanceLine />
      {config.canOneClick ? (
        <>
          <p className="intro">{pt('oneClickIntro', { method: config.config.methodLabel ?? '' })}</p>
          <div className="form-alert" role="alert" data-charge-alert={charge.alert?.kind}>
            {charge.alert?.text ?? null}
          </div>
          <ul className="one-click-amounts">
            {config.amounts.map((cents) => (
              <li key={cents}>
                <button
                  type="button"
                  className="secondary one-click"
                  disabled={charge.busy}
                  aria-busy={charge.busy}
                  onClick={() => void charge.submitOneClick(cents)}
                >
                  {pt('oneClickTap', { coins: coinsForCentsText(cents, lang), money: euros(cents, lang) })}
                </button>
              </li>
            ))}
          </ul>
          <p className="sr-only" role="status">
            {charge.busy ? pt('submitting') : ''}
          </p>
        </>
      ) : config.config.methodLabel !== null ? (
        <TurnOnOneClick method={config.config.methodLabel} onDone={() => loaded.reload()} />
      ) : (
        <>
          <p className="notice" role="status" data-one-click-unavailable="">
            {pt('oneClickUnavailable')}
          </p>
          <button type="button" className="primary" onClick={() => goToFlow('moneycharge')}>
            {pt('oneClickSetup')}
          </button>
        </>
      )}
    </ViewRoot>
  );
}

/** A stored method exists but one-click is off: the guest turns it on here (`POST payment/settings`). */
function TurnOnOneClick({ method, onDone }: { method: string; onDone: () => Promise<void> }) {
  const { t } = useDialog();
  const pt = usePaymentText();
  const payments = usePaymentApi();
  const { busy, error, run } = useBusyAction((failure) => paymentErrorText(pt, t, failure));
  const turnOn = () =>
    run(async () => {
      await payments.updateSettings({ oneClickEnabled: true });
      await onDone();
    });
  return (
    <>
      <FormAlert message={error} />
      <p className="notice" role="status" data-one-click-off="">
        {pt('oneClickOff', { method })}
      </p>
      <button
        type="button"
        className="primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void turnOn()}
      >
        {busy ? t('working') : pt('oneClickTurnOn')}
      </button>
    </>
  );
}

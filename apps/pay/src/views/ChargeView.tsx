import type { PaymentSettings } from '@vela/contracts/payment-api';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { coinsForCentsText, euros } from '../payments/amounts.ts';
import { afterDecline, initialChargeForm } from '../payments/charge-form.ts';
import { useCharge, useLoaded, usePaymentApi, usePaymentText } from '../payments/hooks.ts';
import { ChargeForm } from './ChargeForm.tsx';
import { BalanceLine, ChargePending, ChargeSuccess, ChargeThreeDs, LoadFailed } from './ChargeScreens.tsx';
import { WaitView } from './WaitView.tsx';

export type FormChargeFlow = 'moneycharge' | 'trialmoneycharge' | 'opcompensation';

/**
 * Flows moneycharge, trialmoneycharge and opcompensation (payment dialog, spec 2): the settings
 * (presets, bounds, trial, stored methods) from `GET payment/settings`, then the charge form and
 * the charge's screens. The trial top-up has one fixed amount and is offered once; when it is not
 * available the view says so and offers moneycharge.
 */
export function ChargeView({ flow, intro }: { flow: FormChargeFlow; intro?: ReactNode }) {
  const { t } = useDialog();
  const loaded = useLoaded((payments) => payments.settings());
  if (loaded.state === 'loading') return <WaitView label={t('loading')} />;
  if (loaded.state === 'failed') return <LoadFailed flow={flow} error={loaded.error} retry={loaded.retry} />;
  const settings = loaded.data;
  if (flow === 'trialmoneycharge' && !settings.trial.available) return <TrialUnavailable />;
  return (
    <ChargeFlow
      flow={flow}
      settings={settings}
      fixedAmountCents={flow === 'trialmoneycharge' ? settings.trial.amountCents : null}
      intro={flow === 'trialmoneycharge' ? <TrialIntro cents={settings.trial.amountCents} /> : intro}
    />
  );
}

function TrialIntro({ cents }: { cents: number }) {
  const { lang } = useDialog();
  const pt = usePaymentText();
  return (
    <p className="intro">
      {pt('trialIntro', { coins: coinsForCentsText(cents, lang), money: euros(cents, lang) })}
    </p>
  );
}

function TrialUnavailable() {
  const { goToFlow } = useDialog();
  const pt = usePaymentText();
  return (
    <ViewRoot view="payment" screen="trialmoneycharge" title={pt('title', { flow: 'trialmoneycharge' })}>
      <BalanceLine />
      <p className="notice" role="status" data-trial-unavailable="">
        {pt('trialUnavailable')}
      </p>
      <button type="button" className="primary" onClick={() => goToFlow('moneycharge')}>
        {pt('toMoneyCharge')}
      </button>
    </ViewRoot>
  );
}

/** The form and the screens of one charge flow; the form values survive a declined charge (but the CVC). */
export function ChargeFlow({
  flow,
  settings,
  fixedAmountCents,
  intro,
  saveByDefault = true,
}: {
  flow: FormChargeFlow;
  settings: PaymentSettings;
  fixedAmountCents: number | null;
  intro?: ReactNode;
  saveByDefault?: boolean;
}) {
  const pt = usePaymentText();
  const [values, setValues] = useState(() => ({
    ...initialChargeForm(settings, settings.methods),
    save: saveByDefault,
  }));
  const charge = useCharge({ onDeclined: () => setValues((current) => afterDecline(current)) });
  const screen = charge.screen;
  const payments = usePaymentApi();
  const savedForOneClick = useRef(false);
  // "Save for one-click top-ups" ticked and the charge went through: one-click is turned on with it.
  useEffect(() => {
    if (screen.kind !== 'succeeded' || !savedForOneClick.current || settings.oneClickEnabled) return;
    savedForOneClick.current = false;
    payments.updateSettings({ oneClickEnabled: true }).catch((error: unknown) => {
      console.error('one-click could not be turned on', error);
    });
  }, [screen.kind, settings.oneClickEnabled, payments]);
  switch (screen.kind) {
    case 'action3ds':
      return <ChargeThreeDs charge={screen.charge} url={screen.url} />;
    case 'pending':
    case 'sms':
      return <ChargePending charge={screen.charge} />;
    case 'succeeded':
      return <ChargeSuccess charge={screen.charge} flow={flow} />;
    case 'form':
      return (
        <ViewRoot view="payment" screen={flow} title={pt('title', { flow })}>
          <BalanceLine />
          {intro}
          <ChargeForm
            flow={flow}
            settings={settings}
            methods={settings.methods}
            fixedAmountCents={fixedAmountCents}
            values={values}
            onValues={setValues}
            alert={charge.alert}
            busy={charge.busy}
            onSubmit={(request) => {
              savedForOneClick.current = request.saveMethod === true;
              void charge.submit(request);
            }}
            allowVoice={flow === 'moneycharge'}
          />
        </ViewRoot>
      );
  }
}

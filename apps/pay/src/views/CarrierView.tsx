import type { PaymentSettings } from '@vela/contracts/payment-api';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '../components/FormAlert.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { coinsForCentsText, euros } from '../payments/amounts.ts';
import { compactMsisdn, digitsOnly, msisdnValid } from '../payments/card-input.ts';
import { fieldOfPaymentError } from '../payments/charge-errors.ts';
import { type ChargeAlert, useCharge, useLoaded, usePaymentText } from '../payments/hooks.ts';
import { Choice, PayField } from '../payments/PayField.tsx';
import { BalanceLine, ChargePending, ChargeSuccess, LoadFailed } from './ChargeScreens.tsx';
import { WaitView } from './WaitView.tsx';

/**
 * View carrier (spec 2): pay with the mobile phone bill. Amount and phone number (E.164) ->
 * the operator sends a code by SMS (charge `requires_action`, next action sms) -> the code
 * confirms the charge (`POST payment/charges/:id/confirm`) -> result.
 */
export function CarrierView() {
  const { t } = useDialog();
  const loaded = useLoaded((payments) => payments.settings());
  if (loaded.state === 'loading') return <WaitView label={t('loading')} />;
  if (loaded.state === 'failed')
    return <LoadFailed flow="carrier" error={loaded.error} retry={loaded.retry} />;
  return <CarrierFlow settings={loaded.data} />;
}

function CarrierFlow({ settings }: { settings: PaymentSettings }) {
  const { lang } = useDialog();
  const pt = usePaymentText();
  const charge = useCharge();
  const [amount, setAmount] = useState(settings.amountsCents[0] ?? settings.minChargeCents);
  const [msisdn, setMsisdn] = useState('');
  const screen = charge.screen;

  if (screen.kind === 'sms')
    return (
      <SmsStep
        msisdn={screen.msisdn}
        amountCents={screen.charge.amountCents}
        busy={charge.busy}
        alert={charge.alert}
        onConfirm={charge.confirmCode}
        onBack={charge.backToForm}
      />
    );
  if (screen.kind === 'pending' || screen.kind === 'action3ds')
    return <ChargePending charge={screen.charge} />;
  if (screen.kind === 'succeeded') return <ChargeSuccess charge={screen.charge} flow="carrier" />;
  return (
    <NumberStep
      settings={settings}
      amount={amount}
      onAmount={setAmount}
      msisdn={msisdn}
      onMsisdn={setMsisdn}
      busy={charge.busy}
      alert={charge.alert}
      onSubmit={() =>
        void charge.submit({
          flow: 'carrier',
          paytype: 'carrier',
          amountCents: amount,
          carrier: { msisdn: compactMsisdn(msisdn) },
        })
      }
      title={pt('title', { flow: 'carrier' })}
      submitLabel={`${pt('carrierSend')} · ${euros(amount, lang)}`}
    />
  );
}

function NumberStep(props: {
  settings: PaymentSettings;
  amount: number;
  onAmount: (cents: number) => void;
  msisdn: string;
  onMsisdn: (value: string) => void;
  busy: boolean;
  alert: ChargeAlert | null;
  onSubmit: () => void;
  title: string;
  submitLabel: string;
}) {
  const { lang } = useDialog();
  const pt = usePaymentText();
  const legendId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const serverField = props.alert?.code ? fieldOfPaymentError(props.alert.code) : null;

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.busy) return;
    const found =
      props.msisdn.trim() === ''
        ? pt('required')
        : msisdnValid(props.msisdn)
          ? undefined
          : pt('msisdnInvalid');
    setProblem(found);
    if (found) {
      setAttempt((n) => n + 1);
      return;
    }
    props.onSubmit();
  };

  return (
    <ViewRoot view="carrier" screen="number" title={props.title}>
      <BalanceLine />
      <p className="intro">{pt('carrierIntro')}</p>
      <form ref={formRef} onSubmit={submit} noValidate>
        <FormAlert message={props.alert && serverField !== 'msisdn' ? props.alert.text : null} />
        <fieldset className="charge-amounts" aria-labelledby={legendId}>
          <legend id={legendId}>{pt('amountLegend')}</legend>
          {props.settings.amountsCents.map((cents) => (
            <Choice
              key={cents}
              name="amount"
              value={String(cents)}
              checked={props.amount === cents}
              onChange={() => props.onAmount(cents)}
            >
              {pt('amountOption', { coins: coinsForCentsText(cents, lang), money: euros(cents, lang) })}
            </Choice>
          ))}
        </fieldset>
        <PayField
          name="msisdn"
          label={pt('msisdn')}
          value={props.msisdn}
          onChange={props.onMsisdn}
          error={problem ?? (serverField === 'msisdn' ? props.alert?.text : undefined)}
          hint={pt('msisdnHint')}
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
        />
        <SubmitButton busy={props.busy}>{props.submitLabel}</SubmitButton>
      </form>
    </ViewRoot>
  );
}

function SmsStep({
  msisdn,
  amountCents,
  busy,
  alert,
  onConfirm,
  onBack,
}: {
  msisdn: string;
  amountCents: number;
  busy: boolean;
  alert: ChargeAlert | null;
  onConfirm: (code: string) => Promise<boolean>;
  onBack: () => void;
}) {
  const { lang } = useDialog();
  const pt = usePaymentText();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0)
      formRef.current
        ?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]:not(:empty)')
        ?.focus();
  }, [attempt]);

  const wrongCode = alert?.code === 'WRONG_CODE' ? alert.text : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = /^\d{4,8}$/.test(code) ? undefined : code === '' ? pt('required') : pt('codeInvalid');
    setProblem(found);
    if (found) {
      setAttempt((n) => n + 1);
      return;
    }
    const ok = await onConfirm(code);
    if (!ok) {
      setCode('');
      setAttempt((n) => n + 1);
    }
  };

  return (
    <ViewRoot view="carrier" screen="sms" title={pt('smsTitle')}>
      <p className="intro">{pt('smsIntro', { msisdn, money: euros(amountCents, lang) })}</p>
      <form ref={formRef} onSubmit={submit} noValidate>
        <FormAlert message={alert && !wrongCode ? alert.text : null} />
        <PayField
          name="code"
          label={pt('smsCode')}
          value={code}
          onChange={(value) => setCode(digitsOnly(value).slice(0, 8))}
          error={problem ?? wrongCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
        />
        <SubmitButton busy={busy}>{pt('smsConfirm')}</SubmitButton>
      </form>
      <p className="links">
        <button type="button" className="link" onClick={onBack}>
          {pt('changeNumber')}
        </button>
      </p>
    </ViewRoot>
  );
}

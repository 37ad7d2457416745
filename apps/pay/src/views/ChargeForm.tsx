import type { ChargeFlow, PaymentMethod, PaymentSettings } from '@vela/contracts/payment-api';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useDialog } from '../dialog-context.ts';
import { coinsForCentsText, euros, remainingOfLimit } from '../payments/amounts.ts';
import { formatCardNumber, formatCvc, formatExpiry, formatIban } from '../payments/card-input.ts';
import { fieldOfPaymentError } from '../payments/charge-errors.ts';
import {
  amountOfForm,
  buildChargeRequest,
  type ChargeField,
  type ChargeFormValues,
  type ChargeProblem,
  type ChargeProblems,
  type ChargeRequestBody,
  type MethodChoice,
  OTHER_AMOUNT,
} from '../payments/charge-form.ts';
import { type ChargeAlert, usePaymentText } from '../payments/hooks.ts';
import { Choice, PayField } from '../payments/PayField.tsx';

/**
 * The charge form of flows moneycharge, trialmoneycharge and opcompensation: amount (presets in
 * coins and euro, or another amount within the bounds), how to pay (a stored method, a new card, a
 * SEPA mandate, or a phone call), the card or IBAN fields, "save for one-click", and one submit.
 * The values live in the parent so a declined charge keeps them (all but the CVC). After a failed
 * submit the first invalid field, or the alert, takes the focus.
 */
export function ChargeForm({
  flow,
  settings,
  methods,
  fixedAmountCents,
  values,
  onValues,
  alert,
  busy,
  onSubmit,
  allowVoice,
  submitLabel,
}: {
  flow: ChargeFlow;
  settings: PaymentSettings;
  methods: readonly PaymentMethod[];
  /** Flow trialmoneycharge: the one trial amount, no chooser. */
  fixedAmountCents: number | null;
  values: ChargeFormValues;
  onValues: (values: ChargeFormValues) => void;
  alert: ChargeAlert | null;
  busy: boolean;
  onSubmit: (request: ChargeRequestBody) => void;
  allowVoice: boolean;
  submitLabel?: string;
}) {
  const { t, lang, brand, goToFlow } = useDialog();
  const pt = usePaymentText();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [problems, setProblems] = useState<ChargeProblems>({});
  const [attempt, setAttempt] = useState(0);
  const amountLegendId = useId();
  const methodLegendId = useId();

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  // A declined charge or an error: its message takes the focus (a server field error: that field).
  useEffect(() => {
    if (!alert) return;
    const field = alert.code ? fieldOfPaymentError(alert.code) : null;
    // After the view's heading took the focus (the form remounts when a charge comes back declined).
    const timer = setTimeout(() => {
      const target = field ? formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`) : null;
      (target ?? alertRef.current)?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [alert]);

  const set = (patch: Partial<ChargeFormValues>) => onValues({ ...values, ...patch });
  const amountCents = amountOfForm(values, fixedAmountCents);
  const remaining = remainingOfLimit(settings);

  const problemText = (problem: ChargeProblem | undefined): string | undefined => {
    switch (problem) {
      case undefined:
        return undefined;
      case 'amountTooSmall':
        return pt('amountTooSmall', { min: euros(settings.minChargeCents, lang) });
      case 'amountTooLarge':
        return pt('amountTooLarge', { max: euros(settings.maxChargeCents, lang) });
      case 'amountOverLimit':
        return pt('amountOverLimit', { remaining: euros(remaining ?? 0, lang) });
      default:
        return pt(problem);
    }
  };
  const fieldError = (field: ChargeField) => problemText(problems[field]);
  // A preset beyond the monthly limit: the error belongs to the chosen preset, not the other-amount field.
  const presetError = values.amount !== OTHER_AMOUNT ? fieldError('otherAmount') : undefined;
  const presetErrorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const built = buildChargeRequest({ flow, values, settings, methods, fixedAmountCents, now: new Date() });
    if ('problems' in built) {
      setProblems(built.problems);
      setAttempt((n) => n + 1);
      return;
    }
    setProblems({});
    onSubmit(built.request);
  };

  const fieldErrorOfServer = alert?.code ? fieldOfPaymentError(alert.code) : null;
  const serverFieldError = (field: string) => (fieldErrorOfServer === field ? alert?.text : undefined);
  const newMethod = values.method === 'CC' || values.method === 'LS';

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="charge-form">
      <div
        ref={alertRef}
        tabIndex={-1}
        className={`form-alert${alert && alert.kind !== 'error' ? ' charge-declined' : ''}`}
        role="alert"
        data-charge-alert={alert?.kind}
      >
        {alert && !fieldErrorOfServer ? alert.text : null}
      </div>
      {alert?.code === 'RESTRICTED' && flow !== 'opcompensation' ? (
        <p className="links">
          <button type="button" className="secondary wide" onClick={() => goToFlow('opcompensation')}>
            {pt('title', { flow: 'opcompensation' })}
          </button>
        </p>
      ) : null}

      {fixedAmountCents === null ? (
        <fieldset className="charge-amounts" aria-labelledby={amountLegendId}>
          <legend id={amountLegendId}>{pt('amountLegend')}</legend>
          {settings.amountsCents.map((cents) => (
            <Choice
              key={cents}
              name="amount"
              value={String(cents)}
              checked={values.amount === String(cents)}
              onChange={(amount) => set({ amount })}
              errorId={presetError && values.amount === String(cents) ? presetErrorId : undefined}
            >
              {pt('amountOption', { coins: coinsForCentsText(cents, lang), money: euros(cents, lang) })}
            </Choice>
          ))}
          <Choice
            name="amount"
            value={OTHER_AMOUNT}
            checked={values.amount === OTHER_AMOUNT}
            onChange={(amount) => set({ amount })}
          >
            {pt('amountOther')}
          </Choice>
          {values.amount === OTHER_AMOUNT ? (
            <PayField
              name="otherAmount"
              label={pt('amountOtherLabel')}
              value={values.otherAmount}
              onChange={(otherAmount) => set({ otherAmount })}
              error={fieldError('otherAmount')}
              hint={pt('amountOtherHint', {
                min: euros(settings.minChargeCents, lang),
                max: euros(settings.maxChargeCents, lang),
              })}
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
            />
          ) : null}
          {presetError ? (
            <p id={presetErrorId} className="field-error charge-amount-error">
              {presetError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {amountCents !== null ? (
        <p className="charge-you-get" aria-live="polite">
          {pt('amountYouGet', { coins: coinsForCentsText(amountCents, lang) })}
        </p>
      ) : null}

      <fieldset className="charge-methods" aria-labelledby={methodLegendId}>
        <legend id={methodLegendId}>{pt('paytypeLegend')}</legend>
        {methods.map((method) => (
          <Choice
            key={method.id}
            name="method"
            value={`stored:${method.id}`}
            checked={values.method === `stored:${method.id}`}
            onChange={(method) => set({ method: method as MethodChoice })}
          >
            {pt('paytypeStored', { label: method.label })}
          </Choice>
        ))}
        <Choice
          name="method"
          value="CC"
          checked={values.method === 'CC'}
          onChange={() => set({ method: 'CC' })}
        >
          {pt('paytypeCC')}
        </Choice>
        <Choice
          name="method"
          value="LS"
          checked={values.method === 'LS'}
          onChange={() => set({ method: 'LS' })}
        >
          {pt('paytypeLS')}
        </Choice>
        {allowVoice ? (
          <Choice
            name="method"
            value="Voice"
            checked={values.method === 'Voice'}
            onChange={() => set({ method: 'Voice' })}
          >
            {pt('paytypeVoice')}
          </Choice>
        ) : null}
      </fieldset>

      {values.method === 'CC' ? (
        <CardFields
          values={values}
          set={set}
          error={(field) => fieldError(field) ?? serverFieldError(field)}
        />
      ) : null}
      {values.method === 'LS' ? (
        <>
          <PayField
            name="iban"
            label={pt('iban')}
            value={values.sepa.iban}
            onChange={(iban) => set({ sepa: { ...values.sepa, iban: formatIban(iban) } })}
            error={fieldError('iban') ?? serverFieldError('iban')}
            autoComplete="off"
            maxLength={42}
          />
          <PayField
            name="sepaHolder"
            label={pt('accountHolder')}
            value={values.sepa.holder}
            onChange={(holder) => set({ sepa: { ...values.sepa, holder } })}
            error={fieldError('sepaHolder')}
            autoComplete="name"
            maxLength={100}
          />
          <p className="field-hint">{pt('sepaMandate', { brand })}</p>
        </>
      ) : null}
      {values.method === 'Voice' ? <p className="intro">{pt('voiceHint')}</p> : null}
      {newMethod ? (
        <label className="check">
          <input
            type="checkbox"
            checked={values.save}
            onChange={(event) => set({ save: event.target.checked })}
          />
          <span>{pt('saveMethod')}</span>
        </label>
      ) : null}

      <p className="sr-only" role="status">
        {busy ? pt('submitting') : ''}
      </p>
      <SubmitButton busy={busy}>
        {submitLabel ??
          (amountCents !== null ? pt('paySubmit', { money: euros(amountCents, lang) }) : t('continue'))}
      </SubmitButton>
    </form>
  );
}

/** Card number (grouped as typed), expiry MM/YY, CVC and holder, with the browser's card autofill tokens. */
export function CardFields({
  values,
  set,
  error,
}: {
  values: Pick<ChargeFormValues, 'card'>;
  set: (patch: Pick<ChargeFormValues, 'card'>) => void;
  error: (field: 'number' | 'expiry' | 'cvc' | 'holder') => string | undefined;
}) {
  const pt = usePaymentText();
  const card = values.card;
  return (
    <div className="card-fields">
      <PayField
        name="number"
        label={pt('cardNumber')}
        value={card.number}
        onChange={(number) => set({ card: { ...card, number: formatCardNumber(number) } })}
        error={error('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
      />
      <div className="card-row">
        <PayField
          name="expiry"
          label={pt('cardExpiry')}
          value={card.expiry}
          onChange={(expiry) => set({ card: { ...card, expiry: formatExpiry(expiry) } })}
          error={error('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
        />
        <PayField
          name="cvc"
          label={pt('cardCvc')}
          value={card.cvc}
          onChange={(cvc) => set({ card: { ...card, cvc: formatCvc(cvc) } })}
          error={error('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
        />
      </div>
      <PayField
        name="holder"
        label={pt('cardHolder')}
        value={card.holder}
        onChange={(holder) => set({ card: { ...card, holder } })}
        error={error('holder')}
        autoComplete="cc-name"
        maxLength={100}
      />
    </div>
  );
}

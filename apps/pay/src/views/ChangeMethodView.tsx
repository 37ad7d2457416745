import type { PaymentMethod } from '@vela/contracts/payment-api';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api.ts';
import { FormAlert, FormStatus } from '../components/FormAlert.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import {
  type CardForm,
  type CardProblem,
  cardInputOf,
  checkCardForm,
  checkSepaForm,
  formatIban,
  type SepaForm,
  sepaInputOf,
} from '../payments/card-input.ts';
import { fieldOfPaymentError, paymentErrorText } from '../payments/charge-errors.ts';
import { useLoaded, usePaymentApi, usePaymentText } from '../payments/hooks.ts';
import { PayField } from '../payments/PayField.tsx';
import { CardFields } from './ChargeForm.tsx';
import { LoadFailed } from './ChargeScreens.tsx';
import { WaitView } from './WaitView.tsx';

/**
 * Flows changecc (paytype CC) and changels (paytype LS): the guest's current card or SEPA mandate
 * ("Visa •••• 4242", never more) and a form that replaces it (`POST payment/methods`). The new
 * method serves one-click and automatic top-ups; nothing is charged.
 */
export function ChangeMethodView({ flow }: { flow: 'changecc' | 'changels' }) {
  const { t } = useDialog();
  const loaded = useLoaded((payments) => payments.methods());
  if (loaded.state === 'loading') return <WaitView label={t('loading')} />;
  if (loaded.state === 'failed') return <LoadFailed flow={flow} error={loaded.error} retry={loaded.retry} />;
  return <ChangeMethodForm flow={flow} methods={loaded.data} onSaved={loaded.replace} />;
}

function ChangeMethodForm({
  flow,
  methods,
  onSaved,
}: {
  flow: 'changecc' | 'changels';
  methods: PaymentMethod[];
  onSaved: (methods: PaymentMethod[]) => void;
}) {
  const { t, brand, succeed } = useDialog();
  const pt = usePaymentText();
  const payments = usePaymentApi();
  const paytype = flow === 'changecc' ? 'CC' : 'LS';
  const current = methods.find((method) => method.paytype === paytype) ?? null;
  const formRef = useRef<HTMLFormElement>(null);
  const [card, setCard] = useState<CardForm>({ number: '', expiry: '', cvc: '', holder: '' });
  const [sepa, setSepa] = useState<SepaForm>({ iban: '', holder: '' });
  const [problems, setProblems] = useState<
    Partial<Record<keyof CardForm | keyof SepaForm, CardProblem | 'ibanInvalid'>>
  >({});
  const [serverField, setServerField] = useState<{ field: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const text = (field: keyof CardForm | keyof SepaForm) => {
    const problem = problems[field];
    if (problem) return pt(problem);
    return serverField?.field === field ? serverField.text : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const now = new Date();
    const found = paytype === 'CC' ? checkCardForm(card, now) : checkSepaForm(sepa);
    setProblems(found);
    setServerField(null);
    setError(null);
    setSaved(null);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const method = await payments.changeMethod(
        paytype === 'CC'
          ? { paytype: 'CC', card: cardInputOf(card, now) }
          : { paytype: 'LS', sepa: sepaInputOf(sepa) },
      );
      onSaved([method, ...methods.filter((m) => m.paytype !== paytype)]);
      setCard({ number: '', expiry: '', cvc: '', holder: '' });
      setSepa({ iban: '', holder: '' });
      setSaved(pt('methodSaved', { label: method.label }));
    } catch (failure) {
      const message = paymentErrorText(pt, t, failure);
      const field = failure instanceof ApiError ? fieldOfPaymentError(failure.code) : null;
      if (field) {
        setServerField({ field, text: message });
        setAttempt((n) => n + 1);
      } else {
        setError(message);
        if (paytype === 'CC') setCard((c) => ({ ...c, cvc: '' }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <ViewRoot view="payment" screen={flow} title={pt('title', { flow })}>
      <p className="context" data-current-method={current?.label ?? ''}>
        {current ? pt('methodCurrent', { label: current.label }) : pt('methodNone', { paytype })}
      </p>
      <p className="intro">{pt('methodIntro', { paytype })}</p>
      <form ref={formRef} onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <FormStatus message={saved} />
        {paytype === 'CC' ? (
          <CardFields
            values={{ card }}
            set={({ card: next }) => setCard(next)}
            error={(field) => text(field)}
          />
        ) : (
          <>
            <PayField
              name="iban"
              label={pt('iban')}
              value={sepa.iban}
              onChange={(iban) => setSepa({ ...sepa, iban: formatIban(iban) })}
              error={text('iban')}
              autoComplete="off"
              maxLength={42}
            />
            <PayField
              name="holder"
              label={pt('accountHolder')}
              value={sepa.holder}
              onChange={(holder) => setSepa({ ...sepa, holder })}
              error={text('holder')}
              autoComplete="name"
              maxLength={100}
            />
            <p className="field-hint">{pt('sepaMandateSave', { brand })}</p>
          </>
        )}
        <SubmitButton busy={busy}>{pt('methodSave', { paytype })}</SubmitButton>
      </form>
      {saved ? (
        <p className="links">
          <button type="button" className="secondary wide" onClick={() => succeed(flow)}>
            {pt('done')}
          </button>
        </p>
      ) : null}
    </ViewRoot>
  );
}

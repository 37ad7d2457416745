import type { PaymentSettings } from '@vela/contracts/payment-api';
import { MAX_MONTHLY_LIMIT_CENTS } from '@vela/domain/payments';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormAlert, FormStatus } from '../components/FormAlert.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useBusyAction } from '../components/useBusyAction.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { euros, parseEuroAmount } from '../payments/amounts.ts';
import { paymentErrorText } from '../payments/charge-errors.ts';
import { useLoaded, usePaymentApi, usePaymentText } from '../payments/hooks.ts';
import { PayField } from '../payments/PayField.tsx';
import { LoadFailed } from './ChargeScreens.tsx';
import { WaitView } from './WaitView.tsx';

/** "25,5" style text of a cent amount for the input (no thousands dots, decimal comma). */
const inputTextOf = (cents: number) =>
  cents % 100 === 0
    ? String(cents / 100)
    : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/**
 * Flow limit: the guest's own monthly top-up limit (Europe/Berlin calendar months), set or
 * removed with `POST payment/settings` monthlyLimitCents, and what was topped up this month.
 */
export function LimitView() {
  const { t } = useDialog();
  const loaded = useLoaded((payments) => payments.settings());
  if (loaded.state === 'loading') return <WaitView label={t('loading')} />;
  if (loaded.state === 'failed') return <LoadFailed flow="limit" error={loaded.error} retry={loaded.retry} />;
  return <LimitForm settings={loaded.data} onSaved={loaded.replace} />;
}

function LimitForm({
  settings,
  onSaved,
}: {
  settings: PaymentSettings;
  onSaved: (s: PaymentSettings) => void;
}) {
  const { t, lang } = useDialog();
  const pt = usePaymentText();
  const payments = usePaymentApi();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(
    settings.monthlyLimitCents === null ? '' : inputTextOf(settings.monthlyLimitCents),
  );
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const { busy, error, run } = useBusyAction((failure) => paymentErrorText(pt, t, failure));
  const [done, setDone] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const save = async (monthlyLimitCents: number | null) => {
    if (busy) return;
    setDone(null);
    await run(async () => {
      const next = await payments.updateSettings({ monthlyLimitCents });
      onSaved(next);
      setDone(
        next.monthlyLimitCents === null
          ? pt('limitRemoved')
          : pt('limitSaved', { money: euros(next.monthlyLimitCents, lang) }),
      );
      if (next.monthlyLimitCents === null) setText('');
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const cents = parseEuroAmount(text);
    const problem =
      text.trim() === ''
        ? pt('required')
        : cents === null
          ? pt('amountInvalid')
          : cents > MAX_MONTHLY_LIMIT_CENTS
            ? pt('amountTooLarge', { max: euros(MAX_MONTHLY_LIMIT_CENTS, lang) })
            : undefined;
    setFieldError(problem);
    if (problem || cents === null) {
      setAttempt((n) => n + 1);
      return;
    }
    void save(cents);
  };

  return (
    <ViewRoot view="payment" screen="limit" title={pt('title', { flow: 'limit' })}>
      <p className="intro">{pt('limitIntro')}</p>
      <p className="context" data-limit={settings.monthlyLimitCents ?? ''}>
        {settings.monthlyLimitCents === null
          ? pt('limitNone')
          : pt('limitCurrent', { money: euros(settings.monthlyLimitCents, lang) })}
      </p>
      <p className="context" data-month-to-date={settings.monthToDateCents}>
        {pt('limitMonthToDate', { money: euros(settings.monthToDateCents, lang) })}
      </p>
      <form ref={formRef} onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <FormStatus message={done} />
        <PayField
          name="limit"
          label={pt('limitAmount')}
          value={text}
          onChange={setText}
          error={fieldError}
          inputMode="decimal"
          autoComplete="off"
          maxLength={14}
        />
        <SubmitButton busy={busy}>{pt('limitSave')}</SubmitButton>
      </form>
      {settings.monthlyLimitCents !== null ? (
        <p className="links">
          <button type="button" className="secondary wide" disabled={busy} onClick={() => void save(null)}>
            {pt('limitRemove')}
          </button>
        </p>
      ) : null}
    </ViewRoot>
  );
}

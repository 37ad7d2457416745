/** React glue of the charge flows: their texts, API, loaded data and the charge attempt state. */
import type { Charge } from '@vela/contracts/payment-api';
import { coinBalanceOf } from '@vela/domain/coin-balance';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api.ts';
import { useDialog } from '../dialog-context.ts';
import { AttemptKeys, isFinal, outcomeOf, pollUntilFinal, sendAttempt } from './charge-attempt.ts';
import { paymentErrorText } from './charge-errors.ts';
import type { ChargeRequestBody } from './charge-form.ts';
import { createPaymentApi, type PaymentApi } from './payment-api.ts';
import { type PaymentTranslate, paymentTranslator } from './payment-text.ts';

export function usePaymentText(): PaymentTranslate {
  const { lang } = useDialog();
  return useMemo(() => paymentTranslator(lang), [lang]);
}

export function usePaymentApi(): PaymentApi {
  const { api } = useDialog();
  return useMemo(() => createPaymentApi(api), [api]);
}

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'failed'; error: string; retry: () => void }
  | { state: 'ready'; data: T; reload: () => Promise<void>; replace: (data: T) => void };

/** Loads once on mount; a failure offers a retry. */
export function useLoaded<T>(load: (payments: PaymentApi) => Promise<T>): Loaded<T> {
  const payments = usePaymentApi();
  const pt = usePaymentText();
  const { t } = useDialog();
  const loadRef = useRef(load);
  loadRef.current = load;
  const [result, setResult] = useState<{ data: T } | { error: string } | null>(null);
  const live = useRef(true);

  const start = useCallback(() => {
    setResult(null);
    loadRef.current(payments).then(
      (data) => live.current && setResult({ data }),
      (error: unknown) => live.current && setResult({ error: paymentErrorText(pt, t, error) }),
    );
  }, [payments, pt, t]);

  useEffect(() => {
    live.current = true;
    start();
    return () => {
      live.current = false;
    };
  }, [start]);

  const reload = useCallback(async () => {
    const data = await loadRef.current(payments);
    setResult({ data });
  }, [payments]);

  if (result === null) return { state: 'loading' };
  if ('error' in result) return { state: 'failed', error: result.error, retry: start };
  return { state: 'ready', data: result.data, reload, replace: (data) => setResult({ data }) };
}

/** What the charge flow shows. */
export type ChargeScreen =
  | { kind: 'form' }
  | { kind: 'action3ds'; charge: Charge; url: string }
  | { kind: 'sms'; charge: Charge; msisdn: string }
  | { kind: 'pending'; charge: Charge }
  | { kind: 'succeeded'; charge: Charge };

/** A message above the form: a declined or failed charge, or an error of the last call. */
export interface ChargeAlert {
  kind: 'declined' | 'failed' | 'error';
  text: string;
  /** The server error code (field errors), null for declined/failed charges. */
  code: string | null;
}

/**
 * One charge flow: submit (one idempotency key per attempt, automatic retries with it while the
 * outcome is unknown), 3-D Secure and SEPA polling every second while the view is open, the SMS
 * code of carrier billing, and the guest's new balance after success.
 */
export function useCharge({ onDeclined }: { onDeclined?: () => void } = {}) {
  const { t, guest, setGuest } = useDialog();
  const pt = usePaymentText();
  const payments = usePaymentApi();
  const keys = useRef(new AttemptKeys());
  const [screen, setScreen] = useState<ChargeScreen>({ kind: 'form' });
  const [alert, setAlert] = useState<ChargeAlert | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const onDeclinedRef = useRef(onDeclined);
  onDeclinedRef.current = onDeclined;
  const guestRef = useRef(guest);
  guestRef.current = guest;

  const apply = useCallback(
    (charge: Charge) => {
      const outcome = outcomeOf(charge);
      switch (outcome.kind) {
        case 'succeeded': {
          setAlert(null);
          setScreen({ kind: 'succeeded', charge });
          const current = guestRef.current;
          if (current && charge.balanceCents !== null) {
            const balance = coinBalanceOf(charge.balanceCents);
            setGuest({
              ...current,
              balanceCents: charge.balanceCents,
              balance: balance.coins,
              balanceFormatted: balance.formatted,
              isPayingCustomer: true,
            });
          }
          return;
        }
        case 'declined':
        case 'failed':
          setScreen({ kind: 'form' });
          setAlert({
            kind: outcome.kind,
            text: pt(outcome.kind, { code: outcome.declineCode ?? 'other' }),
            code: null,
          });
          onDeclinedRef.current?.();
          return;
        case 'action3ds':
          setScreen({ kind: 'action3ds', charge, url: outcome.url });
          return;
        case 'sms':
          setScreen({ kind: 'sms', charge, msisdn: outcome.msisdn });
          return;
        case 'pending':
          setScreen({ kind: 'pending', charge });
          return;
      }
    },
    [pt, setGuest],
  );

  const run = useCallback(
    async (call: () => Promise<Charge>) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      setAlert(null);
      try {
        apply(await call());
      } catch (error) {
        setAlert({
          kind: 'error',
          text: paymentErrorText(pt, t, error, { charging: true }),
          code: error instanceof ApiError ? error.code : null,
        });
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [apply, pt, t],
  );

  const submit = useCallback(
    (request: ChargeRequestBody) =>
      run(() =>
        sendAttempt(keys.current, request, (idempotencyKey) =>
          payments.charge({ ...request, idempotencyKey }),
        ),
      ),
    [run, payments],
  );

  const submitOneClick = useCallback(
    (amountCents: number) =>
      run(() =>
        sendAttempt(keys.current, { oneClick: amountCents }, (idempotencyKey) =>
          payments.chargeOneClick({ idempotencyKey, amountCents }),
        ),
      ),
    [run, payments],
  );

  const confirmCode = useCallback(
    async (code: string): Promise<boolean> => {
      if (screen.kind !== 'sms' || busyRef.current) return false;
      const id = screen.charge.id;
      busyRef.current = true;
      setBusy(true);
      setAlert(null);
      try {
        apply(await payments.confirmCharge(id, code));
        return true;
      } catch (error) {
        // The last wrong code fails the charge: show its final state rather than "try again".
        if (error instanceof ApiError && error.code === 'WRONG_CODE') {
          const now = await payments.getCharge(id).catch(() => null);
          if (now && isFinal(now)) {
            apply(now);
            return false;
          }
        }
        setAlert({
          kind: 'error',
          text: paymentErrorText(pt, t, error),
          code: error instanceof ApiError ? error.code : null,
        });
        return false;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [screen, payments, apply, pt, t],
  );

  // 3-D Secure and pending charges: ask every second while this view is open (spec 9 dialog polling).
  const waitingId = screen.kind === 'action3ds' || screen.kind === 'pending' ? screen.charge.id : null;
  useEffect(() => {
    if (!waitingId) return;
    const controller = new AbortController();
    void pollUntilFinal(payments.getCharge, waitingId, {
      signal: controller.signal,
      onUpdate: (charge) => {
        if (isFinal(charge) || charge.status !== 'requires_action') apply(charge);
      },
    });
    return () => controller.abort();
  }, [waitingId, payments, apply]);

  const backToForm = useCallback(() => {
    setScreen({ kind: 'form' });
    setAlert(null);
  }, []);

  return { screen, alert, busy, submit, submitOneClick, confirmCode, backToForm, setAlert };
}

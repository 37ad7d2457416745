import { type BonusCheck, promotionsEndpoints, type RedeemBonusResult } from '@vela/contracts/promotions-api';
import {
  isWellFormedCode,
  normalizeCode,
  normalizeScratchCode,
  SCRATCH_CODE_PATTERN,
} from '@vela/domain/bonus-codes';
import { coinBalanceOf } from '@vela/domain/coin-balance';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api.ts';
import { TextField } from '../../components/Field.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useBusyAction } from '../../components/useBusyAction.ts';
import { ViewRoot } from '../../components/ViewRoot.tsx';
import { useDialog } from '../../dialog-context.ts';
import { errorText } from '../../errors.ts';
import { isReason, promoTranslator, reasonText, rewardText, successText } from './promo-text.ts';
import { ScratchCardInput } from './ScratchCardInput.tsx';
import './promo.css';

export type PromoVariant = 'promocode' | 'scratchcard';

type Screen =
  | { step: 'enter' }
  | { step: 'checked'; check: BonusCheck }
  | { step: 'done'; result: RedeemBonusResult };

/**
 * Flows promocode and scratchcard (spec 2, view promocode): enter a code -> check it (spec 5: success
 * and reason, canRedeem) -> see what it gives -> redeem -> the new balance or the voucher ->
 * Continue posts `success` of the flow. A refused code shows its reason; too many attempts show
 * when to try again (429 Retry-After).
 */
export function PromoCodeForm({ variant }: { variant: PromoVariant }) {
  const { t, lang, api, guest, setGuest, succeed, flow } = useDialog();
  const tp = useMemo(() => promoTranslator(lang), [lang]);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [screen, setScreen] = useState<Screen>({ step: 'enter' });
  const formRef = useRef<HTMLFormElement>(null);
  const scratch = variant === 'scratchcard';
  const title = scratch ? tp('scratchTitle') : tp('promoTitle');

  const failureText = (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code === 'RATE_LIMITED')
        return tp('rateLimited', { seconds: String(Math.max(1, error.retryAfterSeconds ?? 60)) });
      if (isReason(error.code)) return reasonText(tp, error.code);
      return errorText(t, error);
    }
    return tp('failed');
  };

  const { busy, error: formError, setError: setFormError, run } = useBusyAction(failureText);

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    const normalized = scratch ? normalizeScratchCode(code) : normalizeCode(code);
    let problem: string | null = null;
    if (normalized === '') problem = tp('codeRequired');
    else if (scratch && !SCRATCH_CODE_PATTERN.test(normalized)) problem = tp('scratchMalformed');
    else if (!scratch && !isWellFormedCode(normalized)) problem = tp('codeMalformed');
    setFieldError(problem);
    if (problem) {
      setFormError(null);
      formRef.current?.querySelector<HTMLElement>('input')?.focus();
      return;
    }
    void run(async () => {
      const check = await api.endpoint(promotionsEndpoints.checkBonusCode, { params: { code: normalized } });
      setScreen({ step: 'checked', check });
    });
  };

  const onRedeem = (check: BonusCheck) =>
    run(async () => {
      const result = await api.endpoint(promotionsEndpoints.redeemBonus, { body: { code: check.code } });
      if (guest) {
        const balance = coinBalanceOf(result.guestBalanceCents);
        setGuest({
          ...guest,
          balance: balance.coins,
          balanceCents: balance.cents,
          balanceFormatted: balance.formatted,
        });
      }
      setScreen({ step: 'done', result });
    });

  const again = () => {
    setScreen({ step: 'enter' });
    setFormError(null);
    setCode('');
  };

  if (screen.step === 'done') {
    return (
      <ViewRoot view="promocode" screen={`${variant}-done`} title={tp('successTitle')}>
        <p role="status" data-promo-success="">
          {successText(tp, lang, screen.result)}
        </p>
        <div className="promo-actions">
          <button type="button" className="primary" onClick={() => succeed(flow)}>
            {tp('continue')}
          </button>
        </div>
      </ViewRoot>
    );
  }

  if (screen.step === 'checked') {
    const { check } = screen;
    return (
      <ViewRoot view="promocode" screen={`${variant}-checked`} title={title}>
        <p className="context">{check.code}</p>
        {check.reward ? (
          <div className="promo-reward">
            <p className="promo-reward__label">{tp('youGet')}</p>
            <p className="promo-reward__value" data-promo-reward="">
              {rewardText(tp, lang, check.reward)}
            </p>
            {check.oneTime ? <span className="promo-tag">{tp('oneTime')}</span> : null}
          </div>
        ) : null}
        {check.canRedeem ? (
          <p className="promo-ok" role="status">
            {tp('canRedeem')}
          </p>
        ) : (
          <p className="notice" role="alert" data-promo-reason={check.reason}>
            {check.reason === 'OK' ? tp('failed') : reasonText(tp, check.reason)}
          </p>
        )}
        <FormAlert message={formError} />
        <div className="promo-actions">
          {check.canRedeem ? (
            <button
              type="button"
              className="primary"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void onRedeem(check)}
            >
              {busy ? t('working') : tp('redeem')}
            </button>
          ) : null}
          <button type="button" className="secondary" onClick={again} disabled={busy}>
            {tp('otherCode')}
          </button>
        </div>
      </ViewRoot>
    );
  }

  return (
    <ViewRoot view="promocode" screen={variant} title={title}>
      <p className="intro">{scratch ? tp('scratchIntro') : tp('promoIntro')}</p>
      <form ref={formRef} onSubmit={onCheck} noValidate>
        <FormAlert message={formError} />
        {scratch ? (
          <ScratchCardInput
            label={tp('scratchLabel')}
            hint={tp('scratchHint')}
            value={code}
            error={fieldError}
            onChange={setCode}
          />
        ) : (
          <TextField
            name="code"
            label={tp('codeLabel')}
            value={code}
            onChange={setCode}
            error={fieldError ?? undefined}
            autoComplete="off"
            maxLength={64}
          />
        )}
        <SubmitButton busy={busy}>{tp('check')}</SubmitButton>
      </form>
    </ViewRoot>
  );
}

/**
 * The "Phone number" section of the profile page (issue 18, spec 4 pin call verification): number and
 * type (mobile: SMS, landline: voice call) → "Send code"; then one code field as long as the server
 * said (spec 5: 6 mobile, 5 fixed line) → "Verify". Every spec 8 code 1-10 is a sentence a person can
 * act on; verified numbers are listed masked. Loaded lazily by LazyPincallSection (first-load budget).
 */
import type { Language } from '@vela/contracts/common';
import type { PincallVerifications } from '@vela/contracts/pincall';
import { isWellFormedPin, type PincallType } from '@vela/domain/pincall';
import { pincallMessages } from '@vela/i18n/messages/pincall';
import { type Translate, translator } from '@vela/i18n/translate';
import {
  type FormEvent,
  type InputHTMLAttributes,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { RestError } from '../api/rest.ts';
import { FieldError, FormStatus, type StatusMessage } from '../myvela/components/FormStatus.tsx';
import { ProfileSection } from '../myvela/components/ProfileSection.tsx';
import { SaveButton } from '../myvela/components/SaveButton.tsx';
import { loadPincallVerifications, startPincall, verifyPincall } from './api.ts';

type T = Translate<keyof (typeof pincallMessages)['en'] & string>;

/** The text of a failure: a spec 8 code (number) or a transport / REST code. */
function errorText(t: T, error: number | string, left = 0): string {
  if (typeof error === 'number') {
    if (error === 8) return t('error.8', { left });
    if (error >= 1 && error <= 10) return t(`error.${error}` as 'error.1');
    return t('error.generic');
  }
  if (error === 'RATE_LIMITED') return t('error.rateLimited');
  if (error === 'NOT_LOGGED_IN' || error === 'MISSING_TOKEN') return t('error.login');
  if (error === 'NETWORK') return t('error.network');
  return t('error.generic');
}

const codeOf = (error: unknown) => (error instanceof RestError ? error.code : 'UNKNOWN');

/** A labelled text input with its hint and error, both referenced by aria-describedby. */
function TextField({
  id,
  label,
  hint,
  error,
  inputRef,
  onValue,
  ...input
}: {
  id: string;
  label: string;
  hint: string;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onValue: (value: string) => void;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'type' | 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength' | 'value'
>) {
  return (
    <div className="myvela-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
      <p id={`${id}-hint`} className="myvela-hint muted">
        {hint}
      </p>
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

interface Pending {
  id: string;
  type: PincallType;
  codeLength: number;
  phone: string;
}

export default function PincallSection({ lang }: { lang: Language }) {
  const t: T = useMemo(() => translator(pincallMessages, lang), [lang]);
  const [list, setList] = useState<PincallVerifications | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [type, setType] = useState<PincallType>('mobile');
  const [pending, setPending] = useState<Pending | null>(null);
  const [pin, setPin] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusMessage>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);

  const reload = useCallback(async () => {
    setLoadError(null);
    try {
      const loaded = await loadPincallVerifications();
      setList(loaded);
      // An open verification (started on another visit) continues where it was.
      if (loaded.open)
        setPending(
          (current) =>
            current ?? {
              id: loaded.open!.id,
              type: loaded.open!.type,
              codeLength: loaded.open!.codeLength,
              phone: loaded.open!.phone,
            },
        );
    } catch (error) {
      setLoadError(errorText(t, codeOf(error)));
    }
  }, [t]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    if (pending) pinRef.current?.focus();
  }, [pending]);

  const restart = () => {
    setPending(null);
    setPin('');
    setFieldError(null);
    setTimeout(() => phoneRef.current?.focus(), 0);
  };

  const onStart = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (!phone.trim()) {
      setFieldError(t('error.phoneRequired'));
      phoneRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const answer = await startPincall(phone.trim(), type, lang);
      if (answer.success && answer.id && answer.codeLength) {
        const next = { id: answer.id, type, codeLength: answer.codeLength, phone: phone.trim() };
        setPending(next);
        setPin('');
        setStatus({
          kind: 'info',
          text: t(type === 'mobile' ? 'sent.mobile' : 'sent.landline', {
            length: next.codeLength,
            phone: next.phone,
          }),
        });
      } else if (answer.success) {
        setStatus({ kind: 'success', text: t('verified', { phone: phone.trim() }) });
        await reload();
      } else {
        setFieldError(errorText(t, answer.errorCode ?? 10));
        phoneRef.current?.focus();
      }
    } catch (error) {
      setStatus({ kind: 'error', text: errorText(t, codeOf(error)) });
    } finally {
      setBusy(false);
    }
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending) return;
    setStatus(null);
    const typed = pin.trim();
    if (!isWellFormedPin(typed, pending.codeLength)) {
      setFieldError(t('error.codeFormat', { length: pending.codeLength }));
      pinRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const answer = await verifyPincall(pending.id, pending.type, typed);
      if (answer.success) {
        setStatus({ kind: 'success', text: t('verified', { phone: pending.phone }) });
        setPending(null);
        setPhone('');
        setPin('');
        await reload();
        return;
      }
      const code = answer.errorCode ?? 10;
      const text = errorText(t, code, answer.attemptsLeft ?? 0);
      if (code === 8) {
        setFieldError(text);
        setPin('');
        pinRef.current?.focus();
      } else {
        // 4, 7, 9: this verification is over; the number stays for a new code.
        setPending(null);
        setPin('');
        setStatus({ kind: 'error', text });
        setTimeout(() => phoneRef.current?.focus(), 0);
      }
    } catch (error) {
      setStatus({ kind: 'error', text: errorText(t, codeOf(error)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ProfileSection id="phone" title={t('title')} intro={t('intro')}>
      <div aria-live="polite" aria-busy={list === null && loadError === null}>
        {list === null && loadError === null ? (
          <p className="myvela-loading">
            <span className="myvela-spinner" aria-hidden="true" /> {t('loading')}
          </p>
        ) : null}
        {loadError ? (
          <div role="alert">
            <p>{t('loadFailed')}</p>
            <p className="myvela-field-error">{loadError}</p>
            <button type="button" className="shell-button" onClick={() => void reload()}>
              {t('retry')}
            </button>
          </div>
        ) : null}
        {list ? (
          <>
            <h3>{t('list.title')}</h3>
            {list.verified.length === 0 ? (
              <p className="muted">{t('list.empty')}</p>
            ) : (
              <ul data-testid="pincall-verified">
                {list.verified.map((entry) => (
                  <li key={`${entry.phone}-${entry.verifiedAt}`}>
                    <span>{entry.phone}</span>{' '}
                    <span className="muted">
                      {t(entry.type === 'mobile' ? 'list.mobile' : 'list.landline')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>

      {pending ? (
        <form className="myvela-form" onSubmit={onVerify} aria-describedby="pincall-status" noValidate>
          <TextField
            id="pincall-code"
            label={t('code')}
            hint={t('codeHint', { length: pending.codeLength })}
            error={fieldError}
            inputRef={pinRef}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern={`\\d{${pending.codeLength}}`}
            maxLength={pending.codeLength}
            value={pin}
            onValue={(value) => {
              setPin(value.replace(/\D/g, '').slice(0, pending.codeLength));
              if (fieldError) setFieldError(null);
            }}
          />
          <div className="myvela-form__footer">
            <SaveButton saving={busy} label={t('verify')} savingLabel={t('verifying')} />
            <button type="button" className="shell-button" onClick={restart} disabled={busy}>
              {t('restart')}
            </button>
            <FormStatus id="pincall-status" status={status} />
          </div>
        </form>
      ) : (
        <form className="myvela-form" onSubmit={onStart} aria-describedby="pincall-status" noValidate>
          <TextField
            id="pincall-phone"
            label={t('phone')}
            hint={t('phoneHint')}
            error={fieldError}
            inputRef={phoneRef}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={32}
            value={phone}
            onValue={(value) => {
              setPhone(value);
              if (fieldError) setFieldError(null);
            }}
          />
          <fieldset className="myvela-fieldset">
            <legend>{t('type')}</legend>
            {(['mobile', 'landline'] as const).map((value) => (
              <div className="myvela-check" key={value}>
                <input
                  id={`pincall-type-${value}`}
                  type="radio"
                  name="pincall-type"
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                />
                <label htmlFor={`pincall-type-${value}`}>{t(`type.${value}`)}</label>
              </div>
            ))}
          </fieldset>
          <div className="myvela-form__footer">
            <SaveButton saving={busy} label={t('send')} savingLabel={t('sending')} />
            <FormStatus id="pincall-status" status={status} />
          </div>
        </form>
      )}
    </ProfileSection>
  );
}

/**
 * The anonymous voice caller's entry (spec 4, spec 7 "anonymous voice call chat (accessToken,
 * actorId)", decision 0051): the code the phone said; 2000 connects, any other result code is said in
 * words. A modal dialog: focus moves in, Escape closes, the form works with the keyboard alone.
 */
import type { Language } from '@vela/contracts/common';
import { ANONYMOUS_VOICE_CALL_RESULTS } from '@vela/domain/voice-call';
import type { voiceCallMessages } from '@vela/i18n/messages/voicecall';
import type { Translate } from '@vela/i18n/translate';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

type Key = typeof voiceCallMessages extends Record<string, Record<infer K, string>> ? K & string : never;
const ERROR_KEYS: Record<number, Key> = {
  2001: 'error2001',
  2002: 'error2002',
  2003: 'error2003',
  2004: 'error2004',
  2005: 'error2005',
  2006: 'error2006',
};

export function AnonymousVoiceCallDialog({
  actorId,
  t,
  onClose,
}: {
  lang: Language;
  /** The page's performer; 0 when the link named none. */
  actorId: number;
  t: Translate<Key>;
  /** `refusal`: why the call's video did not open (e.g. NEED_AGE_CHECK), null when it did. */
  onClose: (joined: boolean, refusal?: string | null) => void;
}) {
  const titleId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(actorId === 0 ? t('noActor') : null);

  useEffect(() => {
    input.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || actorId === 0) return;
    setBusy(true);
    setError(null);
    try {
      const { enterVoiceCallToken } = await import('./voiceCallApi.ts');
      const answer = await enterVoiceCallToken(token, actorId);
      if (answer.resultCode === ANONYMOUS_VOICE_CALL_RESULTS.OK) {
        onClose(true, answer.refusal?.code ?? null);
        return;
      }
      const key = ERROR_KEYS[answer.resultCode];
      setError(key ? t(key) : t('errorUnknown', { code: answer.resultCode }));
    } catch {
      setError(t('errorNetwork'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="voicecall-dialog__backdrop">
      <div className="voicecall-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('dialogTitle')}</h2>
        <p>{t('dialogIntro')}</p>
        <form onSubmit={submit} noValidate>
          <label htmlFor={inputId}>{t('tokenLabel')}</label>
          <input
            ref={input}
            id={inputId}
            name="voicecallToken"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          {error ? (
            <p id={`${inputId}-error`} className="voicecall-dialog__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="voicecall-dialog__actions">
            <button type="submit" className="button button--primary" disabled={busy || actorId === 0}>
              {busy ? t('submitting') : t('submit')}
            </button>
            <button type="button" className="button" onClick={() => onClose(false)}>
              {t('close')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

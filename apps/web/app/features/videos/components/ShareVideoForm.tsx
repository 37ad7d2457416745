/**
 * "Send this video to a friend" (spec 7 guest/sendVideoShareEmail) for the `video-with-player`
 * modal. Props API:
 *
 *   <ShareVideoForm lang="en" videoId={42} onSent={(email) => ...} />
 *
 * One recipient address, the language of the mail (the page's language first), an optional plain
 * text note (at most 200 characters). States: editing, sending, sent (with "send to another
 * friend"), and an error in words (invalid address, too many mails for now, age check needed, video
 * gone, session ended). A visitor sees a login button instead of the form (logged-in only).
 */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import { VIDEO_SHARE_NOTE_MAX } from '@vela/contracts/video-actions';
import { isValidEmail } from '@vela/domain/email';
import { type FormEvent, useId, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { sendVideoShareEmail } from '../api/videoActionsApi.ts';
import { useVideoActionsT } from '../useVideoActionsT.ts';
import { videoActionErrorKey } from '../videoActionError.ts';
import '../video-actions.css';

export interface ShareVideoFormProps {
  lang: Language;
  videoId: number;
  /** After a mail went out (the recipient's address). */
  onSent?: (email: string) => void;
}

type State = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent'; email: string };

export function ShareVideoForm({ lang, videoId, onSent }: ShareVideoFormProps) {
  const t = useVideoActionsT(lang);
  const { loggedIn } = useViewer();
  const { open } = usePaymentDialog();
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Language>(lang);
  const [note, setNote] = useState('');
  const [state, setState] = useState<State>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const id = useId();

  if (!loggedIn) {
    return (
      <section className="video-share" aria-labelledby={`${id}-h`}>
        <h3 id={`${id}-h`} className="video-share__heading">
          {t('share.heading')}
        </h3>
        <p>{t('share.login')}</p>
        <button type="button" className="button" onClick={() => open('login')}>
          {t('share.loginButton')}
        </button>
      </section>
    );
  }

  if (state.kind === 'sent') {
    return (
      <section className="video-share" aria-labelledby={`${id}-h`}>
        <h3 id={`${id}-h`} className="video-share__heading">
          {t('share.heading')}
        </h3>
        <p role="status" className="video-share__sent">
          {t('share.sent', { email: state.email })}
        </p>
        <button
          type="button"
          className="button video-share__again"
          onClick={() => {
            setEmail('');
            setNote('');
            setState({ kind: 'editing' });
          }}
        >
          {t('share.another')}
        </button>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setEmailInvalid(true);
      setError(t('error.email'));
      return;
    }
    if (note.length > VIDEO_SHARE_NOTE_MAX) {
      setError(t('error.noteTooLong', { max: VIDEO_SHARE_NOTE_MAX }));
      return;
    }
    setEmailInvalid(false);
    setError(null);
    setState({ kind: 'sending' });
    try {
      const trimmed = note.trim();
      await sendVideoShareEmail({ videoId, email: address, language, ...(trimmed ? { note: trimmed } : {}) });
      setState({ kind: 'sent', email: address });
      onSent?.(address);
    } catch (caught) {
      const key = videoActionErrorKey(caught);
      setEmailInvalid(key === 'error.email');
      setError(t(key));
      setState({ kind: 'editing' });
    }
  };

  const sending = state.kind === 'sending';
  const left = VIDEO_SHARE_NOTE_MAX - note.length;
  return (
    <section className="video-share" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="video-share__heading">
        {t('share.heading')}
      </h3>
      <form className="video-share__form" onSubmit={submit} noValidate aria-busy={sending}>
        <label htmlFor={`${id}-email`}>{t('share.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="off"
          inputMode="email"
          required
          maxLength={254}
          value={email}
          aria-invalid={emailInvalid || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
          disabled={sending}
        />
        <label htmlFor={`${id}-lang`}>{t('share.language')}</label>
        <select
          id={`${id}-lang`}
          name="language"
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
          disabled={sending}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`language.${code}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-note`}>{t('share.note')}</label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={3}
          maxLength={VIDEO_SHARE_NOTE_MAX}
          value={note}
          aria-describedby={`${id}-note-hint`}
          onChange={(event) => setNote(event.target.value)}
          disabled={sending}
        />
        <p id={`${id}-note-hint`} className="video-share__hint">
          {t('share.noteHint', { max: VIDEO_SHARE_NOTE_MAX, left: Math.max(0, left) })}
        </p>
        {error ? (
          <p id={`${id}-error`} className="video-share__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('share.sending') : t('share.send')}
        </button>
      </form>
    </section>
  );
}

/**
 * The guest's sessions (`guest/sessions`): device (user agent shortened), IP, when it logged in
 * and was last active (page language), "this device" marker and "Sign out" for every other
 * session (`DELETE guest/sessions/:id`).
 */
import type { Language } from '@vela/contracts/common';
import { useRef, useState } from 'react';
import { signOutSession } from '../api/guestApi.ts';
import { errorCodeOf, errorText } from '../errors.ts';
import type { MyVelaT } from '../hooks/useMyVelaT.ts';
import type { useSessions } from '../hooks/useSessions.ts';
import { formatDateTime, type GuestSession } from '../profile.ts';
import { deviceName, truncate } from '../userAgent.ts';
import { FormStatus, type StatusMessage } from './FormStatus.tsx';
import { SaveButton } from './SaveButton.tsx';

function deviceLabel(t: MyVelaT, session: GuestSession): string {
  const { browser, os } = deviceName(session.userAgent);
  if (browser && os) return t('sessions.device', { browser, os });
  if (browser || os) return (browser ?? os)!;
  return session.userAgent ? truncate(session.userAgent) : t('sessions.unknownDevice');
}

interface SessionsSectionProps {
  t: MyVelaT;
  lang: Language;
  sessions: ReturnType<typeof useSessions>;
}

export function SessionsSection({ t, lang, sessions }: SessionsSectionProps) {
  const { state, reload, remove } = sessions;
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusMessage>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onSignOut = async (session: GuestSession) => {
    const device = deviceLabel(t, session);
    setPending(session.id);
    setStatus(null);
    try {
      await signOutSession(session.id);
      remove(session.id);
      setStatus({ kind: 'success', text: t('sessions.signedOut', { device }) });
      // The focused button is gone with its row: keep the keyboard user in this section.
      headingRef.current?.focus();
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'SESSION_NOT_FOUND') remove(session.id);
      setStatus({ kind: 'error', text: errorText(t, code) });
    } finally {
      setPending(null);
    }
  };

  const loadError = state.status === 'error' ? errorText(t, state.code) : null;

  return (
    <section className="myvela-card" id="sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="myvela-card__title" ref={headingRef} tabIndex={-1}>
        {t('sessions.title')}
      </h2>
      <p className="myvela-card__intro muted">{t('sessions.intro')}</p>
      <div aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && state.sessions.length === 0 ? (
          <p className="myvela-loading">
            <span className="myvela-spinner" aria-hidden="true" /> {t('sessions.loading')}
          </p>
        ) : null}
        {state.sessions.length > 0 ? (
          <ul className="myvela-sessions" aria-label={t('sessions.count', { count: state.sessions.length })}>
            {state.sessions.map((session) => {
              const device = deviceLabel(t, session);
              const lastSeen = formatDateTime(session.lastSeenAt, lang);
              return (
                <li
                  key={session.id}
                  className={`myvela-session${session.current ? ' myvela-session--current' : ''}`}
                  data-session-id={session.id}
                >
                  <div className="myvela-session__head">
                    <span className="myvela-session__device" title={session.userAgent ?? undefined}>
                      {device}
                    </span>
                    {session.current ? (
                      <span className="myvela-badge myvela-badge--current">{t('sessions.current')}</span>
                    ) : null}
                  </div>
                  <dl className="myvela-session__facts">
                    <div>
                      <dt>{t('sessions.ip')}</dt>
                      <dd>{session.ip ?? t('sessions.unknown')}</dd>
                    </div>
                    <div>
                      <dt>{t('sessions.created')}</dt>
                      <dd>
                        <time dateTime={session.createdAt}>{formatDateTime(session.createdAt, lang)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>{t('sessions.lastSeen')}</dt>
                      <dd>
                        <time dateTime={session.lastSeenAt}>{lastSeen}</time>
                      </dd>
                    </div>
                  </dl>
                  {session.current ? null : (
                    <SaveButton
                      type="button"
                      variant="plain"
                      saving={pending === session.id}
                      label={t('sessions.signOut')}
                      savingLabel={t('form.saving')}
                      ariaLabel={t('sessions.signOutLabel', { device, date: lastSeen })}
                      onClick={() => void onSignOut(session)}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      {loadError ? <p className="myvela-field-error">{loadError}</p> : null}
      <div className="myvela-form__footer">
        <SaveButton
          type="button"
          variant="plain"
          saving={state.status === 'loading'}
          label={t('sessions.reload')}
          savingLabel={t('sessions.loading')}
          onClick={reload}
        />
        <FormStatus id="sessions-status" status={status} />
      </div>
    </section>
  );
}

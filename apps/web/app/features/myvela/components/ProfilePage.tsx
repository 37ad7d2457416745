/**
 * The profile page of a logged-in guest: Account (from the page's viewer, in the server HTML),
 * then Preferences, Newsletter, Notifications, Phone number (lazy), Password and Sessions once GET
 * guest/profile has answered in the browser.
 */
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { LazyPincallSection } from '../../pincall/LazyPincallSection.tsx';
import { errorText } from '../errors.ts';
import { useGuestProfile } from '../hooks/useGuestProfile.ts';
import { useMyVelaT } from '../hooks/useMyVelaT.ts';
import { useSessions } from '../hooks/useSessions.ts';
import { withNewsletter } from '../newsletter.ts';
import { NewsletterSection } from './NewsletterSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { PreferencesSection } from './PreferencesSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';

export function ProfilePage({ lang, viewer, path }: { lang: Language; viewer: GuestMe; path: string }) {
  const t = useMyVelaT(lang);
  const dialog = usePaymentDialog();
  const { state, reload, update } = useGuestProfile(lang, true);
  const sessions = useSessions(state.status === 'ready');
  const guest = state.status === 'ready' ? state.profile.guest : viewer;

  return (
    <>
      <ProfileSection id="account" title={t('account.title')}>
        <dl className="myvela-facts">
          <div>
            <dt>{t('account.name')}</dt>
            <dd>{guest.name}</dd>
          </div>
          <div>
            <dt>{t('account.email')}</dt>
            <dd>{guest.email}</dd>
          </div>
        </dl>
      </ProfileSection>

      <div aria-live="polite" aria-busy={state.status === 'loading'} className="myvela-profile-state">
        {state.status === 'loading' ? (
          <p className="myvela-loading">
            <span className="myvela-spinner" aria-hidden="true" /> {t('profile.loading')}
          </p>
        ) : null}
        {state.status === 'error' ? (
          <div className="myvela-card" role="alert">
            <p>{t('profile.loadFailed')}</p>
            <p className="myvela-field-error">{errorText(t, state.code)}</p>
            <div className="myvela-actions">
              {state.code === 'NOT_LOGGED_IN' ? (
                // The session ended elsewhere (signed out, password changed): log in and come back here.
                <button
                  type="button"
                  className="shell-button shell-button--primary"
                  onClick={() =>
                    dialog.open('login', {
                      onLoginAction: { type: 'redirectTo', params: { targetUrl: path } },
                      targetUrl: path,
                    })
                  }
                >
                  {t('visitor.login')}
                </button>
              ) : null}
              <button type="button" className="shell-button" onClick={reload}>
                {t('profile.retry')}
              </button>
            </div>
          </div>
        ) : null}
      </div>

      {state.status === 'ready' ? (
        <div className="myvela-sections">
          <PreferencesSection
            t={t}
            initial={state.profile.preferences}
            onSaved={(preferences) => update((p) => ({ ...p, preferences }))}
          />
          <NewsletterSection
            t={t}
            guest={state.profile.guest}
            initialMask={state.profile.newsletterMask}
            onChanged={(type, on) =>
              update((p) => ({ ...p, newsletterMask: withNewsletter(p.newsletterMask, type, on) }))
            }
          />
          <NotificationsSection
            t={t}
            initial={state.profile.notificationsSettings}
            onSaved={(notificationsSettings) => update((p) => ({ ...p, notificationsSettings }))}
          />
          <LazyPincallSection lang={lang} />
          <PasswordSection t={t} onChanged={sessions.reload} />
          <SessionsSection t={t} lang={lang} sessions={sessions} />
        </div>
      ) : null}
    </>
  );
}

/**
 * The guest area's root for a logged-in guest: greeting, age verification, the sections that
 * exist (profile always; the others only once their page is built), the transaction history
 * with receipts (issue 4) and logging out.
 */
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import { pathFor, type RouteName } from '@vela/i18n/routes';
import { useState } from 'react';
import { Link } from 'react-router';
import { FavoriteActorsBlock } from '../../favorites/components/FavoriteActorsBlock.tsx';
import { linkIfBuilt } from '../../i18n/implemented.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { logout } from '../api/guestApi.ts';
import { errorCodeOf, errorText, type MyVelaMessageKey } from '../errors.ts';
import { useMyVelaT } from '../hooks/useMyVelaT.ts';
import { AvsCard } from './AvsCard.tsx';
import { FormStatus, type StatusMessage } from './FormStatus.tsx';
import { SaveButton } from './SaveButton.tsx';
import { TransactionsSection } from './TransactionsSection.tsx';

/** Other guest-area sections (spec 2), linked only when their page exists. */
const OTHER_SECTIONS: [RouteName, MyVelaMessageKey][] = [
  ['MyVela/Mediathek', 'root.mediathek'],
  ['MyVela/FavoriteCams', 'root.favoriteCams'],
  ['MyVela/Benefits', 'root.benefits'],
  ['MyVela/Spinwheel', 'root.spinwheel'],
];

export function MyVelaHome({ lang, guest }: { lang: Language; guest: GuestMe }) {
  const t = useMyVelaT(lang);
  const { brandName } = useShell();
  const [loggingOut, setLoggingOut] = useState(false);
  const [status, setStatus] = useState<StatusMessage>(null);
  const others = OTHER_SECTIONS.flatMap(([name, label]) => {
    const href = linkIfBuilt(name, lang);
    return href ? [{ href, label }] : [];
  });

  const onLogout = async () => {
    setLoggingOut(true);
    setStatus(null);
    try {
      await logout();
      // A fresh page: the shell, the dialog and this page all see the visitor again.
      window.location.reload();
    } catch (error) {
      setLoggingOut(false);
      setStatus({ kind: 'error', text: errorText(t, errorCodeOf(error)) });
    }
  };

  return (
    <>
      <p className="myvela-greeting">{t('root.greeting', { name: guest.name })}</p>
      <p className="page__lead">{t('root.lead')}</p>
      <div className="myvela-grid">
        <AvsCard lang={lang} guest={guest} />
        <FavoriteActorsBlock lang={lang} />
        <nav className="myvela-card" aria-labelledby="myvela-sections-title">
          <h2 id="myvela-sections-title" className="myvela-card__title">
            {t('root.sections')}
          </h2>
          <ul className="myvela-links">
            <li>
              <Link to={pathFor('MyVela/Profile', lang)} className="myvela-links__item">
                <span className="myvela-links__label">{t('root.profile')}</span>
                <span className="muted">{t('root.profileText')}</span>
              </Link>
            </li>
            {others.map(({ href, label }) => (
              <li key={href}>
                <Link to={href} className="myvela-links__item">
                  <span className="myvela-links__label">{t(label)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <TransactionsSection lang={lang} brand={brandName} />
      <div className="myvela-actions">
        <SaveButton
          type="button"
          variant="plain"
          saving={loggingOut}
          label={t('root.logout')}
          savingLabel={t('root.loggingOut')}
          onClick={onLogout}
        />
      </div>
      <FormStatus id="myvela-logout-status" status={status} />
    </>
  );
}

import type { Language } from '@vela/contracts/common';
import type { NavigationData } from '@vela/contracts/pages';
import { shellMessages } from '@vela/i18n/messages/shell';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import type { ReactNode } from 'react';
import type { ConsentState } from '../../consent/consent.ts';

export interface AppShellProps {
  lang: Language;
  /** The current page in every language (language switcher, keeps the page). */
  alternates: Record<Language, string>;
  navigation: NavigationData;
  /** Consent read from the request's cookie; null when the visitor has not decided yet. */
  consent: ConsentState | null;
  brandName: string;
  children: ReactNode;
}

const LANGS: Language[] = ['de', 'en', 'nl', 'es'];

export function AppShell({ lang, alternates, navigation, brandName, children }: AppShellProps) {
  const t = translator(shellMessages, lang);
  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <header className="navbar">
        <a
          className="navbar__brand"
          href={pathFor('Home', lang)}
          aria-label={t('brandHome', { brand: brandName })}
        >
          {brandName}
        </a>
        <nav className="navbar__primary" aria-label={t('primaryNavigation')}>
          <a href={pathFor('Home', lang)}>{t('home')}</a>
        </nav>
        <span className="navbar__online">{t('onlineCount', { count: navigation.onlineCount })}</span>
        <ul className="navbar__langs">
          {LANGS.map((l) => (
            <li key={l}>
              <a href={alternates[l]} hrefLang={l} lang={l} aria-current={l === lang ? 'true' : undefined}>
                {l.toUpperCase()}
              </a>
            </li>
          ))}
        </ul>
      </header>
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <a href={pathFor('TermsOfService', lang)}>{t('termsOfService')}</a>
        <a href={pathFor('DataProtection', lang)}>{t('dataProtection')}</a>
      </footer>
    </div>
  );
}

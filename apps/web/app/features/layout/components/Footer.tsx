import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { useConsent } from '../../consent/state/ConsentProvider.tsx';
import { useShell } from '../state/ShellContext.tsx';
import { LanguageLinks } from './LanguageLinks.tsx';
import { LegalLinkItems } from './LegalLinks.tsx';

/** Footer: legal links, language links, cookie settings. */
export function Footer() {
  const { lang, t, brandName } = useShell();
  const { openSettings } = useConsent();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav aria-label={t('footerNavigation')} className="footer__links">
          <ul>
            <li>
              <Link to={pathFor('Home', lang)}>{t('home')}</Link>
            </li>
            <LegalLinkItems />
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => openSettings()}
                data-cookie-settings=""
              >
                {t('cookieSettings')}
              </button>
            </li>
          </ul>
        </nav>
        <LanguageLinks className="language-links language-links--footer" label={t('footerLanguages')} />
        <p className="footer__copy">
          {t('footerCopyright', { year: new Date().getFullYear(), brand: brandName })}
        </p>
      </div>
    </footer>
  );
}

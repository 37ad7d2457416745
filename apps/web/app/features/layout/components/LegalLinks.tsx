import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { useShell } from '../state/ShellContext.tsx';

/** List items linking the legal texts (terms of service, data protection), for menus and the footer. */
export function LegalLinkItems() {
  const { lang, t } = useShell();
  return (
    <>
      <li>
        <Link to={pathFor('TermsOfService', lang)}>{t('termsOfService')}</Link>
      </li>
      <li>
        <Link to={pathFor('DataProtection', lang)}>{t('dataProtection')}</Link>
      </li>
    </>
  );
}

import { Link } from 'react-router';
import { LANGUAGES } from '../../i18n/language.ts';
import { useShell } from '../state/ShellContext.tsx';

/** Links to the current page in every language; the current language is marked aria-current. */
export function LanguageLinks({
  className,
  label,
  landmark = true,
}: {
  className: string;
  label: string;
  /** A navigation landmark of its own (navbar, footer) or a plain group (inside a menu). */
  landmark?: boolean;
}) {
  const { lang, alternates, t } = useShell();
  const Wrapper = landmark ? 'nav' : 'div';
  return (
    <Wrapper className={className} aria-label={label} role={landmark ? undefined : 'group'}>
      <ul>
        {LANGUAGES.map((l) => (
          <li key={l}>
            <Link
              to={alternates[l]}
              hrefLang={l}
              lang={l}
              aria-current={l === lang ? 'true' : undefined}
              title={t('languageName', { lang: l })}
            >
              <span aria-hidden="true">{l.toUpperCase()}</span>
              <span className="visually-hidden">{t('languageName', { lang: l })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Wrapper>
  );
}

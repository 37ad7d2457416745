import type { NavigationData } from '@vela/contracts/pages';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { useShell } from '../state/ShellContext.tsx';
import { LegalLinkItems } from './LegalLinks.tsx';
import { MenuPanel } from './MenuPanel.tsx';

/** Navigation menu: home, every category, legal links (the primary navigation on mobile). */
export function NavigationMenu({ navigation }: { navigation: NavigationData }) {
  const { lang, t } = useShell();
  return (
    <MenuPanel menu="navigation" label={t('menuNavigation')} align="start">
      <ul className="menu-list">
        <li>
          <Link to={pathFor('Home', lang)}>{t('home')}</Link>
        </li>
      </ul>
      {navigation.categories.length > 0 ? (
        <>
          <h2 className="menu-heading">{t('categories')}</h2>
          <ul className="menu-list menu-list--columns">
            {navigation.categories.map((c) => (
              <li key={c.id}>
                <Link to={pathFor('Categories/Category', lang, { categorySlug: c.slug })}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 className="menu-heading">{t('legal')}</h2>
      <ul className="menu-list">
        <LegalLinkItems />
      </ul>
    </MenuPanel>
  );
}

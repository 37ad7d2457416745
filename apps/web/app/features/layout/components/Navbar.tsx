/**
 * Navbar (spec 2): brand, primary navigation, online count, search, coins info, notifications,
 * account (log in / sign up or Get VIP), my-account, language switcher. Hides on scroll down and shows on scroll up (spec 4/9 rules in
 * packages/domain/src/navbar-scroll.ts); never hidden while a menu is open. Below 1023 px the
 * primary navigation collapses into the navigation menu (CSS).
 */
import type { NavigationData } from '@vela/contracts/pages';
import { pathFor } from '@vela/i18n/routes';
import { Link, NavLink } from 'react-router';
import { NavbarAccount } from '../../auth/components/NavbarAccount.tsx';
import { NavbarMessagesLink } from '../../messenger/components/NavbarMessagesLink.tsx';
import { useModals } from '../../modals/state/ModalProvider.tsx';
import { FloatingNotifications } from '../../notifications/components/FloatingNotifications.tsx';
import { NotificationsMenu } from '../../notifications/components/NotificationsMenu.tsx';
import { NotificationsToggle } from '../../notifications/components/NotificationsToggle.tsx';
import { useOnlineTotal } from '../../realtime/hooks/useOnlineTotal.ts';
import { SearchOverlay } from '../../search/components/SearchOverlay.tsx';
import { useNavbarScroll } from '../hooks/useNavbarScroll.ts';
import { useMenus } from '../state/MenuProvider.tsx';
import { useShell } from '../state/ShellContext.tsx';
import { Icon } from './Icon.tsx';
import { LanguageLinks } from './LanguageLinks.tsx';
import { MenuToggle } from './MenuToggle.tsx';
import { MyAccountMenu } from './MyAccountMenu.tsx';
import { NavigationMenu } from './NavigationMenu.tsx';
import '../../notifications/notifications.css';

/** Categories shown inline in the desktop primary navigation; all of them are in the navigation menu. */
const PRIMARY_CATEGORIES = 3;

export function Navbar({ navigation }: { navigation: NavigationData }) {
  const { lang, t, brandName } = useShell();
  const { anyOpen } = useMenus();
  const { open } = useModals();
  const hidden = useNavbarScroll(anyOpen);
  // The server's count until the socket's presence events bring a newer one.
  const onlineCount = useOnlineTotal(navigation.onlineCount);

  return (
    <header
      className={['navbar', hidden ? 'navbar--hidden' : '', anyOpen ? 'navbar--menu-open' : '']
        .filter(Boolean)
        .join(' ')}
      data-navbar=""
      data-navbar-hidden={hidden ? 'true' : 'false'}
    >
      <div className="navbar__inner">
        <div className="navbar__start">
          <MenuToggle menu="navigation" icon="menu" label={t('menuNavigation')} />
          <Link
            className="navbar__brand"
            to={pathFor('Home', lang)}
            aria-label={t('brandHome', { brand: brandName })}
          >
            <span className="navbar__logo" aria-hidden="true" />
            <span>{brandName}</span>
          </Link>
          <nav className="navbar__primary" aria-label={t('primaryNavigation')}>
            <ul>
              <li>
                <NavLink to={pathFor('Home', lang)} end>
                  {t('home')}
                </NavLink>
              </li>
              {navigation.categories.slice(0, PRIMARY_CATEGORIES).map((c) => (
                <li key={c.id}>
                  <NavLink to={pathFor('Categories/Category', lang, { categorySlug: c.slug })}>
                    {c.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="navbar__end">
          <span className="navbar__online" data-online-count={onlineCount}>
            <span className="online-dot" aria-hidden="true" />
            {t('onlineCount', { count: onlineCount })}
          </span>
          <MenuToggle menu="search" icon="search" label={t('menuSearch')} />
          <button
            type="button"
            className="navbar__button navbar__button--coins"
            aria-label={t('coinsInfo')}
            data-open-modal="vxcoin-info"
            onClick={() => open('vxcoin-info', { lockScroll: true, aboveCookieBanner: true })}
          >
            <Icon name="coin" />
          </button>
          <NavbarAccount />
          <NavbarMessagesLink />
          <NotificationsToggle label={t('menuNotifications')} />
          <MenuToggle menu="my-account" icon="user" label={t('menuMyAccount')} />
          <LanguageLinks className="language-links language-links--navbar" label={t('language')} />
        </div>
      </div>
      <NavigationMenu navigation={navigation} />
      <SearchOverlay />
      <NotificationsMenu />
      <FloatingNotifications />
      <MyAccountMenu />
    </header>
  );
}

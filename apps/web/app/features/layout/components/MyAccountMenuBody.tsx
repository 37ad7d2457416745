/**
 * The content of the my-account menu (MyAccountMenu.tsx), loaded when the menu first opens (issue 15:
 * first load on a phone): the account section (visitors: log in / sign up; guests: name, guest area,
 * AVS status, log out), language choice, coins info, cookie settings, legal links.
 */
import { AccountMenuSection } from '../../auth/components/AccountMenuSection.tsx';
import { useConsent } from '../../consent/state/ConsentProvider.tsx';
import { useModals } from '../../modals/state/ModalProvider.tsx';
import { menuToggleId, useMenu } from '../state/MenuProvider.tsx';
import { useShell } from '../state/ShellContext.tsx';
import { Icon } from './Icon.tsx';
import { LanguageLinks } from './LanguageLinks.tsx';
import { LegalLinkItems } from './LegalLinks.tsx';

export function MyAccountMenuBody() {
  const { t } = useShell();
  const { openSettings } = useConsent();
  const { open } = useModals();
  const { close } = useMenu('my-account');
  return (
    <>
      <AccountMenuSection onAction={() => close('close-button')} />
      <h2 className="menu-heading">{t('language')}</h2>
      <LanguageLinks className="language-links language-links--menu" label={t('language')} landmark={false} />
      <ul className="menu-list">
        <li>
          <button
            type="button"
            className="link-button"
            data-open-modal="vxcoin-info"
            onClick={() => open('vxcoin-info', { lockScroll: true, aboveCookieBanner: true })}
          >
            <Icon name="coin" /> {t('coinsInfo')}
          </button>
        </li>
        <li>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              close('close-button');
              openSettings(document.getElementById(menuToggleId('my-account')));
            }}
          >
            {t('cookieSettings')}
          </button>
        </li>
      </ul>
      <h2 className="menu-heading">{t('legal')}</h2>
      <ul className="menu-list">
        <LegalLinkItems />
      </ul>
    </>
  );
}

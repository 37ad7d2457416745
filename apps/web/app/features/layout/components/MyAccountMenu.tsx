/**
 * My-account menu: the account section, language choice, coins info, cookie settings, legal links
 * (MyAccountMenuBody, loaded when the menu first opens: issue 15, first load on a phone).
 */
import { useShell } from '../state/ShellContext.tsx';
import { lazyPanelContent } from './lazyPanelContent.tsx';
import { MenuPanel } from './MenuPanel.tsx';

const MyAccountMenuBody = lazyPanelContent('My-account menu', () =>
  import('./MyAccountMenuBody.tsx').then((module) => module.MyAccountMenuBody),
);

export function MyAccountMenu() {
  const { t } = useShell();
  return (
    <MenuPanel menu="my-account" label={t('menuMyAccount')}>
      <MyAccountMenuBody />
    </MenuPanel>
  );
}

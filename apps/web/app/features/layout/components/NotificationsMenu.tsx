/** Notifications are for logged-in guests only (spec 6): anonymous visitors see the empty state. */
import { useShell } from '../state/ShellContext.tsx';
import { MenuPanel } from './MenuPanel.tsx';

export function NotificationsMenu() {
  const { t } = useShell();
  return (
    <MenuPanel menu="notifications" label={t('menuNotifications')}>
      <p className="menu-empty">{t('notificationsLoggedOut')}</p>
    </MenuPanel>
  );
}

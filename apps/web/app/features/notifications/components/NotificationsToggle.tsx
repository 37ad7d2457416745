/** The navbar's bell: opens the notifications menu and shows the unread count (spec 4). */
import { MenuToggle } from '../../layout/components/MenuToggle.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useLiveT } from '../hooks/useLiveT.ts';
import { useNotifications } from '../hooks/useNotifications.ts';

export function NotificationsToggle({ label }: { label: string }) {
  const { lang } = useShell();
  const t = useLiveT(lang);
  const { counts } = useNotifications();
  return (
    <MenuToggle
      menu="notifications"
      icon="bell"
      label={label}
      badge={{ count: counts.unreadTotal, label: t('unreadBadge', { count: counts.unreadTotal }) }}
    />
  );
}

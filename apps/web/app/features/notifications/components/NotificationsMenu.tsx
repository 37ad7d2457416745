/**
 * The notifications menu of the navbar (spec 4, spec 9): the newest 5, unread marked, opened from
 * the bell (NotificationsList, loaded at the first opening). Visitors see the logged-out text (spec 6:
 * logged-in only).
 */
import type { Notification } from '@vela/contracts/socket';
import { pathFor } from '@vela/i18n/routes';
import { useViewer } from '../../auth/useViewer.tsx';
import { lazyPanelContent } from '../../layout/components/lazyPanelContent.tsx';
import { MenuPanel } from '../../layout/components/MenuPanel.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { LazyWebPushToggle } from '../../webpush/components/LazyWebPushToggle.tsx';

/** Where a notification leads in this language: a favorite's profile, else its own path. */
export function notificationHref(
  notification: Notification,
  lang: Parameters<typeof pathFor>[1],
): string | null {
  const name = notification.params.actorName;
  if (notification.type === 1 && typeof name === 'string')
    return pathFor('Actor', lang, { actorName: name.toLowerCase() });
  return notification.url;
}

/** The list loads when a logged-in guest first opens the menu (issue 15: first load on a phone). */
const NotificationsList = lazyPanelContent('Notifications menu', () =>
  import('./NotificationsList.tsx').then((module) => module.NotificationsList),
);

/** The navbar's newest unread messages (spec 4, spec 9), with the menu's content. */
const NavbarMessagesList = lazyPanelContent('Navbar messages', () =>
  import('../../messenger/components/NavbarMessagesList.tsx').then((module) => module.NavbarMessagesList),
);

export function NotificationsMenu() {
  const { t: shellT } = useShell();
  const { loggedIn, pending } = useViewer();
  return (
    <MenuPanel menu="notifications" label={shellT('menuNotifications')}>
      {loggedIn ? (
        <NotificationsList />
      ) : pending ? null : (
        <p className="menu-empty">{shellT('notificationsLoggedOut')}</p>
      )}
      {loggedIn ? <NavbarMessagesList /> : null}
      {loggedIn ? <LazyWebPushToggle /> : null}
    </MenuPanel>
  );
}

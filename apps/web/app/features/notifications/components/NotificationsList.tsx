/**
 * The logged-in guest's notifications in the open menu (NotificationsMenu.tsx), loaded when the menu
 * first opens (issue 15: first load on a phone): the newest 5, unread marked. Opening asks the socket
 * for the list and marks what it shows as seen; a click marks one read and follows its link.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useMenu } from '../../layout/state/MenuProvider.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useSocketSend } from '../../realtime/hooks/useSocketSend.ts';
import { useSocketStatus } from '../../realtime/hooks/useSocketStatus.ts';
import { useLiveT, useNotificationText } from '../hooks/useLiveT.ts';
import { useNotifications } from '../hooks/useNotifications.ts';
import { notificationHref } from './NotificationsMenu.tsx';

export function NotificationsList() {
  const { lang } = useShell();
  const t = useLiveT(lang);
  const text = useNotificationText(lang);
  const { navbar } = useNotifications();
  const status = useSocketStatus();
  const send = useSocketSend();
  const { close } = useMenu('notifications');

  // Each opening asks for the newest 5 (queued until the session is acknowledged).
  useEffect(() => {
    send({ type: 'getNavbarNotifications' });
  }, [send]);
  // What the guest has seen in the open menu is seen (unseen -> seen).
  useEffect(() => {
    for (const notification of navbar ?? [])
      if (notification.unseen) send({ type: 'markNotificationSeen', notificationId: notification.id });
  }, [navbar, send]);

  if (navbar === null)
    return (
      <p className="menu-empty" role="status">
        {status === 'open' ? t('notificationsLoading') : t('notificationsOffline')}
      </p>
    );
  if (navbar.length === 0) return <p className="menu-empty">{t('notificationsEmpty')}</p>;
  return (
    <ul className="notifications" data-notifications-list>
      {navbar.map((notification) => {
        const href = notificationHref(notification, lang);
        const read = () => {
          if (notification.unread) send({ type: 'markNotificationRead', notificationId: notification.id });
        };
        const label = (
          <>
            <span className="notifications__text">{text(notification)}</span>
            <time className="notifications__time muted" dateTime={notification.createdAt}>
              {new Date(notification.createdAt).toLocaleString(lang, {
                dateStyle: 'short',
                timeStyle: 'short',
              })}
            </time>
            {notification.unread ? (
              <span className="notifications__unread">{t('notificationUnread')}</span>
            ) : null}
          </>
        );
        return (
          <li
            key={notification.id}
            className={
              notification.unread ? 'notifications__item notifications__item--unread' : 'notifications__item'
            }
            data-notification-id={notification.id}
            data-unread={notification.unread}
          >
            {href ? (
              <Link
                to={href}
                className="notifications__link"
                onClick={() => {
                  read();
                  close('navigation');
                }}
              >
                {label}
              </Link>
            ) : (
              <div className="notifications__link">{label}</div>
            )}
            {notification.unread ? (
              <button type="button" className="notifications__mark" onClick={read}>
                {t('markRead')}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

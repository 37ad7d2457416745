/**
 * Floating notifications (spec 4, spec 9): the newest 5 unseen, in a polite live region at the
 * page's edge. A new notification appears here on every open page at once; dismissing one marks
 * it seen (on every page), following it marks it read.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useViewer } from '../../auth/useViewer.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useSocketSend } from '../../realtime/hooks/useSocketSend.ts';
import { useSocketSession } from '../../realtime/hooks/useSocketSession.ts';
import { useLiveT, useNotificationText } from '../hooks/useLiveT.ts';
import { useNotifications } from '../hooks/useNotifications.ts';
import { notificationHref } from './NotificationsMenu.tsx';

export function FloatingNotifications() {
  const { loggedIn } = useViewer();
  return loggedIn ? <FloatingList /> : null;
}

function FloatingList() {
  const { lang } = useShell();
  const t = useLiveT(lang);
  const text = useNotificationText(lang);
  const { floating } = useNotifications();
  const session = useSocketSession();
  const send = useSocketSend();

  // After every (re)connect: the unseen ones, so what arrived meanwhile shows too.
  useEffect(() => {
    if (session?.snapshot) send({ type: 'getFloatingNotifications' });
  }, [session, send]);

  return (
    <section className="floating-notifications" aria-label={t('floatingRegion')} aria-live="polite">
      {floating.map((notification) => {
        const href = notificationHref(notification, lang);
        return (
          <div
            key={notification.id}
            className="floating-notifications__item"
            data-floating-notification={notification.id}
          >
            {href ? (
              <Link
                to={href}
                className="floating-notifications__text"
                onClick={() => send({ type: 'markNotificationRead', notificationId: notification.id })}
              >
                {text(notification)}
              </Link>
            ) : (
              <span className="floating-notifications__text">{text(notification)}</span>
            )}
            <button
              type="button"
              className="floating-notifications__dismiss"
              aria-label={t('dismiss')}
              onClick={() => send({ type: 'markNotificationSeen', notificationId: notification.id })}
            >
              ×
            </button>
          </div>
        );
      })}
    </section>
  );
}

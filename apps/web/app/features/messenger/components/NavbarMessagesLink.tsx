/**
 * The navbar's messages entry (spec 4 navbar messages): a link to the messenger with the unread badge
 * (the session snapshot's total, then `messengerUnread`). The newest 5 unread channels are in the
 * notifications menu (NavbarMessagesList). In every page's first load: kept to a link and a number.
 */
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { Icon } from '../../layout/components/Icon.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useNavbarMessages } from '../hooks/useNavbarMessages.ts';

export function NavbarMessagesLink() {
  const { lang, t } = useShell();
  const { unreadTotal } = useNavbarMessages();
  const label = t('menuMessages');
  return (
    <Link
      className="navbar__button"
      to={pathFor('Messenger', lang)}
      aria-label={unreadTotal > 0 ? `${label}, ${t('messagesBadge', { count: unreadTotal })}` : label}
      data-navbar-messages=""
    >
      <Icon name="message" />
      {unreadTotal > 0 ? (
        <span className="navbar__badge" data-badge="messages" aria-hidden="true">
          {unreadTotal > 99 ? '99+' : unreadTotal}
        </span>
      ) : null}
    </Link>
  );
}

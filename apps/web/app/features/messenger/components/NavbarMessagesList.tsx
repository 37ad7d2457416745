/**
 * The navbar's newest messages (spec 4, spec 9: at most 5, newest first, only channels with unread),
 * shown in the notifications menu of a logged-in guest; each opens its conversation. Loaded with the
 * menu's content at its first opening (lazyPanelContent).
 */
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useMessengerT } from '../hooks/useMessengerT.ts';
import { useNavbarMessages } from '../hooks/useNavbarMessages.ts';
import './navbarMessages.css';

export function NavbarMessagesList() {
  const { lang } = useShell();
  const t = useMessengerT(lang);
  const { navbar } = useNavbarMessages();
  const messenger = pathFor('Messenger', lang);
  return (
    <section className="menu-messages" aria-labelledby="menu-messages-title" data-navbar-messages-list="">
      <h3 id="menu-messages-title" className="menu-messages__title">
        {t('navbarTitle')}
      </h3>
      {navbar.length === 0 ? (
        <p className="menu-empty">{t('navbarEmpty')}</p>
      ) : (
        <ul className="menu-list">
          {navbar.map((channel) => (
            <li key={channel.channelId}>
              <Link
                className="menu-messages__channel"
                to={`${messenger}?channel=${channel.channelId}`}
                data-navbar-channel={channel.channelId}
              >
                <span>
                  <strong>{channel.actorName}</strong> · {t('unreadCount', { count: channel.unreadCount })}
                </span>
                <span className="menu-messages__subject">{channel.subject}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={messenger}>{t('navbarAll')}</Link>
      </p>
    </section>
  );
}

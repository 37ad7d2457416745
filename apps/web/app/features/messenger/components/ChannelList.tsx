/**
 * The channel list (spec 4 "Channels"): filter buttons newest / unread / archived / blocked, the
 * online-only toggle, the channels (selected first, unread badges), moved through with the arrow keys
 * (Home / End too) or Tab; "All read" (spec 7 `allChannelsSeen`) while anything is unread. Loading,
 * offline and empty states; with no channel at all, performers to write to (spec 7 `recommendations`).
 */
import type { Language } from '@vela/contracts/common';
import { MESSENGER_FILTERS, type MessengerChannel, type MessengerFilter } from '@vela/contracts/messenger';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useSocketStatus } from '../../realtime/hooks/useSocketStatus.ts';
import type { MessengerController } from '../hooks/useMessenger.ts';
import { useMessengerT } from '../hooks/useMessengerT.ts';
import { Recommendations } from './Recommendations.tsx';

const FILTER_KEYS = {
  newest: 'filterNewest',
  unread: 'filterUnread',
  archived: 'filterArchived',
  blocked: 'filterBlocked',
} as const satisfies Record<MessengerFilter, string>;

/** Arrow keys move between the channel buttons of the list. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-channel-id]')];
  if (buttons.length === 0) return;
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : event.key === 'ArrowDown'
          ? Math.min(buttons.length - 1, at + 1)
          : Math.max(0, at - 1);
  event.preventDefault();
  buttons[next]?.focus();
}

function ChannelItem({
  channel,
  selected,
  lang,
  onSelect,
}: {
  channel: MessengerChannel;
  selected: boolean;
  lang: Language;
  onSelect: () => void;
}) {
  const t = useMessengerT(lang);
  const unread = channel.unreadCount;
  return (
    <li>
      <button
        type="button"
        className={selected ? 'messenger-channel messenger-channel--selected' : 'messenger-channel'}
        aria-current={selected ? 'true' : undefined}
        data-channel-id={channel.channelId}
        data-actor-id={channel.actorId}
        data-unread={unread}
        onClick={onSelect}
      >
        <span className="messenger-channel__avatar" aria-hidden="true">
          {channel.previewPictureUrl ? <img src={channel.previewPictureUrl} alt="" loading="lazy" /> : null}
        </span>
        <span className="messenger-channel__body">
          <span className="messenger-channel__name">
            {channel.actorName}
            <span
              className={channel.isActorOnline ? 'online-dot' : 'online-dot online-dot--off'}
              title={channel.isActorOnline ? t('online') : t('offline')}
            />
            <span className="visually-hidden">{channel.isActorOnline ? t('online') : t('offline')}</span>
            {channel.blocked || channel.status === 'blocked' ? (
              <span className="messenger-channel__mark">{t('blockedMark')}</span>
            ) : channel.archived ? (
              <span className="messenger-channel__mark">{t('archivedMark')}</span>
            ) : null}
          </span>
          <span className="messenger-channel__subject">{channel.subject}</span>
          <span className="messenger-channel__time">{channel.sentDiffForHumans}</span>
        </span>
        {unread > 0 ? (
          <span className="messenger-channel__badge" data-unread-badge="">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="visually-hidden">{t('unreadCount', { count: unread })}</span>
          </span>
        ) : null}
      </button>
    </li>
  );
}

/**
 * "All read", shown while the guest has unread messages; it goes away when the server's answer sets the
 * total to 0 (on every tab), and the keyboard focus then moves to the first channel. Without a socket
 * the request waits in the socket's queue and is sent on the next connection.
 */
function AllReadButton({
  lang,
  unreadTotal,
  onMarkAll,
}: {
  lang: Language;
  unreadTotal: number;
  onMarkAll: () => void;
}) {
  const t = useMessengerT(lang);
  const clicked = useRef(false);
  useEffect(() => {
    if (unreadTotal > 0 || !clicked.current) return;
    clicked.current = false;
    document.querySelector<HTMLButtonElement>('[data-channel-list] button[data-channel-id]')?.focus();
  }, [unreadTotal]);
  if (unreadTotal <= 0) return null;
  return (
    <button
      type="button"
      className="chip messenger__all-read"
      title={t('allReadHint')}
      data-all-read=""
      onClick={() => {
        clicked.current = true;
        onMarkAll();
      }}
    >
      {t('allRead')}
    </button>
  );
}

export function ChannelList({ lang, messenger }: { lang: Language; messenger: MessengerController }) {
  const t = useMessengerT(lang);
  const status = useSocketStatus();
  const { list, listReady } = messenger.state;
  const { filter, onlineOnly } = list;
  const noChannelsAtAll = listReady && list.channels.length === 0 && filter === 'newest' && !onlineOnly;

  return (
    <section className="messenger__list" aria-labelledby="messenger-channels-title">
      <h2 id="messenger-channels-title" className="visually-hidden">
        {t('channelsLabel')}
      </h2>
      <fieldset className="messenger__filters">
        <legend className="visually-hidden">{t('filtersLabel')}</legend>
        {MESSENGER_FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            className="chip"
            aria-pressed={filter === name}
            data-filter={name}
            onClick={() => messenger.changeFilter(name, onlineOnly)}
          >
            {t(FILTER_KEYS[name])}
          </button>
        ))}
        <label className="messenger__online-toggle">
          <input
            type="checkbox"
            checked={onlineOnly}
            onChange={(event) => messenger.changeFilter(filter, event.currentTarget.checked)}
            data-online-only=""
          />
          {t('onlineOnly')}
        </label>
        <AllReadButton lang={lang} unreadTotal={list.unreadTotal} onMarkAll={messenger.markAllSeen} />
      </fieldset>
      {!listReady && list.channels.length === 0 ? (
        <p className="messenger__status" role="status">
          {status === 'closed' ? t('channelsOffline') : t('channelsLoading')}
        </p>
      ) : null}
      {list.channels.length > 0 ? (
        <ul className="messenger__channels" onKeyDown={moveFocus} data-channel-list="">
          {list.channels.map((channel) => (
            <ChannelItem
              key={channel.channelId}
              channel={channel}
              lang={lang}
              selected={channel.channelId === list.selectedId}
              onSelect={() => messenger.select(channel.channelId, channel)}
            />
          ))}
        </ul>
      ) : listReady && !noChannelsAtAll ? (
        <p className="messenger__status" data-channels-empty="">
          {t('channelsEmpty')}
        </p>
      ) : null}
      {noChannelsAtAll ? <Recommendations lang={lang} onWrite={messenger.openActor} /> : null}
    </section>
  );
}

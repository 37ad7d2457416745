/**
 * The open conversation: the performer (profile link, online state), archive / restore and block /
 * unblock, older messages on demand (`before`), the messages (a live log: replies and other tabs'
 * messages arrive by the socket), and the composer (or why nothing can be sent). Loading, failed
 * (retry) and empty ("No messages yet — say hello") states.
 */
import type { Language } from '@vela/contracts/common';
import type { MessengerChannel, MessengerMessage } from '@vela/contracts/messenger';
import { pathFor } from '@vela/i18n/routes';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RestError } from '../../api/rest.ts';
import { archiveChannel, blockChannel } from '../api/messengerApi.ts';
import type { Gifts } from '../hooks/useGifts.ts';
import type { MessengerController } from '../hooks/useMessenger.ts';
import { errorText, useMessengerT } from '../hooks/useMessengerT.ts';
import type { ConversationView } from '../state/messengerStore.ts';
import { Composer } from './Composer.tsx';
import { MessageItem } from './MessageItem.tsx';

const EMPTY_VIEW: ConversationView = {
  status: 'loading',
  errorCode: null,
  messages: [],
  hasOlder: false,
  older: 'idle',
};

function ChannelActions({
  lang,
  channel,
  messenger,
}: {
  lang: Language;
  channel: MessengerChannel;
  messenger: MessengerController;
}) {
  const t = useMessengerT(lang);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (change: () => Promise<{ channel: MessengerChannel }>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await change();
      messenger.store.dispatch({ type: 'channelChanged', channel: answer.channel });
    } catch (failure) {
      setError(failure instanceof RestError ? failure.code : 'UNKNOWN');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="messenger-conversation__actions">
      <button
        type="button"
        className="chip"
        disabled={busy}
        onClick={() => void run(() => archiveChannel(lang, channel.channelId, !channel.archived))}
        data-archive={channel.archived ? 'restore' : 'archive'}
      >
        {channel.archived ? t('unarchive') : t('archive')}
      </button>
      <button
        type="button"
        className="chip"
        disabled={busy}
        onClick={() => void run(() => blockChannel(lang, channel.channelId, !channel.blocked))}
        data-block={channel.blocked ? 'unblock' : 'block'}
      >
        {channel.blocked ? t('unblock') : t('block')}
      </button>
      {error ? (
        <p className="messenger__error" role="alert">
          {errorText(t, error)}
        </p>
      ) : null}
    </div>
  );
}

export function Conversation({
  lang,
  channel,
  messenger,
  gifts,
}: {
  lang: Language;
  channel: MessengerChannel;
  messenger: MessengerController;
  gifts: Gifts;
}) {
  const t = useMessengerT(lang);
  const view = messenger.state.conversations[channel.channelId] ?? EMPTY_VIEW;
  const log = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const newest = view.messages.at(-1)?.id;
  const profile = pathFor('Actor', lang, { actorName: channel.actorName.toLowerCase() });

  // The newest message in view when it arrives (older pages keep the place).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest message id is the trigger.
  useLayoutEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest, view.status]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new channel moves focus to its heading.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [channel.channelId]);

  const replace = (message: MessengerMessage) =>
    messenger.store.dispatch({ type: 'message', message, channel });
  const blockedByActor = channel.status === 'blocked' && !channel.blocked;

  return (
    <section
      className="messenger__conversation"
      aria-labelledby="messenger-conversation-title"
      data-conversation={channel.channelId}
    >
      <header className="messenger-conversation__head">
        <button type="button" className="link-button messenger__back" onClick={messenger.unselect}>
          ← {t('back')}
        </button>
        <h2 id="messenger-conversation-title" ref={heading} tabIndex={-1}>
          <Link to={profile} aria-label={t('openProfile', { name: channel.actorName })}>
            {channel.actorName}
          </Link>{' '}
          <span className={channel.isActorOnline ? 'status status--online' : 'status'}>
            {channel.isActorOnline ? t('online') : t('offline')}
          </span>
        </h2>
        <ChannelActions lang={lang} channel={channel} messenger={messenger} />
      </header>
      {view.status === 'loading' ? (
        <p className="messenger__status" role="status">
          {t('conversationLoading')}
        </p>
      ) : view.status === 'error' ? (
        <p className="messenger__status" role="alert" data-conversation-error={view.errorCode ?? ''}>
          {view.errorCode === 'MESSENGER_CHANNEL_NOT_FOUND' ? t('conversationGone') : t('conversationFailed')}{' '}
          {view.errorCode === 'MESSENGER_CHANNEL_NOT_FOUND' ? null : (
            <button
              type="button"
              className="link-button"
              onClick={() => void messenger.load(channel.channelId)}
            >
              {t('retry')}
            </button>
          )}
        </p>
      ) : (
        <>
          {view.hasOlder ? (
            <p className="messenger-conversation__older">
              <button
                type="button"
                className="link-button"
                disabled={view.older === 'loading'}
                onClick={() => void messenger.loadOlder(channel.channelId)}
                data-load-older=""
              >
                {view.older === 'loading' ? t('loadingOlder') : t('loadOlder')}
              </button>
              {view.older === 'error' ? <span role="alert"> {t('conversationFailed')}</span> : null}
            </p>
          ) : null}
          {view.messages.length === 0 ? (
            <p className="messenger__status" data-conversation-empty="">
              {t('empty')}
            </p>
          ) : null}
          <div
            ref={log}
            className="messenger-conversation__messages"
            role="log"
            aria-live="polite"
            aria-label={t('messagesLabel', { name: channel.actorName })}
            // Scrollable: reachable by keyboard (arrow keys scroll it) even when it holds no button.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
            data-messages=""
          >
            <ol className="messenger-conversation__list">
              {view.messages.map((message) => (
                <MessageItem
                  key={message.id}
                  lang={lang}
                  message={message}
                  gifts={gifts}
                  onReplace={replace}
                />
              ))}
            </ol>
          </div>
        </>
      )}
      {channel.blocked ? (
        <p className="messenger__note" data-blocked-note="">
          {t('blockedByYou')}
        </p>
      ) : blockedByActor ? (
        <p className="messenger__note">{t('blockedByActor')}</p>
      ) : (
        <>
          {channel.archived ? <p className="messenger__note">{t('archivedNote')}</p> : null}
          <Composer
            key={channel.channelId}
            lang={lang}
            channel={channel}
            gifts={gifts}
            onMessage={replace}
            onSent={(result) =>
              messenger.store.dispatch({ type: 'message', message: result.message, channel: result.channel })
            }
          />
        </>
      )}
    </section>
  );
}

/**
 * The messenger page `/messenger/` (issue 19, spec 2): the channel list and the open conversation side
 * by side on wide screens, one at a time below 1023 px (spec 2's mobile width, MOBILE_MENU_BELOW; the
 * CSS mirrors it). Logged-in only (spec 5, spec 6): a visitor gets the login, which stores the spec 3
 * login action `selectMessengerChannel`, so the login comes back to the conversation asked for.
 */
import type { Language } from '@vela/contracts/common';
import type { OnLoginAction } from '@vela/contracts/payment-messages';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useGifts } from '../hooks/useGifts.ts';
import { type MessengerStart, useMessenger } from '../hooks/useMessenger.ts';
import { errorText, useMessengerT } from '../hooks/useMessengerT.ts';
import { ChannelList } from './ChannelList.tsx';
import { Conversation } from './Conversation.tsx';

/** The stored login action for what the page was opened for (the performer's or a channel's). */
export function messengerLoginAction(start: MessengerStart, targetUrl: string): OnLoginAction {
  if (start.actorId) {
    return { type: 'selectMessengerChannel', params: { targetId: start.actorId, options: { by: 'actor' } } };
  }
  if (start.channelId) return { type: 'selectMessengerChannel', params: { targetId: start.channelId } };
  return { type: 'redirectTo', params: { targetUrl } };
}

function MessengerVisitor({
  lang,
  brand,
  loginEnabled,
  start,
  path,
}: {
  lang: Language;
  brand: string;
  loginEnabled: boolean;
  start: MessengerStart;
  path: string;
}) {
  const t = useMessengerT(lang);
  const dialog = usePaymentDialog();
  const onLoginAction = messengerLoginAction(start, path);
  return (
    <section
      className="messenger-visitor"
      aria-labelledby="messenger-visitor-title"
      data-messenger-visitor=""
    >
      <h2 id="messenger-visitor-title">{t('visitorTitle')}</h2>
      <p>{t('visitorText', { brand })}</p>
      {loginEnabled ? (
        <p className="messenger-visitor__actions">
          <button
            type="button"
            className="shell-button shell-button--primary"
            onClick={() => dialog.open('login', { onLoginAction, targetUrl: path })}
          >
            {t('login')}
          </button>
          <button
            type="button"
            className="shell-button"
            onClick={() => dialog.open('signup', { onLoginAction, targetUrl: path })}
          >
            {t('signup')}
          </button>
        </p>
      ) : (
        <p>{t('loginDisabled')}</p>
      )}
    </section>
  );
}

function MessengerGuest({ lang, start }: { lang: Language; start: MessengerStart }) {
  const t = useMessengerT(lang);
  const messenger = useMessenger(lang, start);
  const gifts = useGifts(lang);
  const { list, conversations } = messenger.state;
  const selected = list.channels.find((c) => c.channelId === list.selectedId) ?? null;
  const wanted = messenger.wantedId;
  const wantedView = wanted && !selected ? conversations[wanted] : undefined;
  const open = selected !== null || wanted !== null;

  return (
    <div
      className={open ? 'messenger messenger--open' : 'messenger'}
      data-messenger=""
      data-unread-total={list.unreadTotal}
    >
      <ChannelList lang={lang} messenger={messenger} />
      {selected ? (
        <Conversation
          key={selected.channelId}
          lang={lang}
          channel={selected}
          messenger={messenger}
          gifts={gifts}
        />
      ) : (
        <section className="messenger__conversation messenger__conversation--none">
          {messenger.actorError ? (
            <p className="messenger__status" role="alert">
              {errorText(t, messenger.actorError)}
            </p>
          ) : wantedView?.status === 'error' ? (
            <p className="messenger__status" role="alert">
              {wantedView.errorCode === 'MESSENGER_CHANNEL_NOT_FOUND'
                ? t('conversationGone')
                : t('conversationFailed')}
            </p>
          ) : wanted ? (
            <p className="messenger__status" role="status">
              {t('conversationLoading')}
            </p>
          ) : (
            <p className="messenger__status">{t('noConversation')}</p>
          )}
          {wanted ? (
            <button type="button" className="link-button messenger__back" onClick={messenger.unselect}>
              ← {t('back')}
            </button>
          ) : null}
        </section>
      )}
    </div>
  );
}

export function MessengerPage({
  lang,
  brand,
  loggedIn,
  loginEnabled,
  start,
  path,
}: {
  lang: Language;
  brand: string;
  loggedIn: boolean;
  loginEnabled: boolean;
  start: MessengerStart;
  path: string;
}) {
  return loggedIn ? (
    <MessengerGuest lang={lang} start={start} />
  ) : (
    <MessengerVisitor lang={lang} brand={brand} loginEnabled={loginEnabled} start={start} path={path} />
  );
}

/**
 * One message of a conversation: its text as text (never HTML), its gifts, a toy action, or paid media
 * a performer sent: locked (blurred preview, "Buy for N coins" through the purchase flow) until bought,
 * then shown (the bought message replaces the locked one): a photo as a picture, a clip as its poster
 * that opens the player in place (HLS through the site's player, loaded on that click).
 */
import type { Language } from '@vela/contracts/common';
import type { MessengerClipFiles, MessengerMessage } from '@vela/contracts/messenger';
import { useState } from 'react';
import { formatPriceInCoins } from '../../catalog/format.ts';
import { usePaidRequest } from '../../purchase/usePaidRequest.ts';
import { buyMedia } from '../api/messengerApi.ts';
import { type Gifts, giftName } from '../hooks/useGifts.ts';
import { errorText, presetLabel, useMessengerT } from '../hooks/useMessengerT.ts';
import { LazyMessengerClipPlayer } from './LazyMessengerClipPlayer.tsx';

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function formatTime(iso: string, lang: Language): string {
  let format = timeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' });
    timeFormats.set(lang, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** A bought clip: its poster with a play button; the player opens in its place on a click. */
function BoughtClip({ lang, url, clip }: { lang: Language; url: string; clip: MessengerClipFiles }) {
  const t = useMessengerT(lang);
  const [state, setState] = useState<'poster' | 'playing' | 'failed'>('poster');
  const kind = t('mediaClip');
  if (state === 'failed')
    return (
      <p className="messenger__error" role="alert" data-clip-failed="">
        {t('mediaClipFailed')}
      </p>
    );
  if (state === 'playing')
    return (
      <LazyMessengerClipPlayer
        lang={lang}
        url={url}
        clip={clip}
        label={t('mediaClipPlayer')}
        loadingLabel={t('mediaClipPlayer')}
        onFailure={() => setState('failed')}
      />
    );
  return (
    <button
      type="button"
      className="messenger-media messenger-clip-poster"
      onClick={() => setState('playing')}
      aria-label={t('mediaOpen', { kind })}
      data-media-open=""
      data-clip-poster=""
    >
      <img src={clip.posterUrl} alt="" />
      <span className="messenger-clip-poster__play" aria-hidden="true">
        ▶
      </span>
    </button>
  );
}

function PaidMedia({
  lang,
  message,
  onBought,
}: {
  lang: Language;
  message: MessengerMessage;
  onBought: (message: MessengerMessage) => void;
}) {
  const t = useMessengerT(lang);
  const media = message.media;
  const paid = usePaidRequest({
    price: media?.price ?? { value: 0, currency: 'EUR' },
    // Paid media is FSK-18: the age check comes first (the server's gate says the same).
    ageCheck: true,
    request: (key) => buyMedia(lang, message.channelId, media?.mediaId ?? '0', key),
    onDone: (result) => onBought(result.message),
  });
  if (!media) return null;
  const kind = media.kind === 'photo' ? t('mediaPhoto') : t('mediaClip');
  if (media.bought && media.url) {
    if (media.kind === 'clip')
      return media.clip ? <BoughtClip lang={lang} url={media.url} clip={media.clip} /> : null;
    return (
      <a href={media.url} target="_blank" rel="noopener noreferrer" data-media-open="">
        <img className="messenger-media" src={media.url} alt={t('mediaOpen', { kind })} />
      </a>
    );
  }
  const busy = paid.state.kind === 'busy' || paid.state.kind === 'topping-up';
  return (
    <div className="messenger-media messenger-media--locked" data-media-locked={media.mediaId}>
      <img src={media.previewUrl} alt={t('mediaLocked', { kind })} />
      <button type="button" className="button" disabled={busy} onClick={paid.run} data-media-buy="">
        {busy ? t('mediaBuying') : t('mediaBuy', { price: formatPriceInCoins(media.price, lang) })}
      </button>
      {paid.state.kind === 'error' ? (
        <p className="messenger__error" role="alert">
          {errorText(t, paid.state.code)}
        </p>
      ) : null}
    </div>
  );
}

export function MessageItem({
  lang,
  message,
  gifts,
  onReplace,
}: {
  lang: Language;
  message: MessengerMessage;
  gifts: Gifts;
  onReplace: (message: MessengerMessage) => void;
}) {
  const t = useMessengerT(lang);
  const mine = message.senderType === 'guest';
  const giftList = message.includedGifts
    .map((g) => {
      const gift = gifts.byId.get(g.giftId);
      const name = gift ? giftName(gift, lang) : `#${g.giftId}`;
      return g.quantity > 1 ? `${name} × ${g.quantity}` : name;
    })
    .join(', ');
  return (
    <li
      className={mine ? 'messenger-message messenger-message--mine' : 'messenger-message'}
      data-message-id={message.id}
      data-message-type={message.messageType}
      data-sender={message.senderType}
    >
      {message.messageType === 'toy' ? (
        <p className="messenger-message__toy">{t('toyMessage', { preset: presetLabel(t, message.text) })}</p>
      ) : message.text ? (
        <p className="messenger-message__text">{message.text}</p>
      ) : null}
      {message.includedGifts.length > 0 ? (
        <p className="messenger-message__gifts" data-gifts="">
          {message.includedGifts.map((g) => {
            const gift = gifts.byId.get(g.giftId);
            return gift ? <img key={g.giftId} src={gift.imageUrl} alt="" width={32} height={32} /> : null;
          })}
          <span>{t('giftsSent', { gifts: giftList })}</span>
        </p>
      ) : null}
      {message.messageType === 'media' ? (
        <PaidMedia lang={lang} message={message} onBought={onReplace} />
      ) : null}
      <p className="messenger-message__meta">
        {mine ? <span>{t('you')} · </span> : null}
        <time dateTime={message.createdAt}>{formatTime(message.createdAt, lang)}</time>
        {mine && message.priceCents > 0 ? (
          <span> · {formatPriceInCoins({ value: message.priceCents, currency: 'EUR' }, lang)}</span>
        ) : null}
      </p>
    </li>
  );
}

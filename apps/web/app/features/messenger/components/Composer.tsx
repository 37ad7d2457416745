/**
 * Writing a message (spec 3 message send, spec 4 "Gift message"): the text (Enter sends, Shift+Enter
 * adds a line), the next message's price before sending ("Free — 2 free messages left" / "2 coins"),
 * the gift picker and the toy panel. Sending goes through the purchase flow (usePaidRequest): one
 * idempotency key per attempt, the shown price as `expectedPriceCents`, not enough money opens the
 * top-up modal and the same message goes once more by itself after the top-up. Sending clears the
 * text and the gift draft.
 */
import type { Language } from '@vela/contracts/common';
import type { MessengerChannel, MessengerMessage, MessengerSendResult } from '@vela/contracts/messenger';
import {
  afterSend,
  draftCount,
  draftPriceCents,
  EMPTY_GIFT_DRAFT,
  type GiftDraft,
  includedGifts,
} from '@vela/domain/messenger-gift-draft';
import { coinsForPrice } from '@vela/domain/money-format';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { formatPriceInCoins } from '../../catalog/format.ts';
import { usePaidRequest } from '../../purchase/usePaidRequest.ts';
import { sendMessage } from '../api/messengerApi.ts';
import type { Gifts } from '../hooks/useGifts.ts';
import { errorText, type MessengerT, useMessengerT } from '../hooks/useMessengerT.ts';
import { GiftPicker } from './GiftPicker.tsx';
import { ToyPanel } from './ToyPanel.tsx';

/** The next text message's price as the channel says it. */
export function textPriceLabel(t: MessengerT, channel: MessengerChannel, lang: Language): string {
  if (channel.messagePrice.value > 0)
    return t('priceNext', { price: formatPriceInCoins(channel.messagePrice, lang) });
  if (!channel.isMessagingFree && channel.freeMessagesAmount > 0)
    return t('priceFreeLeft', { count: channel.freeMessagesAmount });
  return t('priceFree');
}

/** The message's price in cents: the text's (when there is text) and the gifts not owned. */
export function messagePriceCents(channel: MessengerChannel, hasText: boolean, giftsCents: number): number {
  return (hasText ? channel.messagePrice.value : 0) + giftsCents;
}

export function Composer({
  lang,
  channel,
  gifts,
  onSent,
  onMessage,
}: {
  lang: Language;
  channel: MessengerChannel;
  gifts: Gifts;
  onSent: (result: MessengerSendResult) => void;
  onMessage: (message: MessengerMessage) => void;
}) {
  const t = useMessengerT(lang);
  const { viewer } = useViewer();
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<GiftDraft>(EMPTY_GIFT_DRAFT);
  const [panel, setPanel] = useState<'gifts' | 'toy' | null>(null);
  const giftsButton = useRef<HTMLButtonElement>(null);
  const toyButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  const trimmed = text.trim();
  const giftsCents = draftPriceCents(draft, gifts.stock, (id) => gifts.byId.get(id)?.price.value ?? null);
  const totalCents = messagePriceCents(channel, trimmed !== '', giftsCents);
  const hasGifts = draftCount(draft) > 0;

  const paid = usePaidRequest<MessengerSendResult>({
    price: { value: totalCents, currency: 'EUR' },
    ageCheck: false,
    request: (idempotencyKey) =>
      sendMessage(lang, channel.channelId, {
        messageType: hasGifts ? 'new_gift' : 'text',
        data: { text: trimmed },
        ...(hasGifts ? { includedGifts: includedGifts(draft) } : {}),
        idempotencyKey,
        expectedPriceCents: totalCents,
      }),
    onDone: (result) => {
      setText('');
      const sent = afterSend(draft, gifts.stock);
      setDraft(sent.draft);
      gifts.setStock(sent.stock);
      setPanel(null);
      onSent(result);
      input.current?.focus();
    },
  });
  const busy = paid.state.kind === 'busy' || paid.state.kind === 'topping-up';
  const canSend = (trimmed !== '' || hasGifts) && !busy;

  const send = () => {
    if (canSend) paid.run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const closePanel = () => {
    const back = panel === 'toy' ? toyButton.current : giftsButton.current;
    setPanel(null);
    back?.focus();
  };

  return (
    <form
      className="messenger-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      data-composer=""
    >
      {panel === 'gifts' ? (
        <GiftPicker
          lang={lang}
          gifts={gifts}
          draft={draft}
          onDraft={setDraft}
          isVip={viewer?.isVip === true}
          draftCoins={coinsForPrice(giftsCents, 'EUR')}
          onClose={closePanel}
        />
      ) : null}
      {panel === 'toy' ? (
        <ToyPanel lang={lang} channel={channel} onMessage={onMessage} onClose={closePanel} />
      ) : null}
      <label className="visually-hidden" htmlFor="messenger-text">
        {t('messageLabel')}
      </label>
      <textarea
        id="messenger-text"
        ref={input}
        className="messenger-composer__text"
        rows={2}
        maxLength={2000}
        value={text}
        placeholder={t('messagePlaceholder')}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        data-message-input=""
      />
      <div className="messenger-composer__bar">
        <p className="messenger-composer__price" aria-live="polite" data-price-cents={totalCents}>
          {hasGifts
            ? t('priceTotal', {
                price:
                  totalCents === 0
                    ? t('priceFree')
                    : formatPriceInCoins({ value: totalCents, currency: 'EUR' }, lang),
              })
            : textPriceLabel(t, channel, lang)}
        </p>
        <button
          ref={giftsButton}
          type="button"
          className="chip"
          aria-expanded={panel === 'gifts'}
          onClick={() => setPanel(panel === 'gifts' ? null : 'gifts')}
          data-open-gifts=""
        >
          {t('gifts')}
          {hasGifts ? ` (${draftCount(draft)})` : ''}
        </button>
        {channel.isDildocontrolAvailable && channel.isActorOnline ? (
          <button
            ref={toyButton}
            type="button"
            className="chip"
            aria-expanded={panel === 'toy'}
            onClick={() => setPanel(panel === 'toy' ? null : 'toy')}
            data-open-toy=""
          >
            {t('toy')}
          </button>
        ) : null}
        <button type="submit" className="button" disabled={!canSend} data-send="">
          {busy ? t('sending') : t('send')}
        </button>
      </div>
      {paid.state.kind === 'error' ? (
        <p className="messenger__error" role="alert" data-send-error={paid.state.code}>
          {errorText(t, paid.state.code)}
        </p>
      ) : null}
    </form>
  );
}

import type { Language } from '@vela/contracts/common';
import type { LiveChatTypeOffer } from '@vela/contracts/live';
import type { LiveChatT } from '../hooks/useLiveChatT.ts';
import { PriceTag } from './PriceTag.tsx';

export type PaidChatType = LiveChatTypeOffer['type'];

/** The start button's words per chat type ("Start live chat" is the livechat's). */
const START_KEY = {
  livechat: 'start',
  'video-call': 'start.video-call',
  'live-show': 'start.live-show',
  'voyeur-chat': 'start.voyeur-chat',
  'voyeur-private-chat': 'start.voyeur-private-chat',
} as const satisfies Record<PaidChatType, Parameters<LiveChatT>[0]>;

/**
 * The paid chat types the performer offers now (server `live/actors/:id/chat-types`), one item each:
 * its name, what it is, its price per minute and its start button. `selected` (the page URL's
 * `?chat=<type>`) marks the offer a tile led to. Items of other offers (free chat, preview) may
 * follow in the same list: `children`.
 */
export function ChatOffers({
  offers,
  name,
  lang,
  t,
  selected,
  starting,
  disabled,
  onStart,
  buttonRef,
  children,
}: {
  offers: readonly LiveChatTypeOffer[];
  name: string;
  lang: Language;
  t: LiveChatT;
  selected: string | null;
  /** The type being started (its button says so). */
  starting: PaidChatType | null;
  disabled: boolean;
  onStart: (type: PaidChatType) => void;
  buttonRef: (type: PaidChatType, button: HTMLButtonElement | null) => void;
  children?: React.ReactNode;
}) {
  return (
    <ul className="live-offers">
      {offers.map((offer) => (
        <li
          key={offer.type}
          className="live-offer"
          data-chat-type={offer.type}
          data-selected={selected === offer.type ? '' : undefined}
        >
          <div className="live-offer__text">
            <h4 className="live-offer__name" id={`live-offer-${offer.type}`}>
              {t(`type.${offer.type}`)}
            </h4>
            <p className="page__meta">{t(`hint.${offer.type}`, { name })}</p>
          </div>
          <PriceTag price={offer.pricePerMinute} lang={lang} />
          <button
            ref={(button) => buttonRef(offer.type, button)}
            type="button"
            className="button"
            disabled={disabled}
            aria-busy={starting === offer.type}
            aria-describedby={`live-offer-${offer.type}`}
            onClick={() => onStart(offer.type)}
          >
            {starting === offer.type ? t('starting', { name }) : t(START_KEY[offer.type])}
          </button>
        </li>
      ))}
      {children}
    </ul>
  );
}

/**
 * What a buy button shows without the purchase flow (BuyButton.tsx adds vouchers and the flow): the
 * price in coins (spec 9), the discount (the base price struck through), busy and error states, and
 * "Bought" / "Included in your VIP membership" with Play for a video. A listing tile renders this
 * alone until the browser is idle (VideoBuyButton.tsx), so a page's first load stays small.
 */
import type { Language, Price } from '@vela/contracts/common';
import type { BuyResult } from '@vela/contracts/promotions-api';
import type { GuestSnapshot } from '@vela/domain/restrictions';
import type { ItemType } from '@vela/domain/vouchers';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCoins, priceInCoins } from '../../catalog/format.ts';
import type { PurchaseT } from '../usePurchaseT.ts';
import { useVideoPlayerHref } from '../videoLink.ts';
import '../purchase.css';

export interface BuyButtonProps {
  itemType: ItemType;
  itemId: number;
  actorId: number;
  price: Price;
  basePrice?: Price;
  ageRating: number;
  onBought?: (result: BuyResult) => void;
  /** The caller knows the guest owns it (spec 3 guestInfo.bought). */
  bought?: boolean;
  /** The guest's VIP includes it (spec 3 guestInfo.flatrate); a VIP video is included for a VIP viewer anyway. */
  flatrate?: boolean;
  /** A VIP video (spec 3 Video.vip or isVip30Offer): included for a VIP member. */
  vip?: boolean;
}

/**
 * What the guest has of the item already: included in their VIP (spec 3 guestInfo.flatrate, or a VIP
 * video for a VIP viewer: a page rendered for everyone says flatrate false, decision 0033), bought, or
 * nothing (then the price is offered).
 */
export function ownershipOf(
  props: Pick<BuyButtonProps, 'flatrate' | 'vip' | 'bought'>,
  viewer: Pick<GuestSnapshot, 'isVip'>,
): 'included' | 'bought' | null {
  if (props.flatrate === true || (props.vip === true && viewer.isVip)) return 'included';
  return props.bought ? 'bought' : null;
}

/** "Included in your VIP membership" or "Bought", with Play for a video. */
export function OwnedView({
  props,
  owned,
  t,
}: {
  props: Pick<BuyButtonProps, 'itemType' | 'itemId'>;
  owned: 'included' | 'bought';
  t: PurchaseT;
}) {
  return (
    <Owned itemType={props.itemType} itemId={props.itemId} t={t} marker={owned}>
      {owned === 'included' ? t('includedInVip') : t('bought')}
    </Owned>
  );
}

/** What the price button shows: the item, its prices, the words and whether a voucher pays. */
export interface PriceView extends BuyButtonProps {
  t: PurchaseT;
  lang: Language;
  voucher: boolean;
}

/** The button with the price, the discount and the voucher note; busy and error states. */
export function PriceButton({
  view,
  onClick,
  busy = false,
  error,
}: {
  view: PriceView;
  onClick?: () => void;
  busy?: boolean;
  error?: string | null;
}) {
  const { t, lang, price, basePrice, voucher, itemType } = view;
  const coins = priceInCoins(price);
  const baseCoins = basePrice ? priceInCoins(basePrice) : coins;
  const discounted = baseCoins > coins;
  const priceText = formatCoins(coins, lang);
  return (
    <div className="buy" data-buy={itemType} aria-busy={busy || undefined}>
      <button type="button" className="buy__button" onClick={onClick} disabled={busy}>
        {busy ? t('busy') : voucher ? t('buy.withVoucher') : t(`buy.${itemType}`, { price: priceText })}
      </button>
      {discounted ? (
        <span className="buy__discount">
          <span className="visually-hidden">{t('oldPrice', { price: formatCoins(baseCoins, lang) })}</span>
          <s aria-hidden="true">{formatCoins(baseCoins, lang)}</s>{' '}
          {t('discount', { percent: Math.round((1 - coins / baseCoins) * 100) })}
        </span>
      ) : null}
      {voucher ? <span className="buy__note">{t(`voucher.${itemType}`)}</span> : null}
      {error ? (
        <span className="buy__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

function Owned({
  itemType,
  itemId,
  t,
  marker,
  children,
}: {
  itemType: ItemType;
  itemId: number;
  t: PurchaseT;
  marker: string;
  children: ReactNode;
}) {
  return (
    <div className="buy buy--owned" data-buy-state={marker}>
      <span className="buy__owned">{children}</span>
      {itemType === 'video' ? <PlayLink videoId={itemId} label={t('play')} /> : null}
    </div>
  );
}

function PlayLink({ videoId, label }: { videoId: number; label: string }) {
  const href = useVideoPlayerHref(videoId);
  return (
    <Link className="buy__play" to={href} preventScrollReset>
      {label}
    </Link>
  );
}

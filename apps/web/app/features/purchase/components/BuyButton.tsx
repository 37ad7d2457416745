/**
 * The buy button of a video or a photo album (issue 17 deliverable 1, contract 3): the price in coins
 * (spec 9), the discount (the base price struck through), a matching voucher that pays instead of coins
 * (type 1 video / type 4 photo album, for that performer or any), "Included in your VIP membership"
 * (no button) and "Bought" (never a second charge) with Play for a video.
 *
 * The first click loads the purchase flow (BuyFlow.tsx: login / age check, the purchase, not enough
 * money, the top-up) and asks at once; pages that only show the button carry this file alone.
 */
import type { Language, Price } from '@vela/contracts/common';
import type { BuyResult } from '@vela/contracts/promotions-api';
import { type ItemType, voucherPaysFor } from '@vela/domain/vouchers';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useViewer } from '../../auth/useViewer.tsx';
import { formatCoins, priceInCoins } from '../../catalog/format.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useGuestLive } from '../../realtime/hooks/useGuestLive.ts';
import { type PurchaseT, usePurchaseT } from '../usePurchaseT.ts';
import { useVideoPlayerHref } from '../videoLink.ts';
import '../purchase.css';

const BuyFlow = lazy(() => import('./BuyFlow.tsx'));

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

export function BuyButton(props: BuyButtonProps) {
  const { lang } = useShell();
  const t = usePurchaseT(lang);
  const { loggedIn, snapshot } = useViewer();
  const { vouchers } = useGuestLive();
  const [armed, setArmed] = useState(false);
  const [bought, setBought] = useState(false);
  // A page rendered for everyone (decision 0033) says flatrate false: the viewer's VIP decides too.
  const included = props.flatrate === true || (props.vip === true && snapshot.isVip);
  const voucher =
    loggedIn &&
    voucherPaysFor(
      (vouchers ?? []).map((v) => ({ ...v, actorId: v.actorId === null ? null : Number(v.actorId) })),
      props,
    );

  if (included) {
    return (
      <Owned itemType={props.itemType} itemId={props.itemId} t={t} marker="included">
        {t('includedInVip')}
      </Owned>
    );
  }
  if (props.bought || bought) {
    return (
      <Owned itemType={props.itemType} itemId={props.itemId} t={t} marker="bought">
        {t('bought')}
      </Owned>
    );
  }
  const view: PriceView = { ...props, t, voucher, lang };
  if (!armed) return <PriceButton view={view} onClick={() => setArmed(true)} />;
  return (
    <Suspense fallback={<PriceButton view={view} busy />}>
      <BuyFlow
        view={view}
        onBought={(result) => {
          setBought(true);
          props.onBought?.(result);
        }}
      />
    </Suspense>
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

/**
 * The buy button of a video as the catalogue describes it (a tile, the player modal): its price, base
 * price, performer, age rating and VIP flag, with the caller's spec 3 guestInfo when known.
 *
 * A listing shows many tiles on the first load of a page: until the browser is idle after load
 * (`whenIdleAfterLoad`, as for the socket) or the guest clicks, a tile renders the button without the
 * purchase code (PriceButton.tsx, the same markup), and BuyButton (vouchers, the flow) loads then (bench/first-load-js.ts, budget 130 KB). A click before
 * that asks for the purchase as soon as it is there.
 */
import type { VideoTile } from '@vela/contracts/pages';
import type { BuyResult } from '@vela/contracts/promotions-api';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { whenIdleAfterLoad } from '../../realtime/state/whenIdleAfterLoad.ts';
import { usePurchaseT } from '../usePurchaseT.ts';
import { type BuyButtonProps, OwnedView, ownershipOf, PriceButton } from './PriceButton.tsx';

const BuyButton = lazy(() => import('./BuyButton.tsx').then((module) => ({ default: module.BuyButton })));

export function VideoBuyButton({
  video,
  guestInfo,
  onBought,
}: {
  video: Pick<VideoTile, 'id' | 'actor' | 'price' | 'basePrice' | 'ageRating' | 'vip' | 'isVip30Offer'>;
  guestInfo?: { bought: boolean; flatrate?: boolean } | undefined;
  onBought?: (result: BuyResult) => void;
}) {
  const { lang } = useShell();
  const t = usePurchaseT(lang);
  const { snapshot } = useViewer();
  const [ready, setReady] = useState(false);
  const [clicked, setClicked] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setReady(true)), []);
  const props: BuyButtonProps = {
    itemType: 'video',
    itemId: video.id,
    actorId: video.actor.id,
    price: video.price,
    basePrice: video.basePrice,
    ageRating: video.ageRating,
    vip: video.vip || video.isVip30Offer,
    ...(guestInfo ? { bought: guestInfo.bought } : {}),
    ...(guestInfo?.flatrate !== undefined ? { flatrate: guestInfo.flatrate } : {}),
    ...(onBought ? { onBought } : {}),
  };
  const owned = ownershipOf(props, snapshot);
  const view = { ...props, t, lang, voucher: false };
  const still = <PriceButton view={view} busy={clicked} onClick={() => setClicked(true)} />;
  if (!ready && !clicked) return owned ? <OwnedView props={props} owned={owned} t={t} /> : still;
  return (
    <Suspense fallback={owned ? <OwnedView props={props} owned={owned} t={t} /> : still}>
      <BuyButton {...props} startNow={clicked} />
    </Suspense>
  );
}

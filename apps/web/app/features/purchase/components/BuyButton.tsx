/**
 * The buy button of a video or a photo album (issue 17 deliverable 1, contract 3): the price in coins
 * (spec 9), the discount (the base price struck through), a matching voucher that pays instead of coins
 * (type 1 video / type 4 photo album, for that performer or any), "Included in your VIP membership"
 * (no button) and "Bought" (never a second charge) with Play for a video (PriceButton.tsx).
 *
 * The first click loads the purchase flow (BuyFlow.tsx: login / age check, the purchase, not enough
 * money, the top-up) and asks at once; `startNow` asks at once on mount (a click on the tile's static
 * button came first, VideoBuyButton.tsx).
 */
import { voucherPaysFor } from '@vela/domain/vouchers';
import { lazy, Suspense, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useGuestLive } from '../../realtime/hooks/useGuestLive.ts';
import { usePurchaseT } from '../usePurchaseT.ts';
import { type BuyButtonProps, OwnedView, ownershipOf, PriceButton, type PriceView } from './PriceButton.tsx';

export type { BuyButtonProps } from './PriceButton.tsx';

const BuyFlow = lazy(() => import('./BuyFlow.tsx'));

export function BuyButton({ startNow = false, ...props }: BuyButtonProps & { startNow?: boolean }) {
  const { lang } = useShell();
  const t = usePurchaseT(lang);
  const { loggedIn, snapshot } = useViewer();
  const { vouchers } = useGuestLive();
  const [armed, setArmed] = useState(startNow);
  const [bought, setBought] = useState(false);
  const voucher =
    loggedIn &&
    voucherPaysFor(
      (vouchers ?? []).map((v) => ({ ...v, actorId: v.actorId === null ? null : Number(v.actorId) })),
      props,
    );

  const owned = ownershipOf({ ...props, bought: props.bought === true || bought }, snapshot);
  if (owned) return <OwnedView props={props} owned={owned} t={t} />;
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

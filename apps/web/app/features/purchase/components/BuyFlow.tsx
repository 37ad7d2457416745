/**
 * The purchase flow behind a buy button, loaded with its first click (BuyButton.tsx): asks at once
 * for the purchase that click meant, then shows busy, the error in words, and hands the success on.
 */
import type { BuyResult } from '@vela/contracts/promotions-api';
import { useEffect, useRef } from 'react';
import { useBuy } from '../useBuy.ts';
import { buyErrorText, usePurchaseFlowT } from '../usePurchaseFlowT.ts';
import { PriceButton, type PriceView } from './PriceButton.tsx';

export default function BuyFlow({
  view,
  onBought,
}: {
  view: PriceView;
  onBought: (result: BuyResult) => void;
}) {
  const { state, buy } = useBuy(view, onBought);
  const flowT = usePurchaseFlowT(view.lang);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    buy();
  }, [buy]);
  // Waiting for a top-up is not busy: a guest who closed the payment dialog can click again.
  const busy = state.kind === 'busy';
  return (
    <PriceButton
      view={view}
      busy={busy}
      error={state.kind === 'error' ? buyErrorText(flowT, state.code) : null}
      onClick={buy}
    />
  );
}

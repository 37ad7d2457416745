/**
 * Buying a video or a photo album from the page (issue 17 deliverable 1; spec 4 "Album purchase
 * success: balance updated, album reloaded, purchase tracked"; spec 6 roles).
 *
 * The gates, the idempotency key, not enough money and the top-up are usePaidRequest's. Success
 * tracks the purchase (analytics `purchase`) and calls `onBought` so the caller reloads the item.
 */
import type { Price } from '@vela/contracts/common';
import type { BuyResult } from '@vela/contracts/promotions-api';
import { type ItemType, voucherPaysFor } from '@vela/domain/vouchers';
import { useRef } from 'react';
import { track } from '../analytics/track.ts';
import { useViewer } from '../auth/useViewer.tsx';
import { priceInCoins } from '../catalog/format.ts';
import { useGuestLive } from '../realtime/hooks/useGuestLive.ts';
import { buyItem } from './api.ts';
import { type BuyGate, type PaidState, usePaidRequest } from './usePaidRequest.ts';

export type { BuyGate } from './usePaidRequest.ts';

export interface BuyItem {
  itemType: ItemType;
  itemId: number;
  actorId: number;
  price: Price;
  ageRating: number;
}

export type BuyState = PaidState<BuyResult>;

export interface UseBuy {
  state: BuyState;
  /** Asks for the purchase (or the login / age check it needs first). */
  buy(): void;
  gate: BuyGate;
  /** One of the guest's vouchers pays for this item instead of coins. */
  voucher: boolean;
}

export function useBuy(item: BuyItem, onBought?: (result: BuyResult) => void): UseBuy {
  const { loggedIn } = useViewer();
  const { vouchers } = useGuestLive();
  const latest = useRef({ item, onBought });
  latest.current = { item, onBought };
  const { state, run, gate } = usePaidRequest<BuyResult>({
    price: item.price,
    ageCheck: item.ageRating >= 18,
    request: (key) => buyItem(latest.current.item.itemType, latest.current.item.itemId, key),
    onDone: (result, automatic) => {
      const current = latest.current.item;
      if (!result.alreadyBought) {
        void track('purchase', 'success', {
          itemType: current.itemType,
          itemId: current.itemId,
          actorId: current.actorId,
          paidWith: result.purchase.paidWith,
          priceCoins: result.purchase.paidWith === 'voucher' ? 0 : priceInCoins(current.price),
          automatic,
        });
      }
      latest.current.onBought?.(result);
    },
  });

  const voucher =
    loggedIn &&
    voucherPaysFor(
      (vouchers ?? []).map((v) => ({ ...v, actorId: v.actorId === null ? null : Number(v.actorId) })),
      item,
    );

  return { state, buy: run, gate, voucher };
}

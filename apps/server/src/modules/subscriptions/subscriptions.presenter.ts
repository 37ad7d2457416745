/** What leaves the server about subscriptions (shapes of @vela/contracts/subscriptions-api). */
import type { Price } from '@vela/contracts/common';
import type { AboUpdateEvent, SubscriptionView, Vip30History } from '@vela/contracts/subscriptions-api';
import {
  aboStatusOf,
  CANCELLATION_OFFER_PERCENT,
  cancellationOfferAvailable,
  offerAppliesToNextRenewal,
  offerPriceCents,
  PLANS,
  renewalChargeCents,
  type SubscriptionProduct,
  type SubscriptionState,
} from '@vela/domain/subscriptions';
import type { PeriodRow, SubscriptionRow } from './subscriptions.repository.ts';

export const eur = (cents: number): Price => ({ value: cents, currency: 'EUR' });

export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    product: row.product,
    status: row.status,
    priceCents: row.priceCents,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    offerAcceptedAt: row.offerAcceptedAt,
  };
}

export function presentSubscription(row: SubscriptionRow, now: Date): SubscriptionView {
  const state = stateOf(row);
  const endsAt =
    row.status === 'cancelled' ? row.currentPeriodEnd : row.status === 'ended' ? row.endedAt : null;
  return {
    id: String(row.id),
    product: row.product,
    status: row.status,
    trial: row.trial,
    price: eur(row.priceCents),
    periodDays: PLANS[row.product].periodDays,
    startedAt: row.startedAt.toISOString(),
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    nextRenewal:
      row.status === 'active'
        ? { at: row.currentPeriodEnd.toISOString(), price: eur(renewalChargeCents(state)) }
        : null,
    endsAt: endsAt ? endsAt.toISOString() : null,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    endReason: row.endReason,
    cancellationOffer: {
      available: cancellationOfferAvailable(state, now),
      accepted: row.offerAcceptedAt !== null && offerAppliesToNextRenewal(state),
      percent: CANCELLATION_OFFER_PERCENT,
      price: eur(offerPriceCents(row.priceCents)),
    },
  };
}

/**
 * The VIP update of spec 3 after a change of `product`: both statuses (a running VIP counts as TV
 * when there is no TV subscription of its own, spec 6), whether it has just started, and what it
 * charges next (null when nothing renews).
 */
export function aboUpdateEvent(
  product: SubscriptionProduct,
  running: { vip?: SubscriptionRow | undefined; tv?: SubscriptionRow | undefined },
  isStarted: boolean,
): AboUpdateEvent {
  const vipAboStatus = aboStatusOf(running.vip);
  const tvOwn = aboStatusOf(running.tv);
  const vxtvAboStatus = tvOwn !== 'none' ? tvOwn : vipAboStatus;
  const changed = running[product];
  const price = changed && changed.status === 'active' ? eur(renewalChargeCents(stateOf(changed))) : null;
  return {
    type: product === 'vip' ? 'vipAboUpdate' : 'vxtvAboUpdate',
    vipAboStatus,
    vxtvAboStatus,
    isStarted,
    price,
  };
}

export function presentVip30History(rows: PeriodRow[]): Vip30History {
  return {
    periods: rows.map((row) => ({
      subscriptionId: String(row.subscriptionId),
      periodIndex: row.periodIndex,
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      charged: eur(row.chargedCents),
      value: eur(row.valueCents),
    })),
    totalCharged: eur(rows.reduce((sum, row) => sum + row.chargedCents, 0)),
    totalValue: eur(rows.reduce((sum, row) => sum + row.valueCents, 0)),
  };
}

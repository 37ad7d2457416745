/**
 * VIP club and TV subscriptions (issue 4 deliverable 4; spec 3 "VIP update", spec 6 roles, spec 7
 * acceptCancellationOffer and vip30 value history). Pure rules: plans and prices, periods, the
 * cancellation offer, and what a renewal charges. All money in integer euro cents.
 *
 * - VIP club: 19,99 € per 30 days. A one-time trial (once per guest): 1,99 € for the first 7 days,
 *   then the normal price every 30 days.
 * - TV: 9,99 € per 30 days. VIP counts as TV subscriber (spec 6), so a VIP member cannot take TV.
 * - Cancelling keeps the subscription until its paid period ends. Before it, the guest is offered
 *   the next period at 50 % off (once per subscription); accepting keeps it running.
 * - Renewals are charged from the wallet; a renewal the wallet cannot pay ends the subscription
 *   (end reason `payment_failed`, no grace period: the guest can subscribe again at once).
 */

export const SUBSCRIPTION_PRODUCTS = ['vip', 'tv'] as const;
export type SubscriptionProduct = (typeof SUBSCRIPTION_PRODUCTS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a subscription ended. */
export const END_REASONS = ['cancelled', 'payment_failed'] as const;
export type EndReason = (typeof END_REASONS)[number];

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface Plan {
  product: SubscriptionProduct;
  /** Price of one period in euro cents. */
  priceCents: number;
  periodDays: number;
}

export const PLANS: Readonly<Record<SubscriptionProduct, Plan>> = {
  vip: { product: 'vip', priceCents: 1999, periodDays: 30 },
  tv: { product: 'tv', priceCents: 999, periodDays: 30 },
};

/** The VIP trial: the first period only, once per guest. */
export const VIP_TRIAL = { priceCents: 199, periodDays: 7 } as const;

/** The cancellation offer: the next period at this discount, once per subscription. */
export const CANCELLATION_OFFER_PERCENT = 50;

/** The VIP30 window: VIP videos released in the 30 days before a period starts are its offers. */
export const VIP30_WINDOW_DAYS = 30;

/** Dialog flows of spec 2 that subscribe, and what they subscribe to. */
export const SUBSCRIPTION_FLOWS = ['vipabo', 'trialvipabo', 'vxabo', 'vxtvabo'] as const;
export type SubscriptionFlow = (typeof SUBSCRIPTION_FLOWS)[number];

export function isSubscriptionFlow(flow: string): flow is SubscriptionFlow {
  return (SUBSCRIPTION_FLOWS as readonly string[]).includes(flow);
}

export function offerOfFlow(flow: SubscriptionFlow): { product: SubscriptionProduct; trial: boolean } {
  switch (flow) {
    case 'vipabo':
      return { product: 'vip', trial: false };
    case 'trialvipabo':
      return { product: 'vip', trial: true };
    case 'vxabo':
    case 'vxtvabo':
      return { product: 'tv', trial: false };
  }
}

export class SubscriptionRuleError extends Error {
  constructor(
    readonly code:
      | 'TRIAL_NOT_AVAILABLE'
      | 'ALREADY_SUBSCRIBED'
      | 'INCLUDED_IN_VIP'
      | 'NOT_SUBSCRIBED'
      | 'ALREADY_CANCELLED'
      | 'OFFER_NOT_AVAILABLE'
      | 'PERIOD_OVER',
    message: string,
  ) {
    super(message);
    this.name = 'SubscriptionRuleError';
  }
}

export interface Period {
  start: Date;
  end: Date;
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** What the guest pays at the start and for how long; only VIP has a trial. */
export function firstPeriod(
  product: SubscriptionProduct,
  trial: boolean,
  now: Date,
): Period & { chargeCents: number } {
  if (trial && product !== 'vip') {
    throw new SubscriptionRuleError('TRIAL_NOT_AVAILABLE', 'Only the VIP club has a trial');
  }
  if (trial)
    return { start: now, end: addDays(now, VIP_TRIAL.periodDays), chargeCents: VIP_TRIAL.priceCents };
  const plan = PLANS[product];
  return { start: now, end: addDays(now, plan.periodDays), chargeCents: plan.priceCents };
}

/**
 * The renewal period after one that ended at `previousEnd`. Periods follow each other without a gap;
 * when the renewal is so late that the whole next period would already be over (the server was off
 * for longer than a period), the new period starts now instead: nobody pays for time already past.
 */
export function nextPeriod(previousEnd: Date, now: Date, periodDays: number): Period {
  const contiguousEnd = addDays(previousEnd, periodDays);
  if (contiguousEnd.getTime() > now.getTime()) return { start: previousEnd, end: contiguousEnd };
  return { start: now, end: addDays(now, periodDays) };
}

/** The offer price of a period: the discount of CANCELLATION_OFFER_PERCENT, rounded up to a whole cent. */
export function offerPriceCents(priceCents: number): number {
  return Math.ceil((priceCents * (100 - CANCELLATION_OFFER_PERCENT)) / 100);
}

/** The state the rules below need. */
export interface SubscriptionState {
  product: SubscriptionProduct;
  status: SubscriptionStatus;
  /** The regular price of a period (the trial price is only the first period's). */
  priceCents: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  offerAcceptedAt: Date | null;
}

export const isRunning = (status: SubscriptionStatus) => status === 'active' || status === 'cancelled';

/**
 * The offer applies to the renewal right after the period in which it was accepted: it was accepted
 * at or after the current period's start. After that renewal the current period starts later, so the
 * following renewals are at the normal price again.
 */
export function offerAppliesToNextRenewal(subscription: SubscriptionState): boolean {
  return (
    subscription.offerAcceptedAt !== null &&
    subscription.offerAcceptedAt.getTime() >= subscription.currentPeriodStart.getTime()
  );
}

/** What the next renewal charges. */
export function renewalChargeCents(subscription: SubscriptionState): number {
  return offerAppliesToNextRenewal(subscription)
    ? offerPriceCents(subscription.priceCents)
    : subscription.priceCents;
}

/** The current period has run out: the renewal job renews (active) or ends (cancelled) it. */
export function isDue(subscription: SubscriptionState, now: Date): boolean {
  return isRunning(subscription.status) && subscription.currentPeriodEnd.getTime() <= now.getTime();
}

/** Cancelling: only a running subscription whose period is not over yet, and not twice. */
export function assertCanCancel(subscription: SubscriptionState, now: Date): void {
  if (!isRunning(subscription.status)) {
    throw new SubscriptionRuleError('NOT_SUBSCRIBED', 'This subscription has ended');
  }
  if (subscription.status === 'cancelled') {
    throw new SubscriptionRuleError('ALREADY_CANCELLED', 'This subscription is already cancelled');
  }
  if (subscription.currentPeriodEnd.getTime() <= now.getTime()) {
    throw new SubscriptionRuleError('PERIOD_OVER', 'The period is over; the renewal is being processed');
  }
}

/** Whether the cancellation offer can still be taken (once per subscription, before the period ends). */
export function cancellationOfferAvailable(subscription: SubscriptionState, now: Date): boolean {
  return (
    isRunning(subscription.status) &&
    subscription.offerAcceptedAt === null &&
    subscription.currentPeriodEnd.getTime() > now.getTime()
  );
}

export function assertCanAcceptOffer(subscription: SubscriptionState, now: Date): void {
  if (!isRunning(subscription.status)) {
    throw new SubscriptionRuleError('NOT_SUBSCRIBED', 'This subscription has ended');
  }
  if (!cancellationOfferAvailable(subscription, now)) {
    throw new SubscriptionRuleError('OFFER_NOT_AVAILABLE', 'The cancellation offer is not available');
  }
}

/** Resuming a cancelled subscription before its period ends. */
export function assertCanResume(subscription: SubscriptionState, now: Date): void {
  if (subscription.status !== 'cancelled') {
    throw new SubscriptionRuleError('NOT_SUBSCRIBED', 'Only a cancelled subscription can be resumed');
  }
  if (subscription.currentPeriodEnd.getTime() <= now.getTime()) {
    throw new SubscriptionRuleError('PERIOD_OVER', 'The period is over');
  }
}

/**
 * Whether a guest may start `product` given what runs already: the same product twice is refused,
 * and TV while VIP runs is refused too (VIP includes TV, spec 6). VIP while TV runs is allowed.
 */
export function assertCanSubscribe(
  product: SubscriptionProduct,
  trial: boolean,
  running: { vip: boolean; tv: boolean },
  hadTrial: boolean,
): void {
  if (running[product]) {
    throw new SubscriptionRuleError('ALREADY_SUBSCRIBED', `A ${product} subscription is already running`);
  }
  if (product === 'tv' && running.vip) {
    throw new SubscriptionRuleError('INCLUDED_IN_VIP', 'TV is included in the running VIP club subscription');
  }
  if (trial && (product !== 'vip' || hadTrial)) {
    throw new SubscriptionRuleError('TRIAL_NOT_AVAILABLE', 'The VIP trial is available once per guest');
  }
}

/** The status a guest's product shows (spec 3 VIP update: vipAboStatus / vxtvAboStatus). */
export type AboStatus = 'none' | 'active' | 'cancelled';

export function aboStatusOf(subscription: { status: SubscriptionStatus } | null | undefined): AboStatus {
  if (!subscription || subscription.status === 'ended') return 'none';
  return subscription.status;
}

/** The VIP30 offers of a period: VIP videos released in the window before the period start. */
export function vip30Window(periodStart: Date): { from: Date; until: Date } {
  return { from: addDays(periodStart, -VIP30_WINDOW_DAYS), until: periodStart };
}

/** The ledger idempotency key of a period's charge: a renewal that runs twice charges once. */
export function periodChargeKey(subscriptionId: number, periodIndex: number): string {
  return `subscription:${subscriptionId}:${periodIndex}`;
}

/**
 * How a period charge names its product in the ledger reference (the guest's history labels it):
 * the dialog flow names of spec 2 (vipabo, trialvipabo for the trial period, vxtvabo).
 */
export function ledgerProductOf(product: SubscriptionProduct, trialPeriod: boolean): string {
  if (product === 'tv') return 'vxtvabo';
  return trialPeriod ? 'trialvipabo' : 'vipabo';
}

/**
 * What the VIP club and the TV subscription promise, and which of it the product delivers today
 * (issue 14: "the VIP club lists only benefits that are delivered today; a benefit is listed again
 * when the issue that delivers it lands"). The VIP club page and the dialog's subscription views
 * list `deliveredBenefits(product)` only; the change that delivers a benefit sets its `delivered`
 * and, in the same commit, the test that proves it.
 *
 * Today the VIP club delivers three benefits: VIP videos and the VIP30 offers included (issue 17: a
 * VIP member plays them in full through watch/start, spec 3 guestInfo.flatrate, no buy button, and
 * buying one is refused with 409 INCLUDED_IN_VIP and charges nothing; apps/server/test/vip-videos.test.ts,
 * e2e/vip-videos.spec.ts), and live preview 20 instead of 5 (spec 9 "live preview 5 (20 VIP)"; issue
 * 16, decision 0038 part 9). Each asks the subscriptions module who is VIP. There is no TV content
 * (no livestream, series tiles do not link), so the TV subscription has nothing to offer: TV is not sold (decision 0029 and its addendum; its
 * dialog says it is not offered, the server refuses a new subscribe with 409 PRODUCT_NOT_OFFERED).
 * Running subscriptions keep running.
 */
import type { SubscriptionProduct } from './subscriptions.ts';

export type VipBenefit = 'vipVideosIncluded' | 'newVip30Videos' | 'livePreview20' | 'tvIncluded';
export type TvBenefit = 'tvLivestream' | 'mediathek' | 'weeklyEpisodes';
export type SubscriptionBenefit = VipBenefit | TvBenefit;

interface BenefitState<B extends SubscriptionBenefit> {
  benefit: B;
  /** True once the product delivers it (and a test proves it). */
  delivered: boolean;
}

/** In the order the pages list them. */
export const SUBSCRIPTION_BENEFITS: {
  vip: readonly BenefitState<VipBenefit>[];
  tv: readonly BenefitState<TvBenefit>[];
} = {
  vip: [
    // Issue 17: VIP and VIP30 videos play in full for a VIP member, never charged (guestInfo.flatrate).
    { benefit: 'vipVideosIncluded', delivered: true },
    { benefit: 'newVip30Videos', delivered: true },
    // Issue 16: live previews are counted per guest, 20 an hour for a VIP (decision 0038 part 9).
    { benefit: 'livePreview20', delivered: true },
    { benefit: 'tvIncluded', delivered: false },
  ],
  tv: [
    { benefit: 'tvLivestream', delivered: false },
    { benefit: 'mediathek', delivered: false },
    { benefit: 'weeklyEpisodes', delivered: false },
  ],
};

/** The benefits of a product the product delivers today, in page order. */
export function deliveredBenefits(product: 'vip'): VipBenefit[];
export function deliveredBenefits(product: 'tv'): TvBenefit[];
export function deliveredBenefits(product: SubscriptionProduct): SubscriptionBenefit[];
export function deliveredBenefits(product: SubscriptionProduct): SubscriptionBenefit[] {
  const list: readonly BenefitState<SubscriptionBenefit>[] = SUBSCRIPTION_BENEFITS[product];
  return list.filter((b) => b.delivered).map((b) => b.benefit);
}

/** A product is offered for sale only when it delivers something: at least one delivered benefit. */
export function isOffered(product: SubscriptionProduct): boolean {
  return deliveredBenefits(product).length > 0;
}

/** The products offered for sale today (the server's default offer list). */
export function offeredProducts(): SubscriptionProduct[] {
  return (['vip', 'tv'] as const).filter((product) => isOffered(product));
}

import { describe, expect, it } from 'vitest';
import {
  deliveredBenefits,
  isOffered,
  offeredProducts,
  SUBSCRIPTION_BENEFITS,
} from './subscription-benefits.ts';

describe('subscription benefits listed (issue 14: only what is delivered today)', () => {
  it('lists a benefit only when it is delivered, in page order', () => {
    for (const product of ['vip', 'tv'] as const) {
      const expected = SUBSCRIPTION_BENEFITS[product].filter((b) => b.delivered).map((b) => b.benefit);
      expect(deliveredBenefits(product)).toEqual(expected);
    }
  });

  it('today: VIP and VIP30 videos are included (issue 17) and live preview 20 (issue 16); no TV content', () => {
    expect(deliveredBenefits('vip')).toEqual(['vipVideosIncluded', 'newVip30Videos', 'livePreview20']);
    expect(deliveredBenefits('tv')).toEqual([]);
  });

  it('a product is offered exactly when it delivers at least one benefit', () => {
    for (const product of ['vip', 'tv'] as const) {
      expect(isOffered(product)).toBe(SUBSCRIPTION_BENEFITS[product].some((b) => b.delivered));
    }
  });

  it('today the VIP club is offered (live preview 20) and TV, which delivers nothing, is not (decision 0029)', () => {
    expect(isOffered('vip')).toBe(true);
    expect(isOffered('tv')).toBe(false);
    expect(offeredProducts()).toEqual(['vip']);
  });
});

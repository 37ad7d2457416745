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

  it('today: VIP videos are still charged, there is no live preview and no TV content, so nothing is listed', () => {
    expect(deliveredBenefits('vip')).toEqual([]);
    expect(deliveredBenefits('tv')).toEqual([]);
  });

  it('a product is offered exactly when it delivers at least one benefit', () => {
    for (const product of ['vip', 'tv'] as const) {
      expect(isOffered(product)).toBe(SUBSCRIPTION_BENEFITS[product].some((b) => b.delivered));
    }
  });

  it('today neither the VIP club nor TV delivers anything, so neither is offered (decision 0029)', () => {
    expect(isOffered('vip')).toBe(false);
    expect(isOffered('tv')).toBe(false);
    expect(offeredProducts()).toEqual([]);
  });
});

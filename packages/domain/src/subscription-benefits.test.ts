import { describe, expect, it } from 'vitest';
import { deliveredBenefits, isOffered, SUBSCRIPTION_BENEFITS } from './subscription-benefits.ts';

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

  it('TV is offered only once it delivers something; the VIP club stays on offer', () => {
    expect(isOffered('tv')).toBe(deliveredBenefits('tv').length > 0);
    expect(isOffered('vip')).toBe(true);
  });
});

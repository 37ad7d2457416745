/** Spec 4: a just-started subscription is reported to analytics once, whichever path sees it first. */
import { describe, expect, it } from 'vitest';
import { createStartedReporter, STARTED_DEDUPE_MS } from './subscriptionAnalytics.ts';

describe('started subscription analytics', () => {
  it('reports vip_abo_update once per tab when the dialog success and the socket both announce it', () => {
    let now = 0;
    const sent: string[] = [];
    const report = createStartedReporter(
      (context, action) => sent.push(`${context}:${action}`),
      () => now,
    );
    const data = { isStarted: true, vipAboStatus: 'active', vxtvAboStatus: 'active', priceCents: 2995 };
    expect(report('vip_abo_update', data)).toBe(true);
    now += 5_000;
    expect(report('vip_abo_update', data)).toBe(false);
    expect(report('vxtv_abo_update', data)).toBe(true);
    now += STARTED_DEDUPE_MS;
    expect(report('vip_abo_update', data)).toBe(true);
    expect(sent).toEqual([
      'subscription:vip_abo_update',
      'subscription:vxtv_abo_update',
      'subscription:vip_abo_update',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { aboOfferFor, aboText, newAttemptKey } from './abo-text.ts';

describe('abo views: offers and spec 9 money', () => {
  it('flows vipabo/trialvipabo offer VIP, vxabo/vxtvabo TV', () => {
    expect(aboOfferFor('vipabo', 'abo')).toEqual({ product: 'vip', trial: false });
    expect(aboOfferFor('trialvipabo', 'abo')).toEqual({ product: 'vip', trial: true });
    expect(aboOfferFor('vxtvabo', 'vxabo')).toEqual({ product: 'tv', trial: false });
    expect(aboOfferFor('vxabo', 'vxabo')).toEqual({ product: 'tv', trial: false });
  });

  it('prices show in euro with a decimal comma and in coins rounded up (1 EUR = 4 coins)', () => {
    const de = aboText('de');
    expect(de.euro(1999)).toBe('19,99\u00a0€');
    expect(de.coins(1999)).toBe('80 Coins');
    const en = aboText('en');
    expect(en.euro(1999)).toBe('€19,99');
    expect(en.coins(199)).toBe('8 coins');
    expect(en.t('subscribe', { price: en.euro(999) })).toBe('Subscribe for €9,99');
  });

  it('every attempt gets its own idempotency key of at least 8 characters', () => {
    const a = newAttemptKey();
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(newAttemptKey()).not.toBe(a);
  });
});

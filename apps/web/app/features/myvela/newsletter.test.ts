import { NEWSLETTER_TYPES } from '@vela/contracts/guest-api';
import { describe, expect, it } from 'vitest';
import {
  hasNewsletter,
  NEWSLETTER_ORDER,
  newsletterMask,
  newsletterSucceeded,
  withNewsletter,
} from './newsletter.ts';

describe('newsletter types (spec 3 bit values: VIP club 1024, late night 512, VR porn 2048, contests 256)', () => {
  it('uses the bit values of spec 3', () => {
    expect(NEWSLETTER_TYPES).toEqual({ vipClub: 1024, lateNight: 512, vrPorn: 2048, contests: 256 });
    expect([...NEWSLETTER_ORDER].sort()).toEqual(Object.keys(NEWSLETTER_TYPES).sort());
  });

  it('reads each type from its own bit only', () => {
    const mask = 1024 | 256;
    expect(hasNewsletter(mask, 'vipClub')).toBe(true);
    expect(hasNewsletter(mask, 'contests')).toBe(true);
    expect(hasNewsletter(mask, 'lateNight')).toBe(false);
    expect(hasNewsletter(mask, 'vrPorn')).toBe(false);
  });

  it('switches one type on or off and leaves the other bits alone', () => {
    expect(withNewsletter(0, 'vrPorn', true)).toBe(2048);
    expect(withNewsletter(2048 | 512, 'vrPorn', false)).toBe(512);
    expect(withNewsletter(512, 'lateNight', true)).toBe(512);
    expect(withNewsletter(0, 'lateNight', false)).toBe(0);
    // Unknown bits (not a newsletter type of spec 3) survive a toggle.
    expect(withNewsletter(1 | 1024, 'vipClub', false)).toBe(1);
  });

  it('reads the subscribed types from a mask, a list of type ids or names, or a record', () => {
    expect(newsletterMask(1024 | 256 | 1)).toBe(1024 | 256);
    expect(newsletterMask([512, 2048])).toBe(512 | 2048);
    expect(newsletterMask(['1024', 'contests', 7])).toBe(1024 | 256);
    expect(
      newsletterMask([
        { typeId: 512, subscribed: true },
        { typeId: 256, subscribed: false },
      ]),
    ).toBe(512);
    expect(newsletterMask({ vipClub: true, vrPorn: false, lateNight: true, bogus: true })).toBe(1024 | 512);
    expect(newsletterMask(null)).toBe(0);
    expect(newsletterMask('1024')).toBe(0);
  });
});

describe('spec 5: a newsletter subscription succeeds only if outer and inner success are true', () => {
  it('accepts outer and inner success', () => {
    expect(newsletterSucceeded({ success: true, data: { success: true } })).toBe(true);
  });

  it.each([
    ['inner false', { success: true, data: { success: false } }],
    ['inner missing', { success: true, data: {} }],
    ['inner truthy but not true', { success: true, data: { success: 'true' } }],
    ['outer false', { success: false, data: { success: true } }],
    ['no data', { success: true }],
    ['not an object', 'ok'],
    ['null', null],
  ])('refuses %s', (_name, body) => {
    expect(newsletterSucceeded(body)).toBe(false);
  });
});

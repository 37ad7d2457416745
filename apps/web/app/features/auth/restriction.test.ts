import { RESTRICTION_REASONS } from '@vela/domain/restrictions';
import { describe, expect, it } from 'vitest';
import { hasCookie } from './cookies.ts';
import { pictureRestriction, uiForRestriction } from './restriction.ts';
import { restrictionReasonOf } from './restrictionReason.ts';

describe('restriction reasons drive the UI (spec 6)', () => {
  it('need-login opens the login dialog, need-age-check the AVS dialog, need-subscription the VIP dialog', () => {
    expect(uiForRestriction('need-login')).toEqual({ kind: 'dialog', flow: 'login' });
    expect(uiForRestriction('need-age-check')).toEqual({ kind: 'dialog', flow: 'avs' });
    expect(uiForRestriction('need-subscription')).toEqual({ kind: 'dialog', flow: 'vipabo' });
  });

  it('need-purchase shows a notice: the purchase dialog is not built yet', () => {
    expect(uiForRestriction('need-purchase')).toEqual({ kind: 'notice', notice: 'purchase-unavailable' });
  });

  it('every reason has an answer', () => {
    for (const reason of RESTRICTION_REASONS) expect(uiForRestriction(reason).kind).toMatch(/dialog|notice/);
  });

  it('reads the reason of a RESTRICTED error body and nothing else', () => {
    const body = {
      success: false,
      error: { code: 'RESTRICTED', message: 'Verify your age to see this content', reason: 'need-age-check' },
      requestId: 'r1',
    };
    expect(restrictionReasonOf(body)).toBe('need-age-check');
    expect(restrictionReasonOf({ ...body, error: { ...body.error, reason: 'need-money' } })).toBeNull();
    expect(
      restrictionReasonOf({ success: false, error: { code: 'NOT_LOGGED_IN', message: 'Log in first' } }),
    ).toBeNull();
    expect(restrictionReasonOf(null)).toBeNull();
    expect(restrictionReasonOf('RESTRICTED')).toBeNull();
  });
});

describe('FSK-18 pictures (spec 4: only accepted age verification sees them)', () => {
  it('a visitor needs the login first, a logged-in guest without AVS the age check', () => {
    expect(pictureRestriction(18, { loggedIn: false, avsAccepted: false })).toBe('need-login');
    expect(pictureRestriction(18, { loggedIn: true, avsAccepted: false })).toBe('need-age-check');
  });

  it('an accepted AVS sees FSK-18; FSK-16 is public (avatars, top cams)', () => {
    expect(pictureRestriction(18, { loggedIn: true, avsAccepted: true })).toBeNull();
    expect(pictureRestriction(16, { loggedIn: false, avsAccepted: false })).toBeNull();
  });
});

describe('forced-AVS cookie lookup (spec 6 es-avs)', () => {
  it('finds the cookie by exact name only', () => {
    expect(hasCookie('a=1; vela_forced_avs=1; b=2', 'vela_forced_avs')).toBe(true);
    expect(hasCookie('vela_forced_avs=1', 'vela_forced_avs')).toBe(true);
    expect(hasCookie('x_vela_forced_avs=1; vela_forced_avsx=1', 'vela_forced_avs')).toBe(false);
    expect(hasCookie('', 'vela_forced_avs')).toBe(false);
  });
});

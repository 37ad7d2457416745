import { describe, expect, it } from 'vitest';
import {
  canUseFeature,
  countryCodeOf,
  decideFlow,
  dialogForRestriction,
  type GuestSnapshot,
  getVipButtonAction,
  isBlockedFromPerformer,
  isEffectivelyLoggedIn,
  LOGGED_IN_ONLY_FEATURES,
  livePreviewLimit,
  type Requirement,
  restrictionFor,
  rolesOf,
  showsAdultMarketModal,
  showsEsAvsModal,
  VISITOR,
} from './restrictions.ts';
import { isOffered } from './subscription-benefits.ts';

function guest(overrides: Partial<GuestSnapshot> = {}): GuestSnapshot {
  return { ...VISITOR, isLoggedIn: true, ...overrides };
}
const visitor = VISITOR;
const member = guest();
const locked = guest({ isLocked: true, isVip: true, hasAvs: true });
const vip = guest({ isVip: true });
const tv = guest({ isTvSubscriber: true });
const verified = guest({ hasAvs: true });

describe('roles (spec 6)', () => {
  it('a visitor is anonymous; an anonymous voice caller has that role too', () => {
    expect(rolesOf(visitor)).toEqual(['anonymous']);
    expect(rolesOf({ ...visitor, isAnonymousVoicecall: true })).toEqual([
      'anonymous',
      'anonymous-voice-caller',
    ]);
  });

  it('a VIP subscriber counts as a TV subscriber', () => {
    expect(rolesOf(vip)).toEqual(['logged-in', 'vip', 'tv-subscriber']);
    expect(rolesOf(tv)).toEqual(['logged-in', 'tv-subscriber']);
  });

  it('paying, age-verified and restricted are roles of logged-in guests', () => {
    expect(rolesOf(guest({ isPayingCustomer: true, hasAvs: true, isRestricted: true }))).toEqual([
      'logged-in',
      'paying',
      'age-verified',
      'restricted',
    ]);
  });

  it('a locked guest is treated as logged out', () => {
    expect(isEffectivelyLoggedIn(locked)).toBe(false);
    expect(rolesOf(locked)).toEqual(['anonymous', 'locked']);
  });
});

describe('restriction reasons (spec 6)', () => {
  it.each<[string, GuestSnapshot, Requirement, ReturnType<typeof restrictionFor>]>([
    ['no requirement is open to visitors', visitor, {}, null],
    ['login required, visitor -> need-login', visitor, { login: true }, 'need-login'],
    ['login required, logged in -> allowed', member, { login: true }, null],
    ['age check for a visitor asks for login first', visitor, { ageCheck: true }, 'need-login'],
    ['age check without AVS -> need-age-check', member, { ageCheck: true }, 'need-age-check'],
    ['age check with AVS -> allowed', verified, { ageCheck: true }, null],
    [
      'VIP content for a non-VIP -> need-subscription',
      verified,
      { subscription: 'vip' },
      'need-subscription',
    ],
    ['VIP content for a VIP -> allowed', vip, { subscription: 'vip' }, null],
    ['TV content for a TV subscriber -> allowed', tv, { subscription: 'tv' }, null],
    ['TV content for a VIP -> allowed (VIP counts as TV subscriber)', vip, { subscription: 'tv' }, null],
    [
      'TV content for a plain guest -> need-subscription',
      member,
      { subscription: 'tv' },
      'need-subscription',
    ],
    [
      'VIP content for a TV subscriber -> need-subscription',
      tv,
      { subscription: 'vip' },
      'need-subscription',
    ],
    ['unbought item -> need-purchase', member, { purchase: true }, 'need-purchase'],
    ['unbought item for a visitor -> need-login', visitor, { purchase: true }, 'need-login'],
    ['age check comes before subscription', vip, { ageCheck: true, subscription: 'vip' }, 'need-age-check'],
    [
      'subscription comes before purchase',
      verified,
      { ageCheck: true, subscription: 'vip', purchase: true },
      'need-subscription',
    ],
    [
      'a locked VIP with AVS is treated as logged out -> need-login',
      locked,
      { ageCheck: true },
      'need-login',
    ],
  ])('%s', (_rule, snapshot, requirement, expected) => {
    expect(restrictionFor(snapshot, requirement)).toBe(expected);
  });

  it('each reason drives its dialog: login, AVS, VIP, purchase', () => {
    expect(dialogForRestriction('need-login')).toBe('login');
    expect(dialogForRestriction('need-age-check')).toBe('avs');
    expect(dialogForRestriction('need-subscription')).toBe('vip');
    expect(dialogForRestriction('need-purchase')).toBe('purchase');
  });
});

describe('Get-VIP button (spec 6)', () => {
  it('while the VIP club is offered: login for visitors, VIP dialog for non-VIP, nothing for VIP', () => {
    expect(getVipButtonAction(visitor, true)).toBe('login');
    expect(getVipButtonAction(member, true)).toBe('vip-dialog');
    expect(getVipButtonAction(tv, true)).toBe('vip-dialog');
    expect(getVipButtonAction(vip, true)).toBeNull();
  });

  it('a locked VIP is treated as a visitor: login', () => {
    expect(getVipButtonAction(locked, true)).toBe('login');
  });

  it('not offered: no button for anyone (issue 14: never sell what is not delivered)', () => {
    for (const who of [visitor, member, tv, vip, locked]) expect(getVipButtonAction(who, false)).toBeNull();
  });

  it('by default it follows the offer of the domain: the VIP club delivers live preview 20 (issue 16), so it is offered', () => {
    expect(isOffered('vip')).toBe(true);
    expect(getVipButtonAction(visitor)).toBe('login');
    expect(getVipButtonAction(member)).toBe('vip-dialog');
    expect(getVipButtonAction(vip)).toBeNull();
  });
});

describe('payment dialog flows by role (spec 5, 6)', () => {
  const on = { loginEnabled: true };

  it.each(['login', 'signup', 'pwdlost', 'pwdreset'])('visitors may open %s', (flow) => {
    expect(decideFlow(visitor, flow, on)).toEqual({ kind: 'open', flow });
  });

  it.each(['moneycharge', 'vipabo', 'avs', 'settings', 'promocode', 'scratchcard'])(
    'visitors opening %s need a login; logged-in guests open it',
    (flow) => {
      expect(decideFlow(visitor, flow, on)).toEqual({ kind: 'restricted', reason: 'need-login' });
      expect(decideFlow(member, flow, on)).toEqual({ kind: 'open', flow });
    },
  );

  it.each(['moneycharge', 'trialmoneycharge', 'oneclick', 'autorecharge'])(
    'restricted guests opening the charge %s get the opcompensation flow',
    (flow) => {
      expect(decideFlow(guest({ isRestricted: true }), flow, on)).toEqual({
        kind: 'open',
        flow: 'opcompensation',
      });
    },
  );

  it('restricted guests may still open non-charge flows', () => {
    expect(decideFlow(guest({ isRestricted: true }), 'settings', on)).toEqual({
      kind: 'open',
      flow: 'settings',
    });
  });

  it('login and signup are refused when configuration disables login', () => {
    expect(decideFlow(visitor, 'login', { loginEnabled: false })).toEqual({
      kind: 'refused',
      code: 'LOGIN_DISABLED',
    });
    expect(decideFlow(visitor, 'signup', { loginEnabled: false })).toEqual({
      kind: 'refused',
      code: 'LOGIN_DISABLED',
    });
    expect(decideFlow(visitor, 'pwdlost', { loginEnabled: false })).toEqual({
      kind: 'open',
      flow: 'pwdlost',
    });
  });

  it('a locked guest opening a charge needs a login', () => {
    expect(decideFlow(locked, 'moneycharge', on)).toEqual({ kind: 'restricted', reason: 'need-login' });
  });
});

describe('logged-in only features, banned countries, live preview (spec 6)', () => {
  it.each(LOGGED_IN_ONLY_FEATURES)('%s is for logged-in guests only', (feature) => {
    expect(canUseFeature(visitor, feature)).toBe(false);
    expect(canUseFeature(locked, feature)).toBe(false);
    expect(canUseFeature(member, feature)).toBe(true);
  });

  it('guests from banned country codes are blocked from a performer', () => {
    expect(isBlockedFromPerformer('DE', ['AT', 'DE'])).toBe(true);
    expect(isBlockedFromPerformer('de', ['DE'])).toBe(true);
    expect(isBlockedFromPerformer('NL', ['DE'])).toBe(false);
    expect(isBlockedFromPerformer(null, ['DE'])).toBe(false);
    // Stored codes compare case-insensitively too; a malformed caller country is unknown (never blocked).
    expect(isBlockedFromPerformer('CH', ['at', 'Ch'])).toBe(true);
    expect(isBlockedFromPerformer(' ch ', ['CH'])).toBe(true);
    expect(isBlockedFromPerformer('DEU', ['DE', 'DEU'])).toBe(false);
    expect(isBlockedFromPerformer('', [''])).toBe(false);
  });

  it('a caller country is an ISO 3166-1 alpha-2 code, upper-cased; anything else is unknown', () => {
    expect(countryCodeOf('de')).toBe('DE');
    expect(countryCodeOf(' Fr ')).toBe('FR');
    for (const bad of ['DEU', '1A', 'germany', '', 'D', ['DE'], undefined, null, 49])
      expect(countryCodeOf(bad)).toBeNull();
  });

  it('live preview limit is 5 units, 20 for VIP', () => {
    expect(livePreviewLimit(visitor)).toBe(5);
    expect(livePreviewLimit(member)).toBe(5);
    expect(livePreviewLimit(vip)).toBe(20);
    expect(livePreviewLimit(locked)).toBe(5);
  });
});

describe('modal rules (spec 6)', () => {
  it('adult-market modal shows only to non-logged-in, non-voicecall visitors who never logged in there', () => {
    expect(showsAdultMarketModal(visitor, false)).toBe(true);
    expect(showsAdultMarketModal(visitor, true)).toBe(false);
    expect(showsAdultMarketModal(member, false)).toBe(false);
    expect(showsAdultMarketModal({ ...visitor, isVoicecallActive: true }, false)).toBe(false);
    expect(showsAdultMarketModal({ ...visitor, isAnonymousVoicecall: true }, false)).toBe(false);
  });

  it('a locked guest counts as not logged in for the adult-market modal', () => {
    expect(showsAdultMarketModal(locked, false)).toBe(true);
  });

  it('es-avs modal shows when the forced-AVS cookie is absent and configuration enables it', () => {
    expect(showsEsAvsModal({ forcedAvsCookiePresent: false, enabled: true })).toBe(true);
    expect(showsEsAvsModal({ forcedAvsCookiePresent: true, enabled: true })).toBe(false);
    expect(showsEsAvsModal({ forcedAvsCookiePresent: false, enabled: false })).toBe(false);
    expect(showsEsAvsModal({ forcedAvsCookiePresent: true, enabled: false })).toBe(false);
  });
});

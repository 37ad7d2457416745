/**
 * Roles and restriction reasons (spec 6). Pure rules over a snapshot of the guest; the server
 * returns the reason and the UI opens the matching dialog (login, AVS, VIP, purchase).
 *
 * - A locked guest is treated as logged out (spec 4: guestLocked logs out).
 * - A VIP subscriber counts as a TV subscriber.
 * - Visitors may open login, signup and password lost; everything else in the payment dialog needs
 *   a login. Restricted guests opening a charge get the opcompensation flow (spec 5).
 */

import { isOffered } from './subscription-benefits.ts';

export const RESTRICTION_REASONS = [
  'need-login',
  'need-age-check',
  'need-subscription',
  'need-purchase',
] as const;
export type RestrictionReason = (typeof RESTRICTION_REASONS)[number];

export const GUEST_ROLES = [
  'anonymous',
  'logged-in',
  'anonymous-voice-caller',
  'vip',
  'tv-subscriber',
  'paying',
  'age-verified',
  'locked',
  'restricted',
] as const;
export type GuestRole = (typeof GUEST_ROLES)[number];

/** The Guest fields of spec 3 that decide permissions. */
export interface GuestSnapshot {
  isLoggedIn: boolean;
  isLocked: boolean;
  isVip: boolean;
  /** isVXTVAboSubscriber */
  isTvSubscriber: boolean;
  /** Age verification accepted. */
  hasAvs: boolean;
  isRestricted: boolean;
  isPayingCustomer: boolean;
  isVoicecallActive: boolean;
  isAnonymousVoicecall: boolean;
}

export const VISITOR: GuestSnapshot = {
  isLoggedIn: false,
  isLocked: false,
  isVip: false,
  isTvSubscriber: false,
  hasAvs: false,
  isRestricted: false,
  isPayingCustomer: false,
  isVoicecallActive: false,
  isAnonymousVoicecall: false,
};

/** Logged in and not locked: a locked guest is treated as logged out. */
export function isEffectivelyLoggedIn(guest: GuestSnapshot): boolean {
  return guest.isLoggedIn && !guest.isLocked;
}

export function hasTvAccess(guest: GuestSnapshot): boolean {
  return guest.isVip || guest.isTvSubscriber;
}

export function rolesOf(guest: GuestSnapshot): GuestRole[] {
  if (guest.isLocked) return ['anonymous', 'locked'];
  if (!guest.isLoggedIn)
    return guest.isAnonymousVoicecall ? ['anonymous', 'anonymous-voice-caller'] : ['anonymous'];
  const roles: GuestRole[] = ['logged-in'];
  if (guest.isVip) roles.push('vip');
  if (hasTvAccess(guest)) roles.push('tv-subscriber');
  if (guest.isPayingCustomer) roles.push('paying');
  if (guest.hasAvs) roles.push('age-verified');
  if (guest.isRestricted) roles.push('restricted');
  return roles;
}

/**
 * What a resource needs. `purchase: true` means the resource is sold and this guest does not own it
 * yet (ownership is data the caller knows). Age check, subscription and purchase all imply login.
 */
export interface Requirement {
  login?: boolean;
  ageCheck?: boolean;
  subscription?: 'vip' | 'tv';
  purchase?: boolean;
}

/** The first unmet requirement, in the order login, age check, subscription, purchase; null when allowed. */
export function restrictionFor(guest: GuestSnapshot, requirement: Requirement): RestrictionReason | null {
  const needsAnything =
    requirement.login === true ||
    requirement.ageCheck === true ||
    requirement.subscription !== undefined ||
    requirement.purchase === true;
  if (!needsAnything) return null;
  if (!isEffectivelyLoggedIn(guest)) return 'need-login';
  if (requirement.ageCheck && !guest.hasAvs) return 'need-age-check';
  if (requirement.subscription === 'vip' && !guest.isVip) return 'need-subscription';
  if (requirement.subscription === 'tv' && !hasTvAccess(guest)) return 'need-subscription';
  if (requirement.purchase) return 'need-purchase';
  return null;
}

export type RestrictionDialog = 'login' | 'avs' | 'vip' | 'purchase';

/** The dialog that resolves a restriction reason. */
export function dialogForRestriction(reason: RestrictionReason): RestrictionDialog {
  switch (reason) {
    case 'need-login':
      return 'login';
    case 'need-age-check':
      return 'avs';
    case 'need-subscription':
      return 'vip';
    case 'need-purchase':
      return 'purchase';
  }
}

/**
 * Get-VIP button (spec 6): login for visitors, VIP dialog for non-VIP, nothing for VIP. Nothing
 * for anyone while the VIP club is not offered (it delivers nothing yet; issue 14, decision 0029).
 */
export function getVipButtonAction(
  guest: GuestSnapshot,
  vipOffered: boolean = isOffered('vip'),
): 'login' | 'vip-dialog' | null {
  if (!vipOffered) return null;
  if (!isEffectivelyLoggedIn(guest)) return 'login';
  return guest.isVip ? null : 'vip-dialog';
}

/** Flows a visitor may open (spec 6: login, signup, password lost; the reset link too). */
export const VISITOR_FLOWS = ['login', 'signup', 'pwdlost', 'pwdreset'] as const;
/** Flows that charge money; voice call is a charge with paytype Voice. */
export const CHARGE_FLOWS = [
  'moneycharge',
  'trialmoneycharge',
  'oneclick',
  'autorecharge',
  'voicecall',
] as const;

export type FlowDecision =
  | { kind: 'open'; flow: string }
  | { kind: 'restricted'; reason: 'need-login' }
  | { kind: 'refused'; code: 'LOGIN_DISABLED' };

/**
 * Which flow actually opens when a guest asks for one (spec 5 and 6): login/signup are refused when
 * configuration disables login; other flows need a login; a restricted guest asking for a charge
 * gets the opcompensation flow instead.
 */
export function decideFlow(
  guest: GuestSnapshot,
  flow: string,
  options: { loginEnabled: boolean },
): FlowDecision {
  if ((flow === 'login' || flow === 'signup') && !options.loginEnabled) {
    return { kind: 'refused', code: 'LOGIN_DISABLED' };
  }
  if ((VISITOR_FLOWS as readonly string[]).includes(flow)) return { kind: 'open', flow };
  if (!isEffectivelyLoggedIn(guest)) return { kind: 'restricted', reason: 'need-login' };
  if (guest.isRestricted && (CHARGE_FLOWS as readonly string[]).includes(flow)) {
    return { kind: 'open', flow: 'opcompensation' };
  }
  return { kind: 'open', flow };
}

/** Features only logged-in guests use (spec 6); anonymous feed requests use an empty credential. */
export const LOGGED_IN_ONLY_FEATURES = [
  'notifications',
  'favorites',
  'channel-actions',
  'one-click-charge',
  'socket-messages',
  'relations',
  'notes',
  'auto-recharge',
  'conversion-chat',
  'free-chat-duration',
  'album-view-recording',
  'feed-credential',
] as const;
export type LoggedInOnlyFeature = (typeof LOGGED_IN_ONLY_FEATURES)[number];

export function canUseFeature(guest: GuestSnapshot, _feature: LoggedInOnlyFeature): boolean {
  return isEffectivelyLoggedIn(guest);
}

/**
 * The banned-country rule (spec 6: guests from banned country codes are blocked from a performer;
 * docs/decisions/0018-banned-countries.md). A caller's country is an ISO 3166-1 alpha-2 code,
 * upper-cased; anything else (missing, repeated, `DEU`, `1A`) is unknown, and an unknown country is
 * never blocked. The server applies this rule everywhere a performer or their content is offered:
 * in code through `isBlockedFromPerformer`, in SQL through one condition builder with the same
 * semantics (apps/server/src/infra/country.ts, tested against this function).
 */
export function countryCodeOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return /^[A-Za-z]{2}$/.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** Guests from a banned country are blocked from that performer (spec 6). Stored codes compare case-insensitively. */
export function isBlockedFromPerformer(
  guestCountry: string | null,
  bannedCountryCodes: readonly string[],
): boolean {
  const country = countryCodeOf(guestCountry);
  if (country === null) return false;
  return bannedCountryCodes.some((code) => code.toUpperCase() === country);
}

export const LIVE_PREVIEW_LIMIT = 5;
export const LIVE_PREVIEW_LIMIT_VIP = 20;

/** Live preview limit: 5 units, 20 for VIP (spec 6, 9). */
export function livePreviewLimit(guest: GuestSnapshot): number {
  return isEffectivelyLoggedIn(guest) && guest.isVip ? LIVE_PREVIEW_LIMIT_VIP : LIVE_PREVIEW_LIMIT;
}

/**
 * Adult-market login modal (spec 6): only for visitors who are not logged in, not in a voice call,
 * and have not logged in on that market before.
 */
export function showsAdultMarketModal(guest: GuestSnapshot, hasLoggedInThereBefore: boolean): boolean {
  if (isEffectivelyLoggedIn(guest)) return false;
  if (guest.isVoicecallActive || guest.isAnonymousVoicecall) return false;
  return !hasLoggedInThereBefore;
}

/** Spanish age-check modal es-avs (spec 6): the forced-AVS cookie is absent and configuration enables it. */
export function showsEsAvsModal(input: { forcedAvsCookiePresent: boolean; enabled: boolean }): boolean {
  return input.enabled && !input.forcedAvsCookiePresent;
}

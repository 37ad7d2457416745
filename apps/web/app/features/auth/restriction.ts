/**
 * Restrictions drive the UI (spec 6): the server refuses with `RESTRICTED` and a reason
 * (RestrictedErrorBodySchema of @vela/contracts/guest, read by restrictionReason.ts); the page opens the dialog that resolves it.
 * need-login -> login dialog, need-age-check -> AVS dialog, need-subscription -> VIP dialog (flow
 * vipabo), need-purchase -> purchase, which is not built yet: a notice says so instead of a fake.
 */
import type { RestrictionReason } from '@vela/contracts/guest';
import { dialogForRestriction } from '@vela/domain/restrictions';

export type RestrictionUi =
  | { kind: 'dialog'; flow: 'login' | 'avs' | 'vipabo' }
  | { kind: 'notice'; notice: 'purchase-unavailable' };

/** The page's answer to a restriction reason. */
export function uiForRestriction(reason: RestrictionReason): RestrictionUi {
  switch (dialogForRestriction(reason)) {
    case 'login':
      return { kind: 'dialog', flow: 'login' };
    case 'avs':
      return { kind: 'dialog', flow: 'avs' };
    case 'vip':
      return { kind: 'dialog', flow: 'vipabo' };
    case 'purchase':
      return { kind: 'notice', notice: 'purchase-unavailable' };
  }
}

/**
 * The reason an FSK-18 picture is withheld from this viewer (spec 4: only accepted AVS sees it),
 * null when it may be shown. Visitors need a login first, logged-in guests the age check.
 */
export function pictureRestriction(
  ageRating: 16 | 18,
  viewer: { loggedIn: boolean; avsAccepted: boolean },
): RestrictionReason | null {
  if (ageRating !== 18 || viewer.avsAccepted) return null;
  return viewer.loggedIn ? 'need-age-check' : 'need-login';
}

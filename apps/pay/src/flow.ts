/**
 * Which view the dialog opens for a requested flow (spec 2, 5, 6), from the guest the dialog's token
 * belongs to. The rules are decideFlow of @vela/domain/restrictions and viewForFlow of the
 * contracts: a visitor may open login, signup, password lost and reset; any other flow shows the
 * login view first and continues with that flow after login; a restricted guest asking for a charge
 * gets opcompensation; login and signup are refused when configuration disables login.
 */
import type { GuestMe } from '@vela/contracts/guest-api';
import { type DialogFlow, type PaymentView, viewForFlow } from '@vela/contracts/payment';
import { decideFlow, type GuestSnapshot, VISITOR } from '@vela/domain/restrictions';

export interface Opening {
  /** The flow the dialog is in now. */
  flow: DialogFlow;
  view: PaymentView;
  /** The flow asked for, to continue with after login; null when nothing waits. */
  pendingFlow: DialogFlow | null;
  /** Login and signup are turned off by configuration (LOGIN_DISABLED). */
  loginDisabled: boolean;
}

/** The permission-relevant part of the guest; fields the API does not know yet count as false. */
export function snapshotOf(guest: GuestMe | null): GuestSnapshot {
  if (!guest) return VISITOR;
  return {
    ...VISITOR,
    isLoggedIn: guest.isLoggedIn,
    isLocked: guest.isLocked,
    hasAvs: guest.hasAvs,
    isRestricted: guest.isRestricted,
  };
}

export function isLoggedIn(guest: GuestMe | null): boolean {
  return guest?.isLoggedIn === true && !guest.isLocked;
}

export function decideOpening(flow: DialogFlow, guest: GuestMe | null, loginEnabled: boolean): Opening {
  const decision = decideFlow(snapshotOf(guest), flow, { loginEnabled });
  switch (decision.kind) {
    case 'refused':
      return { flow, view: viewForFlow(flow), pendingFlow: null, loginDisabled: true };
    case 'restricted':
      return { flow: 'login', view: 'login', pendingFlow: flow, loginDisabled: !loginEnabled };
    case 'open': {
      const opened = decision.flow as DialogFlow;
      return { flow: opened, view: viewForFlow(opened), pendingFlow: null, loginDisabled: false };
    }
  }
}

import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { PAYMENT_FLOWS } from '@vela/contracts/payment';
import { describe, expect, it } from 'vitest';
import { decideOpening } from './flow.ts';

const guest = buildGuestMe({ name: 'anna', email: 'anna@example.com' });

describe('which view the dialog opens (spec 5, 6: decideFlow + viewForFlow)', () => {
  it.each(['login', 'signup', 'pwdlost', 'pwdreset'] as const)('a visitor may open %s', (flow) => {
    const opening = decideOpening(flow, null, true);
    expect(opening).toMatchObject({ flow, pendingFlow: null, loginDisabled: false });
    expect(opening.view).toBe(flow === 'signup' ? 'signup' : 'login');
  });

  it('any other flow shows a visitor the login view first and keeps the flow for after login', () => {
    for (const flow of PAYMENT_FLOWS.filter((f) => !['login', 'pwdlost', 'pwdreset'].includes(f))) {
      expect(decideOpening(flow, null, true)).toEqual({
        flow: 'login',
        view: 'login',
        pendingFlow: flow,
        loginDisabled: false,
      });
    }
  });

  it('a locked guest counts as logged out', () => {
    expect(decideOpening('settings', { ...guest, isLocked: true }, true).view).toBe('login');
  });

  it('a logged-in guest opens settings in the payment view and avs in the avs view', () => {
    expect(decideOpening('settings', guest, true)).toMatchObject({ flow: 'settings', view: 'payment' });
    expect(decideOpening('avs', guest, true)).toMatchObject({ flow: 'avs', view: 'avs' });
    expect(decideOpening('vipabo', guest, true)).toMatchObject({ flow: 'vipabo', view: 'abo' });
  });

  it('a restricted guest opening a charge gets opcompensation', () => {
    for (const flow of ['moneycharge', 'trialmoneycharge', 'oneclick', 'autorecharge'] as const) {
      expect(decideOpening(flow, { ...guest, isRestricted: true }, true)).toMatchObject({
        flow: 'opcompensation',
        view: 'opcompensation',
      });
    }
    expect(decideOpening('settings', { ...guest, isRestricted: true }, true).flow).toBe('settings');
  });

  it('login and signup are refused when configuration disables login (LOGIN_DISABLED)', () => {
    expect(decideOpening('login', null, false)).toMatchObject({ view: 'login', loginDisabled: true });
    expect(decideOpening('signup', null, false)).toMatchObject({ view: 'signup', loginDisabled: true });
    expect(decideOpening('moneycharge', null, false)).toMatchObject({ view: 'login', loginDisabled: true });
  });
});

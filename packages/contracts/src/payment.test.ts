import { describe, expect, it } from 'vitest';
import { PAYMENT_FLOWS, PAYMENT_VIEWS, viewForFlow } from './payment.ts';

describe('viewForFlow (spec 2: payment dialog views and flows)', () => {
  it.each([
    ['login', 'login'],
    ['pwdlost', 'login'],
    ['pwdreset', 'login'],
    ['signup', 'signup'],
    ['avs', 'avs'],
    ['moneycharge', 'payment'],
    ['limit', 'payment'],
    ['oneclick', 'payment'],
    ['autorecharge', 'payment'],
    ['trialmoneycharge', 'payment'],
    ['changecc', 'payment'],
    ['changels', 'payment'],
    ['settings', 'payment'],
    ['vxsettings', 'payment'],
    ['vipabo', 'abo'],
    ['trialvipabo', 'abo'],
    ['vxabo', 'vxabo'],
    ['vxtvabo', 'vxabo'],
    ['promocode', 'promocode'],
    ['scratchcard', 'promocode'],
    ['carrier', 'carrier'],
    ['opcompensation', 'opcompensation'],
  ] as const)('flow %s opens the %s view', (flow, view) => {
    expect(viewForFlow(flow)).toBe(view);
  });

  it('maps every flow of spec 2 to one of the spec 2 views, never to wait', () => {
    for (const flow of PAYMENT_FLOWS) {
      const view = viewForFlow(flow);
      expect(PAYMENT_VIEWS).toContain(view);
      expect(view).not.toBe('wait');
    }
  });
});

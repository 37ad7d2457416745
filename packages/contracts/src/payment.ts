/** Payment dialog views and flows (spec 2). The dialog runs on its own origin (apps/pay). */
export const PAYMENT_VIEWS = [
  'payment',
  'login',
  'signup',
  'abo',
  'vxabo',
  'avs',
  'promocode',
  'carrier',
  'opcompensation',
  'wait',
] as const;
export type PaymentView = (typeof PAYMENT_VIEWS)[number];

export const PAYMENT_FLOWS = [
  'moneycharge',
  'limit',
  'oneclick',
  'autorecharge',
  'vipabo',
  'vxabo',
  'trialvipabo',
  'vxtvabo',
  'trialmoneycharge',
  'changecc',
  'changels',
  'settings',
  'vxsettings',
  'pwdreset',
  'pwdlost',
  'login',
  'avs',
  'promocode',
  'scratchcard',
  'carrier',
  'opcompensation',
] as const;
export type PaymentFlow = (typeof PAYMENT_FLOWS)[number];

export function isPaymentFlow(value: string | null | undefined): value is PaymentFlow {
  return (PAYMENT_FLOWS as readonly string[]).includes(value ?? '');
}

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

/** The flows the dialog opens: every payment flow and the signup command (spec 2, `openSignUp`). */
export type DialogFlow = PaymentFlow | 'signup';

const VIEW_OF_FLOW: Readonly<Record<DialogFlow, PaymentView>> = {
  login: 'login',
  pwdlost: 'login',
  pwdreset: 'login',
  signup: 'signup',
  avs: 'avs',
  moneycharge: 'payment',
  limit: 'payment',
  oneclick: 'payment',
  autorecharge: 'payment',
  trialmoneycharge: 'payment',
  changecc: 'payment',
  changels: 'payment',
  settings: 'payment',
  vxsettings: 'payment',
  vipabo: 'abo',
  trialvipabo: 'abo',
  vxabo: 'vxabo',
  vxtvabo: 'vxabo',
  promocode: 'promocode',
  scratchcard: 'promocode',
  carrier: 'carrier',
  opcompensation: 'opcompensation',
};

/**
 * The view that shows a flow (spec 2): password lost and reset are sub-screens of the login view,
 * the settings and charge flows live in the payment view, scratch cards in the promo code view.
 * The view `wait` belongs to no flow: it shows while something loads.
 */
export function viewForFlow(flow: DialogFlow): PaymentView {
  return VIEW_OF_FLOW[flow];
}

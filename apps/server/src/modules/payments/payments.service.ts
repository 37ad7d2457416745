/**
 * Top-ups through the payment dialog (issue 4, deliverable 3; docs/decisions/0012): the payments
 * service the routes, the socket and the jobs use, composed of its use cases, each in its own file
 * behind a declared interface:
 * - payments.charges.ts: creating and driving charges (limit, trial, idempotency key);
 * - payments.settlement.ts: the one success path, declines and the provider's callbacks;
 * - payments.confirmations.ts: the SMS code and the 3-D Secure bank page;
 * - payments.methods.ts, payments.settings.ts, payments.one-click.ts: stored methods, settings
 *   and limits, one-click;
 * - payments.auto-recharge.ts (a wallet listener) and payments.open-charges.ts (SEPA resume,
 *   abandoned charges): the module's jobs.
 */
import type { AutoRecharge } from './payments.auto-recharge.ts';
import { createAutoRecharge } from './payments.auto-recharge.ts';
import { type Charges, createCharges } from './payments.charges.ts';
import { type Confirmations, createConfirmations } from './payments.confirmations.ts';
import { type PaymentsServiceDeps, paymentsContext } from './payments.context.ts';
import { createPaymentMethods, type PaymentMethods } from './payments.methods.ts';
import { createOneClick, type OneClick } from './payments.one-click.ts';
import { createOpenCharges, type OpenCharges } from './payments.open-charges.ts';
import { type ChargePresenter, createChargePresenter } from './payments.presenter.ts';
import { createPaymentSettings, type PaymentSettingsUseCases } from './payments.settings.ts';
import { createSettlement, type Settlement } from './payments.settlement.ts';
import { createPaymentSources } from './payments.sources.ts';

export type { PaymentsServiceDeps } from './payments.context.ts';

export interface PaymentsService
  extends Pick<ChargePresenter, 'present'>,
    Charges,
    Pick<Settlement, 'applyEvent'>,
    Confirmations,
    PaymentMethods,
    PaymentSettingsUseCases,
    OneClick,
    AutoRecharge,
    OpenCharges {}

export function createPaymentsService(deps: PaymentsServiceDeps): PaymentsService {
  const context = paymentsContext(deps);
  const presenter = createChargePresenter(context);
  const settlement = createSettlement(context);
  const sources = createPaymentSources(context);
  const charges = createCharges(context, { presenter, settlement, sources });
  return {
    present: presenter.present,
    ...charges,
    applyEvent: settlement.applyEvent,
    ...createConfirmations(context, { presenter, settlement }),
    ...createPaymentMethods(context, { sources }),
    ...createPaymentSettings(context),
    ...createOneClick(context, { charges, presenter }),
    ...createAutoRecharge(context, { charges }),
    ...createOpenCharges(context, { settlement }),
  };
}

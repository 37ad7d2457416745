/**
 * The payment dialog flows that move money (issue 4 deliverable 3): when the dialog reports
 * `success` for one of them, the page reads the new balance instead of jumping to the success URL.
 */
import type { DialogFlow } from '@vela/contracts/payment';

export const MONEY_FLOWS = [
  'moneycharge',
  'trialmoneycharge',
  'oneclick',
  'autorecharge',
  'promocode',
  'scratchcard',
  'carrier',
  'opcompensation',
  'vipabo',
  'trialvipabo',
  'vxabo',
  'vxtvabo',
] as const satisfies readonly DialogFlow[];
export type MoneyFlow = (typeof MONEY_FLOWS)[number];

export function isMoneyFlow(flow: string): flow is MoneyFlow {
  return (MONEY_FLOWS as readonly string[]).includes(flow);
}

/**
 * What leaves the server of a charge and a stored method: the charge's next step for the dialog
 * (the sandbox bank page link of 3-D Secure, the masked number of an SMS code) and, once credited,
 * the wallet balance right after it.
 */
import { endpointPath } from '@vela/contracts/endpoint';
import { type Charge, type PaymentMethod, paymentPages } from '@vela/contracts/payment-api';
import { hmacHex } from './payments.callbacks.ts';
import type { PaymentsContext } from './payments.context.ts';
import type { ChargeRow, MethodRow } from './payments.repository.ts';

export interface ChargePresenter {
  present(row: ChargeRow): Promise<Charge>;
  /** The secret part of a charge's bank page link (checked again when the page is opened). */
  challengeToken(publicId: string): Promise<string>;
}

function maskMsisdn(msisdn: string): string {
  return `${msisdn.slice(0, 5)}${'•'.repeat(Math.max(0, msisdn.length - 7))}${msisdn.slice(-2)}`;
}

export function createChargePresenter(
  context: Pick<PaymentsContext, 'provider' | 'publicOrigin' | 'challengeKey' | 'wallet'>,
): ChargePresenter {
  const challengeToken = async (publicId: string) => hmacHex(await context.challengeKey(), `3ds:${publicId}`);

  /** The sandbox bank page of a 3-D Secure charge (the dialog may add `&lang=`). */
  async function challengeUrl(publicId: string): Promise<string> {
    const query = { token: await challengeToken(publicId) };
    return `${context.publicOrigin}/rest/v1/${endpointPath(paymentPages.challenge, { params: { id: publicId }, query })}`;
  }

  return {
    challengeToken,
    async present(row) {
      let nextAction: Charge['nextAction'] = null;
      if (row.status === 'requires_action') {
        const action = context.provider().actionOf(row.providerRef);
        if (action?.type === '3ds') nextAction = { type: '3ds', url: await challengeUrl(row.publicId) };
        if (action?.type === 'sms') nextAction = { type: 'sms', msisdn: maskMsisdn(action.msisdn) };
      }
      const balanceCents =
        row.status === 'succeeded' && row.transferId !== null
          ? await context.wallet.walletBalanceAfter(row.transferId)
          : null;
      return {
        id: row.publicId,
        flow: row.flow,
        paytype: row.paytype,
        amountCents: row.amountCents,
        status: row.status,
        declineCode: row.declineCode,
        nextAction,
        balanceCents,
        createdAt: row.createdAt.toISOString(),
      };
    },
  };
}

export const presentMethod = (row: MethodRow): PaymentMethod => ({
  id: String(row.id),
  paytype: row.paytype,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

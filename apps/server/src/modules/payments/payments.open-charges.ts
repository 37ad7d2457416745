/**
 * Charges left open: SEPA debits still pending (e.g. before a restart) go back to the provider,
 * and charges abandoned before the provider or the guest answered are failed `expired`.
 */
import type { PaymentsContext } from './payments.context.ts';
import type { Settlement } from './payments.settlement.ts';

/**
 * A charge still waiting for the guest (3-D Secure, SMS code) or never driven (a crash before the
 * provider answered) this long is failed `expired`: it stops counting against the monthly limit
 * and no longer blocks auto-recharge. SEPA debits wait for their settlement instead.
 */
export const ABANDONED_AFTER_MS = 30 * 60 * 1000;

export interface OpenCharges {
  /** SEPA debits still pending (e.g. before a restart) are handed back to the provider. */
  resume(): Promise<void>;
  /** Fails abandoned charges (see ABANDONED_AFTER_MS); answers how many. */
  expireAbandoned(): Promise<number>;
}

export function createOpenCharges(
  context: Pick<PaymentsContext, 'repository' | 'provider' | 'log' | 'now'>,
  parts: { settlement: Settlement },
): OpenCharges {
  const { repository } = context;
  return {
    async resume() {
      const open = await repository.pendingSepa();
      context.provider().resume(
        open.map((row) => ({
          chargeRef: row.publicId,
          providerRef: row.providerRef ?? '',
          amountCents: row.amountCents,
          createdAt: row.createdAt,
        })),
      );
    },
    async expireAbandoned() {
      const rows = await repository.abandoned(new Date(context.now().getTime() - ABANDONED_AFTER_MS));
      let expired = 0;
      for (const row of rows) {
        if ((await parts.settlement.decline(row, 'failed', 'expired')) === 'changed') expired++;
      }
      if (expired > 0) context.log.info({ expired }, 'abandoned charges expired');
      return expired;
    },
  };
}

/**
 * Auto-recharge: a wallet listener that tops the guest up from the stored method when a debit took
 * the balance below their threshold. It decides without blocking the debit's answer; the charge
 * runs on its own, and `idle` waits for the ones under way (the module's stop).
 */
import { autoRechargeDecision } from '@vela/domain/payments';
import type { WalletChange } from '../wallet/wallet.service.ts';
import type { Charges } from './payments.charges.ts';
import type { PaymentsContext } from './payments.context.ts';
import { preferredMethod } from './payments.one-click.ts';

export interface AutoRecharge {
  /** Wallet listener: decides without blocking the debit's answer; the charge runs on its own. */
  onWalletChange(change: WalletChange): void;
  /** Resolves once every auto-recharge under way has ended. */
  idle(): Promise<void>;
}

export function createAutoRecharge(
  context: Pick<PaymentsContext, 'repository' | 'guestState' | 'log'>,
  parts: { charges: Charges },
): AutoRecharge {
  const { repository, log } = context;
  const pendingWork = new Set<Promise<unknown>>();

  async function autoRecharge(change: WalletChange): Promise<void> {
    if (change.amountCents >= 0) return;
    const [settings, methods, guest, open] = await Promise.all([
      repository.settingsOf(change.guestId),
      repository.activeMethods(change.guestId),
      context.guestState(change.guestId),
      repository.autoRechargeOpen(change.guestId),
    ]);
    if (!settings || !guest) return;
    const method = preferredMethod(methods);
    const decision = autoRechargeDecision({
      settings: {
        enabled: settings.autoRechargeEnabled,
        thresholdCents: settings.autoRechargeThresholdCents,
        amountCents: settings.autoRechargeAmountCents,
      },
      hasMethod: method !== undefined,
      restricted: guest.restricted,
      rechargeOpen: open,
      change,
    });
    if (!decision.charge || !method) return;
    try {
      const charge = await parts.charges.createCharge(
        change.guestId,
        {
          idempotencyKey: `autorecharge:${change.transferId}`,
          flow: 'autorecharge',
          paytype: method.paytype,
          amountCents: decision.amountCents,
        },
        { offSession: true, serverInitiated: true },
      );
      log.info(
        { guestId: change.guestId, charge: charge.id, status: charge.status, debit: change.transferId },
        'auto-recharge charged',
      );
    } catch (error) {
      log.info(
        { guestId: change.guestId, err: error, debit: change.transferId },
        'auto-recharge not charged',
      );
    }
  }

  return {
    onWalletChange(change) {
      if (change.amountCents >= 0) return;
      const work = autoRecharge(change).catch((error) =>
        log.error({ err: error, guestId: change.guestId }, 'auto-recharge failed'),
      );
      pendingWork.add(work);
      void work.finally(() => pendingWork.delete(work));
    },
    async idle() {
      await Promise.allSettled([...pendingWork]);
    },
  };
}

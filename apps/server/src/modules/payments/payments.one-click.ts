/**
 * One-click top-ups (spec 7 socket canOneClick / chargeOneClick): a charge of the guest's stored
 * method without the dialog, when one-click is switched on.
 */
import type { Charge, OneClickConfig } from '@vela/contracts/payment-api';
import { TOP_UP_AMOUNTS_CENTS } from '@vela/domain/payments';
import { AppError } from '../../http/errors.ts';
import type { Charges } from './payments.charges.ts';
import type { PaymentsContext } from './payments.context.ts';
import type { ChargePresenter } from './payments.presenter.ts';
import type { MethodRow } from './payments.repository.ts';
import { DEFAULT_SETTINGS, settingsValues } from './payments.settings.ts';

export interface OneClick {
  /** What the one-click button offers the guest (a visitor: nothing). */
  oneClickConfig(guestId: number | null): Promise<OneClickConfig>;
  chargeOneClick(guestId: number, request: { idempotencyKey: string; amountCents: number }): Promise<Charge>;
}

/** The method a server-side charge uses: the card, else the SEPA mandate. */
export const preferredMethod = (methods: MethodRow[]): MethodRow | undefined =>
  methods.find((m) => m.paytype === 'CC') ?? methods.find((m) => m.paytype === 'LS');

export function createOneClick(
  context: Pick<PaymentsContext, 'repository' | 'guestState'>,
  parts: { charges: Charges; presenter: ChargePresenter },
): OneClick {
  const { repository } = context;
  return {
    async oneClickConfig(guestId) {
      if (guestId === null) {
        return {
          canOneClick: false,
          config: { paytype: null, methodLabel: null },
          amounts: [...TOP_UP_AMOUNTS_CENTS],
          autoRechargeConfig: { enabled: false, thresholdCents: DEFAULT_SETTINGS.autoRechargeThresholdCents },
          autoRechargeAmount: DEFAULT_SETTINGS.autoRechargeAmountCents,
          isPaying: false,
        };
      }
      const [row, methods, guest, paying] = await Promise.all([
        repository.settingsOf(guestId),
        repository.activeMethods(guestId),
        context.guestState(guestId),
        repository.hasSucceeded(guestId),
      ]);
      const values = settingsValues(row);
      const method = preferredMethod(methods);
      return {
        canOneClick: values.oneClickEnabled && method !== undefined && guest?.restricted === false,
        config: { paytype: method?.paytype ?? null, methodLabel: method?.label ?? null },
        amounts: [...TOP_UP_AMOUNTS_CENTS],
        autoRechargeConfig: {
          enabled: values.autoRechargeEnabled,
          thresholdCents: values.autoRechargeThresholdCents,
        },
        autoRechargeAmount: values.autoRechargeAmountCents,
        isPaying: paying,
      };
    },
    async chargeOneClick(guestId, request) {
      const [row, methods] = await Promise.all([
        repository.settingsOf(guestId),
        repository.activeMethods(guestId),
      ]);
      const method = preferredMethod(methods);
      if (!row?.oneClickEnabled || !method) {
        // A retry of a charge that was made while one-click was possible still answers it.
        const earlier = await repository.chargeByKey(guestId, request.idempotencyKey);
        if (earlier?.flow === 'oneclick') return parts.presenter.present(earlier);
        throw new AppError(
          'ONE_CLICK_NOT_AVAILABLE',
          'One-click needs a stored payment method and one-click switched on',
          409,
        );
      }
      return parts.charges.createCharge(guestId, {
        idempotencyKey: request.idempotencyKey,
        flow: 'oneclick',
        paytype: method.paytype,
        amountCents: request.amountCents,
      });
    },
  };
}

/**
 * The guest's payment settings and limits: one-click, auto-recharge (threshold and amount), the
 * monthly limit with what the current Berlin month used, the amounts offered and the trial.
 */
import type { PaymentSettings, PaymentSettingsUpdate } from '@vela/contracts/payment-api';
import {
  AUTO_RECHARGE_AMOUNTS_CENTS,
  amountProblem,
  berlinMonthBounds,
  MAX_AUTO_RECHARGE_THRESHOLD_CENTS,
  MAX_CHARGE_CENTS,
  MAX_MONTHLY_LIMIT_CENTS,
  MIN_CHARGE_CENTS,
  TOP_UP_AMOUNTS_CENTS,
  TRIAL_CHARGE_CENTS,
  trialAvailable,
} from '@vela/domain/payments';
import { AppError } from '../../http/errors.ts';
import type { PaymentsContext } from './payments.context.ts';
import { presentMethod } from './payments.presenter.ts';
import { createPaymentsRepository, type SettingsRow } from './payments.repository.ts';

/** The settings of a guest who never changed them. */
export const DEFAULT_SETTINGS = {
  oneClickEnabled: false,
  autoRechargeEnabled: false,
  autoRechargeThresholdCents: 500,
  autoRechargeAmountCents: 2000,
  monthlyLimitCents: null as number | null,
};

/** A guest's stored settings, or the defaults. */
export function settingsValues(row: SettingsRow | undefined): typeof DEFAULT_SETTINGS {
  return row
    ? {
        oneClickEnabled: row.oneClickEnabled,
        autoRechargeEnabled: row.autoRechargeEnabled,
        autoRechargeThresholdCents: row.autoRechargeThresholdCents,
        autoRechargeAmountCents: row.autoRechargeAmountCents,
        monthlyLimitCents: row.monthlyLimitCents,
      }
    : DEFAULT_SETTINGS;
}

export interface PaymentSettingsUseCases {
  settings(guestId: number): Promise<PaymentSettings>;
  /** Checks the amounts (400 *_OUT_OF_RANGE) and stores what the update names. */
  updateSettings(guestId: number, update: PaymentSettingsUpdate): Promise<PaymentSettings>;
  /** Spec 7 guest/autoRechargeTeaserState: how the auto-recharge teaser was left. */
  setTeaserMode(guestId: number, mode: string): Promise<void>;
}

export function createPaymentSettings(
  context: Pick<PaymentsContext, 'db' | 'repository' | 'now'>,
): PaymentSettingsUseCases {
  const { db, repository } = context;

  async function settings(guestId: number): Promise<PaymentSettings> {
    const month = berlinMonthBounds(context.now());
    const [row, methods, monthToDate, paying, trialUsed] = await Promise.all([
      repository.settingsOf(guestId),
      repository.activeMethods(guestId),
      repository.succeededCents(guestId, month.start, month.end),
      repository.hasSucceeded(guestId),
      repository.trialUsed(guestId),
    ]);
    const values = settingsValues(row);
    return {
      oneClickEnabled: values.oneClickEnabled,
      autoRecharge: {
        enabled: values.autoRechargeEnabled,
        thresholdCents: values.autoRechargeThresholdCents,
        amountCents: values.autoRechargeAmountCents,
      },
      monthlyLimitCents: values.monthlyLimitCents,
      monthToDateCents: monthToDate,
      amountsCents: [...TOP_UP_AMOUNTS_CENTS],
      autoRechargeAmountsCents: [...AUTO_RECHARGE_AMOUNTS_CENTS],
      minChargeCents: MIN_CHARGE_CENTS,
      maxChargeCents: MAX_CHARGE_CENTS,
      trial: {
        available: trialAvailable({ isPayingCustomer: paying, trialUsed }),
        amountCents: TRIAL_CHARGE_CENTS,
      },
      methods: methods.map(presentMethod),
    };
  }

  return {
    settings,
    async updateSettings(guestId, update) {
      if (update.autoRecharge) {
        const { amountCents, thresholdCents } = update.autoRecharge;
        if (amountProblem('autorecharge', amountCents)) {
          throw new AppError(
            'AMOUNT_OUT_OF_RANGE',
            `An auto-recharge is ${MIN_CHARGE_CENTS} to ${MAX_CHARGE_CENTS} cents`,
            400,
          );
        }
        if (thresholdCents > MAX_AUTO_RECHARGE_THRESHOLD_CENTS) {
          throw new AppError(
            'THRESHOLD_OUT_OF_RANGE',
            `The threshold is at most ${MAX_AUTO_RECHARGE_THRESHOLD_CENTS} cents`,
            400,
          );
        }
      }
      const limit = update.monthlyLimitCents;
      if (
        limit !== undefined &&
        limit !== null &&
        (limit < MIN_CHARGE_CENTS || limit > MAX_MONTHLY_LIMIT_CENTS)
      ) {
        throw new AppError(
          'LIMIT_OUT_OF_RANGE',
          `A monthly limit is ${MIN_CHARGE_CENTS} to ${MAX_MONTHLY_LIMIT_CENTS} cents`,
          400,
        );
      }
      await db.transaction(async (tx) => {
        const store = createPaymentsRepository(tx);
        await store.lockSettings(guestId);
        await store.updateSettings(guestId, {
          ...(update.oneClickEnabled !== undefined ? { oneClickEnabled: update.oneClickEnabled } : {}),
          ...(update.autoRecharge
            ? {
                autoRechargeEnabled: update.autoRecharge.enabled,
                autoRechargeThresholdCents: update.autoRecharge.thresholdCents,
                autoRechargeAmountCents: update.autoRecharge.amountCents,
              }
            : {}),
          ...(limit !== undefined ? { monthlyLimitCents: limit } : {}),
        });
      });
      return settings(guestId);
    },
    async setTeaserMode(guestId, mode) {
      await db.transaction(async (tx) => {
        const store = createPaymentsRepository(tx);
        await store.lockSettings(guestId);
        await store.updateSettings(guestId, { autoRechargeTeaserMode: mode });
      });
    },
  };
}

/**
 * The payment calls of the dialog (contract: @vela/contracts/payment-api), over the dialog's REST
 * client (bearer token, ?lang=, cross-origin without cookies). Every answer is checked against the
 * contract's schema; anything else is an ApiError BAD_RESPONSE, never taken as success.
 */
import {
  type ChangeMethodRequest,
  type Charge,
  type ChargeRequest,
  type OneClickConfig,
  OneClickConfigSchema,
  type PaymentMethod,
  type PaymentSettings,
  PaymentSettingsSchema,
  type PaymentSettingsUpdate,
  paymentEndpoints,
} from '@vela/contracts/payment-api';
import { z } from 'zod';
import type { Api } from '../api.ts';

/** `POST payment/settings` answers the settings; tolerated as `{ settings }` too. */
const SettingsAnswer = z.union([
  z.object({ settings: PaymentSettingsSchema }).transform((d) => d.settings),
  PaymentSettingsSchema,
]);
const OneClickAnswer = z.union([
  z.object({ config: OneClickConfigSchema }).transform((d) => d.config),
  OneClickConfigSchema,
]);
const AnyData = z.unknown();

export const AUTO_RECHARGE_TEASER_MODES = ['shown', 'dismissed', 'enabled'] as const;

/** Method and path of every call come from the declarations (decision 0032). */
export function createPaymentApi(api: Pick<Api, 'endpoint'>) {
  const e = paymentEndpoints;
  const call = api.endpoint;
  return {
    settings: (): Promise<PaymentSettings> => call(e.settings, {}, SettingsAnswer),
    updateSettings: (update: PaymentSettingsUpdate): Promise<PaymentSettings> =>
      call(e.updateSettings, { body: update }, SettingsAnswer),
    methods: async (): Promise<PaymentMethod[]> => (await call(e.methods, {})).methods,
    changeMethod: async (request: ChangeMethodRequest): Promise<PaymentMethod> =>
      (await call(e.changeMethod, { body: request })).method,
    charge: async (request: ChargeRequest): Promise<Charge> =>
      (await call(e.createCharge, { body: request })).charge,
    getCharge: async (id: string): Promise<Charge> => (await call(e.charge, { params: { id } })).charge,
    confirmCharge: async (id: string, code: string): Promise<Charge> =>
      (await call(e.confirmCharge, { params: { id }, body: { code } })).charge,
    canOneClick: (): Promise<OneClickConfig> => call(e.canOneClick, {}, OneClickAnswer),
    chargeOneClick: async (request: {
      idempotencyKey: string;
      amountCents: number;
      channelId?: string;
    }): Promise<Charge> => (await call(e.chargeOneClick, { body: request })).charge,
    /** Spec 7 `guest/autoRechargeTeaserState` (mode). */
    autoRechargeTeaserState: (mode: (typeof AUTO_RECHARGE_TEASER_MODES)[number]) =>
      call(e.autoRechargeTeaserState, { body: { mode } }, AnyData),
  };
}

export type PaymentApi = ReturnType<typeof createPaymentApi>;

/**
 * The payment calls of the dialog (contract: @vela/contracts/payment-api), over the dialog's REST
 * client (bearer token, ?lang=, cross-origin without cookies). Every answer is checked against the
 * contract's schema; anything else is an ApiError BAD_RESPONSE, never taken as success.
 */
import {
  type ChangeMethodRequest,
  type Charge,
  ChargeAnswerSchema,
  type ChargeRequest,
  type OneClickConfig,
  OneClickConfigSchema,
  type PaymentMethod,
  PaymentMethodAnswerSchema,
  PaymentMethodsAnswerSchema,
  type PaymentSettings,
  PaymentSettingsSchema,
  type PaymentSettingsUpdate,
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

export function createPaymentApi(api: Pick<Api, 'get' | 'post'>) {
  return {
    settings: (): Promise<PaymentSettings> => api.get('payment/settings', SettingsAnswer),
    updateSettings: (update: PaymentSettingsUpdate): Promise<PaymentSettings> =>
      api.post('payment/settings', SettingsAnswer, update),
    methods: async (): Promise<PaymentMethod[]> =>
      (await api.get('payment/methods', PaymentMethodsAnswerSchema)).methods,
    changeMethod: async (request: ChangeMethodRequest): Promise<PaymentMethod> =>
      (await api.post('payment/methods', PaymentMethodAnswerSchema, request)).method,
    charge: async (request: ChargeRequest): Promise<Charge> =>
      (await api.post('payment/charges', ChargeAnswerSchema, request)).charge,
    getCharge: async (id: string): Promise<Charge> =>
      (await api.get(`payment/charges/${encodeURIComponent(id)}`, ChargeAnswerSchema)).charge,
    confirmCharge: async (id: string, code: string): Promise<Charge> =>
      (await api.post(`payment/charges/${encodeURIComponent(id)}/confirm`, ChargeAnswerSchema, { code }))
        .charge,
    canOneClick: (): Promise<OneClickConfig> => api.get('payment/canOneClick', OneClickAnswer),
    chargeOneClick: async (request: {
      idempotencyKey: string;
      amountCents: number;
      channelId?: string;
    }): Promise<Charge> => (await api.post('payment/chargeOneClick', ChargeAnswerSchema, request)).charge,
    /** Spec 7 `guest/autoRechargeTeaserState` (mode). */
    autoRechargeTeaserState: (mode: (typeof AUTO_RECHARGE_TEASER_MODES)[number]) =>
      api.post('guest/autoRechargeTeaserState', AnyData, { mode }),
  };
}

export type PaymentApi = ReturnType<typeof createPaymentApi>;

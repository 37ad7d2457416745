/**
 * The subscription REST calls of the /vipclub/ page (shapes in @vela/contracts/subscriptions-api),
 * same origin with the session cookie. Answers are checked against the contract; every failure is a
 * `SubscriptionsApiError` with the server's code (NETWORK when no answer came).
 */
import {
  type SubscriptionProductName,
  type SubscriptionsState,
  SubscriptionsStateSchema,
  type SubscriptionView,
  SubscriptionViewSchema,
  type Vip30History,
  Vip30HistorySchema,
} from '@vela/contracts/subscriptions-api';
import type { z } from 'zod';

export class SubscriptionsApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SubscriptionsApiError';
  }
}

async function call<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  payload?: unknown,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(`/rest/v1/${path}`, {
      method,
      credentials: 'same-origin',
      headers:
        payload === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
  } catch {
    throw new SubscriptionsApiError('NETWORK', 'No answer from the server', 0);
  }
  let body: { success?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } } = {};
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === 'object' && parsed !== null) body = parsed as typeof body;
  } catch {
    // No JSON: an error of the response status below.
  }
  if (!response.ok || body.success !== true) {
    const code = typeof body.error?.code === 'string' ? body.error.code : null;
    throw new SubscriptionsApiError(
      code ?? (response.status === 401 ? 'NOT_LOGGED_IN' : 'UNKNOWN'),
      typeof body.error?.message === 'string' ? body.error.message : response.statusText,
      response.status,
    );
  }
  const data = schema.safeParse(body.data);
  if (!data.success)
    throw new SubscriptionsApiError('INVALID_RESPONSE', 'Unexpected answer', response.status);
  return data.data;
}

export const fetchMembership = (): Promise<SubscriptionsState> =>
  call('GET', 'subscriptions', SubscriptionsStateSchema);

export const fetchVip30History = (): Promise<Vip30History> =>
  call('GET', 'subscriptions/vip30History', Vip30HistorySchema);

export const cancelSubscription = (product: SubscriptionProductName): Promise<SubscriptionView> =>
  call('POST', 'subscriptions/cancel', SubscriptionViewSchema, { product });

export const resumeSubscription = (product: SubscriptionProductName): Promise<SubscriptionView> =>
  call('POST', 'subscriptions/resume', SubscriptionViewSchema, { product });

/** Spec 7 guest/acceptCancellationOffer (guest_id, platform_text); accepted -> the status-bar cookie is set. */
export const acceptCancellationOffer = (
  guestId: string,
  product: SubscriptionProductName,
): Promise<SubscriptionView> =>
  call('POST', 'guest/acceptCancellationOffer', SubscriptionViewSchema, {
    guest_id: guestId,
    platform_text: 'web',
    product,
  });

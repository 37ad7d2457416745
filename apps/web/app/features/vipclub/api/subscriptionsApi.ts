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
import { restData } from '../../api/rest.ts';

/** Failures of these calls (the pages' RestError: the server's code, NETWORK, INVALID_RESPONSE). */
export { RestError as SubscriptionsApiError } from '../../api/rest.ts';

const call = restData;

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

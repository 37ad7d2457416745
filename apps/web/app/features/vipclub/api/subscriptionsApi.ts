/**
 * The subscription REST calls of the /vipclub/ page (shapes in @vela/contracts/subscriptions-api),
 * same origin with the session cookie. Answers are checked against the contract; every failure is a
 * `SubscriptionsApiError` with the server's code (NETWORK when no answer came).
 */
import {
  subscriptionsEndpoints as e,
  type SubscriptionProductName,
  type SubscriptionsState,
  type SubscriptionView,
  type Vip30History,
} from '@vela/contracts/subscriptions-api';
import { endpointData } from '../../api/rest.ts';

/** Failures of these calls (the pages' RestError: the server's code, NETWORK, INVALID_RESPONSE). */
export { RestError as SubscriptionsApiError } from '../../api/rest.ts';

export const fetchMembership = (): Promise<SubscriptionsState> => endpointData(e.state);

export const fetchVip30History = (): Promise<Vip30History> => endpointData(e.vip30History);

export const cancelSubscription = (product: SubscriptionProductName): Promise<SubscriptionView> =>
  endpointData(e.cancel, { body: { product } });

export const resumeSubscription = (product: SubscriptionProductName): Promise<SubscriptionView> =>
  endpointData(e.resume, { body: { product } });

/** Spec 7 guest/acceptCancellationOffer (guest_id, platform_text); accepted -> the status-bar cookie is set. */
export const acceptCancellationOffer = (
  guestId: string,
  product: SubscriptionProductName,
): Promise<SubscriptionView> =>
  endpointData(e.acceptCancellationOffer, {
    body: { guest_id: guestId, platform_text: 'web', product },
  });

/**
 * Texts of the charge flows' failures: server error codes of the payments API, declined and failed
 * charges by declineCode; every other failure falls back to the dialog's general texts (errors.ts).
 */
import type { Translate } from '@vela/i18n/translate';
import { ApiError } from '../api.ts';
import { errorText } from '../errors.ts';
import type { PayTranslate } from '../i18n.ts';
import { outcomeUnknown } from './charge-attempt.ts';
import type { PaymentKey } from './payment-text.ts';

/**
 * Charge, method and settings failures in the guest's language. `charging`: the failed call was a
 * charge, so an unknown outcome says that trying again cannot charge twice (same idempotency key).
 */
export function paymentErrorText(
  pt: Translate<PaymentKey>,
  t: PayTranslate,
  error: unknown,
  { charging = false }: { charging?: boolean } = {},
): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'AMOUNT_OUT_OF_RANGE':
      case 'INVALID_AMOUNT':
        return pt('errAmount');
      case 'LIMIT_EXCEEDED':
        return pt('errLimitExceeded');
      case 'RESTRICTED':
        return pt('errRestricted');
      case 'TRIAL_NOT_AVAILABLE':
      case 'TRIAL_UNAVAILABLE':
      case 'TRIAL_USED':
        return pt('errTrialUnavailable');
      case 'NO_PAYMENT_METHOD':
      case 'NO_STORED_METHOD':
      case 'ONE_CLICK_NOT_AVAILABLE':
        return pt('errNoMethod');
      case 'WRONG_CODE':
        return pt('errWrongCode');
      case 'CARD_DECLINED':
        return pt('errCardDeclined');
      case 'INVALID_CARD':
        return pt('cardNumberInvalid');
      case 'CARD_EXPIRED':
        return pt('cardExpired');
      case 'INVALID_IBAN':
        return pt('ibanInvalid');
      case 'INVALID_MSISDN':
        return pt('msisdnInvalid');
    }
  }
  if (charging && outcomeUnknown(error)) return pt('errUnknownOutcome');
  return errorText(t, error);
}

/** The form field a payment error code belongs to (the dialog focuses it), else null. */
export function fieldOfPaymentError(code: string): 'number' | 'expiry' | 'iban' | 'msisdn' | 'code' | null {
  switch (code) {
    case 'INVALID_CARD':
      return 'number';
    case 'CARD_EXPIRED':
      return 'expiry';
    case 'INVALID_IBAN':
      return 'iban';
    case 'INVALID_MSISDN':
      return 'msisdn';
    case 'WRONG_CODE':
      return 'code';
    default:
      return null;
  }
}

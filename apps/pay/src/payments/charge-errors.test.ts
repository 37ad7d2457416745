import { describe, expect, it } from 'vitest';
import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from '../api.ts';
import { payTranslator } from '../i18n.ts';
import { fieldOfPaymentError, paymentErrorText } from './charge-errors.ts';
import { paymentTranslator } from './payment-text.ts';

const en = { pt: paymentTranslator('en'), t: payTranslator('en') };
const de = { pt: paymentTranslator('de'), t: payTranslator('de') };
const err = (code: string, status = 400) => new ApiError(code, `server says ${code}`, status);

describe('charge failures in the guest language (payments API error codes)', () => {
  it('maps the payments codes to their own texts', () => {
    expect(paymentErrorText(en.pt, en.t, err('LIMIT_EXCEEDED', 409))).toContain('monthly limit');
    expect(paymentErrorText(de.pt, de.t, err('LIMIT_EXCEEDED', 409))).toContain('monatliches Limit');
    expect(paymentErrorText(en.pt, en.t, err('RESTRICTED', 403))).toContain('open payments');
    expect(paymentErrorText(en.pt, en.t, err('TRIAL_NOT_AVAILABLE', 409))).toContain('trial');
    expect(paymentErrorText(en.pt, en.t, err('NO_PAYMENT_METHOD', 409))).toContain('no saved payment method');
    expect(paymentErrorText(en.pt, en.t, err('AMOUNT_OUT_OF_RANGE'))).toBe(
      'This amount is not possible. Please choose another amount.',
    );
    expect(paymentErrorText(en.pt, en.t, err('CARD_DECLINED', 402))).toContain('declined');
  });

  it('a charge whose outcome is unknown says that trying again cannot charge twice (same idempotency key)', () => {
    for (const error of [err(NETWORK_ERROR, 0), err(BAD_RESPONSE, 200), err('INTERNAL_ERROR', 500)]) {
      expect(paymentErrorText(en.pt, en.t, error, { charging: true })).toContain('will not be charged twice');
    }
    // Loading settings is not a charge: the dialog's general network text.
    expect(paymentErrorText(en.pt, en.t, err(NETWORK_ERROR, 0))).not.toContain('twice');
  });

  it('field errors of the server land on their field', () => {
    expect(fieldOfPaymentError('INVALID_CARD')).toBe('number');
    expect(fieldOfPaymentError('CARD_EXPIRED')).toBe('expiry');
    expect(fieldOfPaymentError('INVALID_IBAN')).toBe('iban');
    expect(fieldOfPaymentError('WRONG_CODE')).toBe('code');
    expect(fieldOfPaymentError('LIMIT_EXCEEDED')).toBeNull();
  });
});

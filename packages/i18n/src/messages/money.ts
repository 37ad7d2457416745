/**
 * Words around money, coins, chat prices and durations (spec 9). The numbers themselves are
 * formatted by packages/domain/src/money-format.ts (decimal comma and dot thousands in every
 * language) and passed in preformatted as `amount` / `price` / `duration`; `count` only picks
 * the plural form. (An ICU `#` or `{x, number}` would be spec 9 text too, see numbers.ts, but
 * the amounts here carry their currency's decimals, which only money-format.ts knows.)
 */
import { defineMessages } from '../translate.ts';

export const moneyMessages = defineMessages({
  en: {
    coins: '{count, plural, one {{amount} coin} other {{amount} coins}}',
    credits: '{count, plural, one {{amount} credit} other {{amount} credits}}',
    vouchers: '{count, plural, one {{amount} voucher} other {{amount} vouchers}}',
    perMinute: '{price} per minute',
    duration: '{duration} min',
  },
  de: {
    coins: '{count, plural, one {{amount} Coin} other {{amount} Coins}}',
    credits: '{count, plural, one {{amount} Credit} other {{amount} Credits}}',
    vouchers: '{count, plural, one {{amount} Gutschein} other {{amount} Gutscheine}}',
    perMinute: '{price} pro Minute',
    duration: '{duration} min',
  },
  nl: {
    coins: '{count, plural, one {{amount} coin} other {{amount} coins}}',
    credits: '{count, plural, one {{amount} credit} other {{amount} credits}}',
    vouchers: '{count, plural, one {{amount} voucher} other {{amount} vouchers}}',
    perMinute: '{price} per minuut',
    duration: '{duration} min',
  },
  es: {
    coins: '{count, plural, one {{amount} moneda} other {{amount} monedas}}',
    credits: '{count, plural, one {{amount} crédito} other {{amount} créditos}}',
    vouchers: '{count, plural, one {{amount} vale} other {{amount} vales}}',
    perMinute: '{price} por minuto',
    duration: '{duration} min',
  },
});

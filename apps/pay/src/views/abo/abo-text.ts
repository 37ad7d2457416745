/** Words and numbers of the abo views: spec 9 money (euro and coins) and dates in the guest's language. */
import type { Language } from '@vela/contracts/common';
import type { DialogFlow } from '@vela/contracts/payment';
import { coinsForEuroCents } from '@vela/domain/coins';
import { formatAmount, formatMoney } from '@vela/domain/money-format';
import { isSubscriptionFlow, offerOfFlow, type SubscriptionProduct } from '@vela/domain/subscriptions';
import { moneyMessages } from '@vela/i18n/messages/money';
import { payAboMessages } from '@vela/i18n/messages/pay-abo';
import { localeOf, translator } from '@vela/i18n/translate';

export function aboText(lang: Language) {
  const money = translator(moneyMessages, lang);
  const dates = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: 'Europe/Berlin' });
  return {
    t: translator(payAboMessages, lang),
    /** "19,99 €" / "€19,99". */
    euro: (cents: number) => formatMoney(cents, 'EUR', lang),
    /** "80 coins": the euro amount in coins, rounded up. */
    coins: (cents: number) => {
      const count = coinsForEuroCents(cents);
      return money('coins', { count, amount: formatAmount(count, 'VXC') });
    },
    date: (iso: string) => dates.format(new Date(iso)),
  };
}

/** What a dialog flow offers; the view decides when the flow is not a subscription flow. */
export function aboOfferFor(
  flow: DialogFlow,
  view: 'abo' | 'vxabo',
): { product: SubscriptionProduct; trial: boolean } {
  if (isSubscriptionFlow(flow)) return offerOfFlow(flow);
  return { product: view === 'abo' ? 'vip' : 'tv', trial: false };
}

/** A fresh idempotency key for one subscribe attempt (reused when that attempt is retried). */
export function newAttemptKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `abo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

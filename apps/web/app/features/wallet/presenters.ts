/**
 * How the guest's money is shown (spec 9 numbers via @vela/domain/money-format, words via the
 * money and wallet messages): coins with dot thousands and the coin word, euro with two decimals
 * and a comma, dates in Berlin time, and the localized "what" of a history row.
 */
import type { Language } from '@vela/contracts/common';
import type { Transaction, TransactionReference } from '@vela/contracts/wallet-api';
import type { TransferKind } from '@vela/domain/ledger';
import { formatAmount, formatMoney } from '@vela/domain/money-format';
import type { moneyMessages } from '@vela/i18n/messages/money';
import type { WalletMessageKey } from '@vela/i18n/messages/wallet';
import { localeOf, type Translate } from '@vela/i18n/translate';

export type WalletT = Translate<WalletMessageKey>;
export type MoneyT = Translate<keyof (typeof moneyMessages)['en']>;

/** "1.234 coins" (spec 9: coins without decimals, dot thousands); negative amounts keep their sign. */
export function coinsText(moneyT: MoneyT, coins: number): string {
  const magnitude = Math.abs(coins);
  const text = moneyT('coins', { count: magnitude, amount: formatAmount(magnitude, 'VXC') });
  return coins < 0 ? `-${text}` : text;
}

/** A history amount in coins with an explicit sign: "+40 coins", "-12 coins". */
export function signedCoinsText(moneyT: MoneyT, coins: number): string {
  return coins > 0 ? `+${coinsText(moneyT, coins)}` : coinsText(moneyT, coins);
}

/** Euro of the spec 9 format ("€10,10" en, "10,10 €" de); signed amounts get "+" or "-". */
export function euroText(cents: number, lang: Language, signed = false): string {
  const text = formatMoney(cents, 'EUR', lang);
  return signed && cents > 0 ? `+${text}` : text;
}

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** Date and time in Berlin time (the platform's time zone), in the page's language. */
export function berlinDateTime(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    });
    dateFormats.set(lang, format);
  }
  return format.format(date);
}

/** Every kind the ledger writes has its label (a new kind fails the typecheck here). */
const KIND_KEYS: Record<TransferKind, WalletMessageKey> = {
  'top-up': 'kind.top-up',
  purchase: 'kind.purchase',
  refund: 'kind.refund',
  subscription: 'kind.subscription',
  bonus: 'kind.bonus',
  chat: 'kind.chat',
  ticket: 'kind.ticket',
  tip: 'kind.tip',
  toy: 'kind.toy',
  message: 'kind.message',
};

/** The localized label of a transfer kind; an unknown kind reads as a generic booking. */
export function kindLabel(t: WalletT, kind: string): string {
  return t((KIND_KEYS as Record<string, WalletMessageKey>)[kind] ?? 'kind.other');
}

const PRODUCT_KEYS: Record<string, WalletMessageKey> = {
  vipabo: 'product.vipabo',
  trialvipabo: 'product.trialvipabo',
  vxtvabo: 'product.vxtvabo',
  vxabo: 'product.vxabo',
};

const PAYTYPE_KEYS: Record<string, WalletMessageKey> = {
  CC: 'paytype.CC',
  LS: 'paytype.LS',
  Voice: 'paytype.Voice',
  carrier: 'paytype.carrier',
};

const ITEM_KEYS: Record<string, WalletMessageKey> = { album: 'detail.album', video: 'detail.video' };

/** The receipt number of a transfer id, as the server prints it (R- and at least 8 digits). */
export function receiptNumberOf(transferId: string): string {
  return `R-${transferId.padStart(8, '0')}`;
}

/**
 * The detail of a row from the transfer's safe reference: how it was paid, what was bought or
 * subscribed, the redeemed code, the refunded receipt. Empty when the reference says nothing.
 */
export function detailText(t: WalletT, reference: TransactionReference | undefined): string {
  if (!reference) return '';
  const parts: string[] = [];
  if (reference.paytype) {
    const key = PAYTYPE_KEYS[reference.paytype];
    parts.push(t('detail.paytype', { paytype: key ? t(key) : reference.paytype }));
  }
  if (reference.product) {
    const key = PRODUCT_KEYS[reference.product];
    parts.push(t('detail.product', { product: key ? t(key) : reference.product }));
  }
  if (reference.periodIndex !== undefined) {
    parts.push(t('detail.period', { period: String(reference.periodIndex + 1) }));
  }
  if (reference.itemType || reference.itemId) {
    const key = reference.itemType ? ITEM_KEYS[reference.itemType] : undefined;
    const item = key ? t(key) : (reference.itemType ?? '');
    parts.push(t('detail.item', { item, id: reference.itemId ? `#${reference.itemId}` : '' }).trim());
  }
  if (reference.code) parts.push(t('detail.code', { code: reference.code }));
  if (reference.refundOf) parts.push(t('detail.refundOf', { receipt: receiptNumberOf(reference.refundOf) }));
  return parts.join(', ');
}

/** "Purchase" or "Purchase: photo album #42" for a row. */
export function whatText(t: WalletT, row: Pick<Transaction, 'kind' | 'reference'>): string {
  const detail = detailText(t, row.reference);
  return detail ? `${kindLabel(t, row.kind)}: ${detail}` : kindLabel(t, row.kind);
}

/** The money display of the history and receipts (spec 9 formatting, four languages, Berlin time). */
import { TRANSFER_KINDS } from '@vela/domain/ledger';
import { moneyMessages } from '@vela/i18n/messages/money';
import { walletMessages } from '@vela/i18n/messages/wallet';
import { translator } from '@vela/i18n/translate';
import { describe, expect, it } from 'vitest';
import { isMoneyFlow, MONEY_FLOWS } from './moneyFlows.ts';
import {
  berlinDateTime,
  coinsText,
  detailText,
  euroText,
  kindLabel,
  receiptNumberOf,
  signedCoinsText,
  whatText,
} from './presenters.ts';

const t = (lang: 'en' | 'de' | 'nl' | 'es') => translator(walletMessages, lang);
const money = (lang: 'en' | 'de' | 'nl' | 'es') => translator(moneyMessages, lang);

describe('wallet presenters (spec 9)', () => {
  it('coins have no decimals, dot thousands and the coin word; history amounts carry their sign', () => {
    expect(coinsText(money('en'), 1)).toBe('1 coin');
    expect(coinsText(money('en'), 1_234)).toBe('1.234 coins');
    expect(coinsText(money('de'), 1_234)).toBe('1.234 Coins');
    expect(signedCoinsText(money('nl'), 40)).toBe('+40 coins');
    expect(signedCoinsText(money('es'), -12)).toBe('-12 monedas');
    expect(signedCoinsText(money('en'), 0)).toBe('0 coins');
  });

  it('euro have two decimals with a comma, dot thousands, the symbol placed per language', () => {
    expect(euroText(123_456, 'en')).toBe('€1.234,56');
    expect(euroText(1_010, 'de')).toBe('10,10\u00a0€');
    expect(euroText(-299, 'nl')).toBe('-€\u00a02,99');
    expect(euroText(299, 'es', true)).toBe('+2,99\u00a0€');
  });

  it('dates are shown in Berlin time (UTC+1 in winter, UTC+2 in summer)', () => {
    expect(berlinDateTime('2026-01-15T23:30:00.000Z', 'de')).toContain('16.01.2026');
    expect(berlinDateTime('2026-01-15T23:30:00.000Z', 'de')).toContain('00:30');
    expect(berlinDateTime('2026-07-01T10:00:00.000Z', 'en')).toContain('12:00');
    expect(berlinDateTime('not a date', 'en')).toBe('not a date');
  });

  it('every transfer kind has a label in de, en, nl and es; unknown kinds read as a booking', () => {
    for (const lang of ['de', 'en', 'nl', 'es'] as const) {
      const labels = TRANSFER_KINDS.map((k) => kindLabel(t(lang), k));
      expect(new Set(labels).size).toBe(TRANSFER_KINDS.length);
      expect(labels).not.toContain(t(lang)('kind.other'));
      expect(kindLabel(t(lang), 'mystery')).toBe(t(lang)('kind.other'));
    }
    expect(kindLabel(t('de'), 'top-up')).toBe('Aufladung');
    expect(kindLabel(t('en'), 'chat')).toBe('Live chat');
  });

  it('the detail comes from the safe reference: paytype, product and period, item, code, refunded receipt', () => {
    expect(whatText(t('en'), { kind: 'top-up', reference: { paytype: 'CC', flow: 'moneycharge' } })).toBe(
      'Top-up: paid by credit card',
    );
    expect(
      whatText(t('de'), { kind: 'subscription', reference: { product: 'vipabo', periodIndex: 0 } }),
    ).toBe('Abo: VIP-Club, Zeitraum 1');
    expect(whatText(t('en'), { kind: 'purchase', reference: { itemType: 'album', itemId: '42' } })).toBe(
      'Purchase: photo album #42',
    );
    expect(whatText(t('es'), { kind: 'bonus', reference: { code: 'WELCOME' } })).toBe(
      'Bonificación: código WELCOME',
    );
    expect(whatText(t('nl'), { kind: 'refund', reference: { refundOf: '17' } })).toBe(
      'Terugbetaling: van bewijs R-00000017',
    );
    expect(whatText(t('en'), { kind: 'purchase', reference: {} })).toBe('Purchase');
    expect(detailText(t('en'), undefined)).toBe('');
    expect(detailText(t('en'), { paytype: 'Wire' })).toBe('paid by Wire');
    expect(receiptNumberOf('123456789')).toBe('R-123456789');
  });

  it('money flows are the flows that move money; login and settings are not', () => {
    expect(MONEY_FLOWS).toContain('moneycharge');
    expect(isMoneyFlow('vxtvabo')).toBe(true);
    expect(isMoneyFlow('promocode')).toBe(true);
    expect(isMoneyFlow('login')).toBe(false);
    expect(isMoneyFlow('settings')).toBe(false);
  });
});

import type { Language, Price } from '@vela/contracts/common';
import { formatPrice, formatPriceInCoins } from '../../catalog/format.ts';
import type { LiveChatT } from '../hooks/useLiveChatT.ts';

export interface ReceiptLine {
  /** 0 for the first minute. */
  index: number;
  /** The started last minute, charged pro rata. */
  partial: boolean;
  paidWith: 'coins' | 'voucher';
  price: Price;
}

export type ReceiptState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; lines: readonly ReceiptLine[]; total: Price; totalCents?: number };

/** The itemised receipt after a chat: every charged minute, the partial one and voucher minutes marked. */
export function Receipt({ state, lang, t }: { state: ReceiptState; lang: Language; t: LiveChatT }) {
  return (
    <section
      className="live-receipt"
      aria-labelledby="live-receipt-title"
      aria-busy={state.status === 'loading'}
    >
      <h3 id="live-receipt-title">{t('receiptTitle')}</h3>
      {state.status === 'loading' ? (
        <p className="page__meta">{t('receiptLoading')}</p>
      ) : state.status === 'error' ? (
        <p role="alert">{t('receiptError')}</p>
      ) : state.lines.length === 0 ? (
        <p className="empty-state">{t('receiptEmpty')}</p>
      ) : (
        <table className="live-receipt__table">
          <tbody>
            {state.lines.map((line) => (
              <tr key={line.index} data-receipt-minute={line.index}>
                <th scope="row">
                  {t('receiptMinute', { index: line.index + 1 })}
                  {line.partial ? <span className="live-receipt__note"> · {t('receiptPartial')}</span> : null}
                </th>
                <td>
                  {line.paidWith === 'voucher' ? t('receiptVoucher') : formatPriceInCoins(line.price, lang)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('receiptTotal')}</th>
              <td data-receipt-total="">{formatPriceInCoins(state.total, lang)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      {state.status === 'ready' && state.lines.length > 0 && state.totalCents !== undefined ? (
        <p className="page__meta" data-receipt-cents={state.totalCents}>
          {t('receiptRounding', { money: formatPrice({ value: state.totalCents, currency: 'EUR' }, lang) })}
        </p>
      ) : null}
    </section>
  );
}

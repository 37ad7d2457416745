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
  | {
      status: 'ready';
      lines: readonly ReceiptLine[];
      total: Price;
      totalCents?: number;
      /** The chat's tips (issue 18), in coins; not part of the minutes' total. */
      tips?: readonly { tipId: string; amountCoins: number }[];
    };

/** The itemised receipt after a chat: every charged minute, the partial one and voucher minutes marked. */
export function Receipt({
  state,
  lang,
  t,
  tipLabel = null,
}: {
  state: ReceiptState;
  lang: Language;
  t: LiveChatT;
  /** The word for a tip line (the interaction texts, issue 18); tips are listed only with it. */
  tipLabel?: string | null;
}) {
  const tips = state.status === 'ready' && tipLabel ? (state.tips ?? []) : [];
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
        tips.length === 0 ? (
          <p className="empty-state">{t('receiptEmpty')}</p>
        ) : null
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
      {tips.length > 0 ? (
        <table className="live-receipt__table" data-receipt-tips="">
          <tbody>
            {tips.map((tip) => (
              <tr key={tip.tipId} data-receipt-tip={tip.amountCoins}>
                <th scope="row">{tipLabel}</th>
                <td>{formatPriceInCoins({ value: tip.amountCoins, currency: 'VXC' }, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

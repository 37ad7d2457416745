/**
 * The receipt of one wallet movement (GET guest/transactions/:transferId/receipt) in a modal
 * dialog (native <dialog>: focus stays inside, Escape closes, focus returns to the row's button):
 * brand, receipt number, date in Berlin time, kind and detail, amount in coins and euro, balance
 * after, a note on VAT, and Print (only the receipt is printed, see myvela.css).
 */
import type { Language } from '@vela/contracts/common';
import type { Receipt, Transaction } from '@vela/contracts/wallet-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchReceipt } from '../../wallet/api/walletApi.ts';
import { useWalletT } from '../../wallet/hooks/useWalletT.ts';
import {
  berlinDateTime,
  coinsText,
  euroText,
  type MoneyT,
  receiptNumberOf,
  signedCoinsText,
  type WalletT,
  whatText,
} from '../../wallet/presenters.ts';
import { errorCodeOf, errorText } from '../errors.ts';
import { useMyVelaT } from '../hooks/useMyVelaT.ts';

type ReceiptState =
  | { status: 'loading' }
  | { status: 'ready'; receipt: Receipt }
  | { status: 'error'; code: string };

export function ReceiptDialog({
  lang,
  brand,
  row,
  onClose,
}: {
  lang: Language;
  brand: string;
  row: Transaction;
  onClose: () => void;
}) {
  const { t, moneyT } = useWalletT(lang);
  const myT = useMyVelaT(lang);
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<ReceiptState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load (retry).
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetchReceipt(row.transferId).then(
      (receipt) => {
        if (live) setState({ status: 'ready', receipt });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', code: errorCodeOf(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [row.transferId, attempt]);

  const close = useCallback(() => {
    dialog.current?.close();
  }, []);

  const number = state.status === 'ready' ? state.receipt.receiptNumber : receiptNumberOf(row.transferId);
  const titleId = `receipt-title-${row.transferId}`;

  return (
    <dialog
      ref={dialog}
      className="receipt-dialog"
      aria-labelledby={titleId}
      data-receipt={row.transferId}
      onClose={onClose}
    >
      <div className="receipt">
        <p className="receipt__brand">{brand}</p>
        <h2 id={titleId} className="receipt__title">
          {t('receipt.title', { number })}
        </h2>
        <div aria-live="polite" aria-busy={state.status === 'loading'}>
          {state.status === 'loading' ? (
            <p className="myvela-loading">
              <span className="myvela-spinner" aria-hidden="true" /> {t('receipt.loading')}
            </p>
          ) : null}
          {state.status === 'error' ? (
            <div role="alert">
              <p className="myvela-field-error">
                {state.code === 'TRANSACTION_NOT_FOUND'
                  ? t('receipt.notFound')
                  : `${t('receipt.error')} ${errorText(myT, state.code)}`}
              </p>
              {state.code === 'TRANSACTION_NOT_FOUND' ? null : (
                <button type="button" className="shell-button" onClick={() => setAttempt((n) => n + 1)}>
                  {t('history.retry')}
                </button>
              )}
            </div>
          ) : null}
          {state.status === 'ready' ? (
            <ReceiptFacts receipt={state.receipt} lang={lang} t={t} moneyT={moneyT} />
          ) : null}
        </div>
        <div className="receipt__actions">
          {state.status === 'ready' ? (
            <button
              type="button"
              className="shell-button shell-button--primary"
              onClick={() => window.print()}
            >
              {t('receipt.print')}
            </button>
          ) : null}
          <button type="button" className="shell-button" onClick={close}>
            {t('receipt.close')}
          </button>
        </div>
      </div>
    </dialog>
  );
}

function ReceiptFacts({
  receipt,
  lang,
  t,
  moneyT,
}: {
  receipt: Receipt;
  lang: Language;
  t: WalletT;
  moneyT: MoneyT;
}) {
  return (
    <>
      <dl className="receipt__facts">
        <div>
          <dt>{t('receipt.number')}</dt>
          <dd data-receipt-number="">{receipt.receiptNumber}</dd>
        </div>
        <div>
          <dt>{t('receipt.date')}</dt>
          <dd>
            <time dateTime={receipt.date}>{berlinDateTime(receipt.date, lang)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('receipt.kind')}</dt>
          <dd>{whatText(t, receipt)}</dd>
        </div>
        <div>
          <dt>{t('receipt.amountCoins')}</dt>
          <dd>{signedCoinsText(moneyT, receipt.amountCoins)}</dd>
        </div>
        <div>
          <dt>{t('receipt.amountEuro')}</dt>
          <dd>{euroText(receipt.amountCents, lang, true)}</dd>
        </div>
        <div>
          <dt>{t('receipt.balanceAfter')}</dt>
          <dd>
            {coinsText(moneyT, receipt.balanceAfterCoins)} ({euroText(receipt.balanceAfterCents, lang)})
          </dd>
        </div>
      </dl>
      <p className="receipt__note muted">{t('receipt.vatNote')}</p>
    </>
  );
}

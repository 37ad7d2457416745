/**
 * "Transactions" of My{brand} (issue 4 deliverable 1): every movement of the guest's wallet,
 * newest first, with date (Berlin time), what (kind and detail), amount in coins and euro (spec 9)
 * and the balance after; "Load more" pages back; each row opens its receipt. Loading, empty (with
 * a top-up button) and error (with retry) states.
 */
import type { Language } from '@vela/contracts/common';
import type { Transaction } from '@vela/contracts/wallet-api';
import { useEffect, useRef, useState } from 'react';
import { useTopUp } from '../../wallet/hooks/useTopUp.ts';
import { useWalletT } from '../../wallet/hooks/useWalletT.ts';
import { berlinDateTime, coinsText, euroText, signedCoinsText, whatText } from '../../wallet/presenters.ts';
import { errorText } from '../errors.ts';
import { useMyVelaT } from '../hooks/useMyVelaT.ts';
import { useTransactions } from '../hooks/useTransactions.ts';
import { ReceiptDialog } from './ReceiptDialog.tsx';
import { SaveButton } from './SaveButton.tsx';

export function TransactionsSection({ lang, brand }: { lang: Language; brand: string }) {
  const { t, moneyT } = useWalletT(lang);
  const myT = useMyVelaT(lang);
  const topUp = useTopUp();
  const { state, reload, loadMore } = useTransactions(true);
  const [receiptOf, setReceiptOf] = useState<Transaction | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const table = useRef<HTMLTableSectionElement | null>(null);
  /** The row count before "load more": keyboard focus moves to the first new row's receipt button. */
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || state.loadingMore) return;
    focusFrom.current = null;
    const buttons = table.current?.querySelectorAll<HTMLButtonElement>('button[data-open-receipt]');
    buttons?.[Math.min(from, buttons.length - 1)]?.focus();
  }, [state.loadingMore]);

  const showReceipt = (row: Transaction, button: HTMLButtonElement) => {
    opener.current = button;
    setReceiptOf(row);
  };

  return (
    <section
      className="myvela-card myvela-transactions"
      id="transactions"
      aria-labelledby="transactions-title"
    >
      <h2 id="transactions-title" className="myvela-card__title">
        {t('history.title')}
      </h2>
      <p className="myvela-card__intro muted">{t('history.intro')}</p>
      <div aria-busy={state.status === 'loading'} aria-live="polite">
        {state.status === 'loading' ? (
          <p className="myvela-loading" data-transactions-state="loading">
            <span className="myvela-spinner" aria-hidden="true" /> {t('history.loading')}
          </p>
        ) : null}
        {state.status === 'error' ? (
          <div className="myvela-transactions__error" role="alert" data-transactions-state="error">
            <p className="myvela-field-error">
              {t('history.error')} {errorText(myT, state.code ?? 'UNKNOWN')}
            </p>
            <button type="button" className="shell-button" onClick={() => void reload()}>
              {t('history.retry')}
            </button>
          </div>
        ) : null}
        {state.status === 'ready' && state.rows.length === 0 ? (
          <div className="myvela-transactions__empty" data-transactions-state="empty">
            <p className="myvela-transactions__empty-title">{t('history.empty')}</p>
            <p className="muted">{t('history.emptyText')}</p>
            <button
              type="button"
              className="shell-button shell-button--primary"
              data-open-dialog="moneycharge"
              onClick={() => topUp()}
            >
              {t('balance.topUpLabel')}
            </button>
          </div>
        ) : null}
      </div>
      {state.rows.length > 0 ? (
        <>
          <section
            className="myvela-transactions__scroll"
            aria-label={t('history.count', { count: state.rows.length })}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
          >
            <table className="myvela-transactions__table" data-transactions-state="ready">
              <thead>
                <tr>
                  <th scope="col">{t('history.date')}</th>
                  <th scope="col">{t('history.what')}</th>
                  <th scope="col" className="num">
                    {t('history.amount')}
                  </th>
                  <th scope="col" className="num">
                    {t('history.balanceAfter')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('history.receipt')}</span>
                  </th>
                </tr>
              </thead>
              <tbody ref={table}>
                {state.rows.map((row) => {
                  const date = berlinDateTime(row.date, lang);
                  const what = whatText(t, row);
                  return (
                    <tr key={row.id} data-transaction-id={row.transferId} data-kind={row.kind}>
                      <td>
                        <time dateTime={row.date}>{date}</time>
                      </td>
                      <td>{what}</td>
                      <td className={`num ${row.amountCents < 0 ? 'is-debit' : 'is-credit'}`}>
                        <span className="myvela-transactions__coins">
                          {signedCoinsText(moneyT, row.amountCoins)}
                        </span>
                        <span className="muted myvela-transactions__euro">
                          {euroText(row.amountCents, lang, true)}
                        </span>
                      </td>
                      <td className="num">
                        <span className="myvela-transactions__coins">
                          {coinsText(moneyT, row.balanceAfterCoins)}
                        </span>
                        <span className="muted myvela-transactions__euro">
                          {euroText(row.balanceAfterCents, lang)}
                        </span>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="link-button"
                          data-open-receipt={row.transferId}
                          aria-label={t('history.openReceipt', { what, date })}
                          onClick={(event) => showReceipt(row, event.currentTarget)}
                        >
                          {t('history.receipt')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
          <div className="myvela-form__footer">
            {state.nextBefore ? (
              <SaveButton
                type="button"
                variant="plain"
                saving={state.loadingMore}
                label={t('history.loadMore')}
                savingLabel={t('history.loadingMore')}
                onClick={() => {
                  focusFrom.current = state.rows.length;
                  void loadMore();
                }}
              />
            ) : (
              <p className="muted">{t('history.end')}</p>
            )}
            {state.moreError ? (
              <p className="myvela-field-error" role="alert">
                {t('history.error')} {errorText(myT, state.moreError)}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
      {receiptOf ? (
        <ReceiptDialog
          lang={lang}
          brand={brand}
          row={receiptOf}
          onClose={() => {
            setReceiptOf(null);
            const button = opener.current;
            if (button?.isConnected) button.focus();
          }}
        />
      ) : null}
    </section>
  );
}

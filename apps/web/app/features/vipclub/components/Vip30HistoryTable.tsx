/** Spec 7 "vip30 value history": per paid VIP period what its VIP30 offers were worth and what was paid. */
import type { Vip30History } from '@vela/contracts/subscriptions-api';
import type { VipClubText } from '../membership.ts';

export function Vip30HistoryTable({ history, text }: { history: Vip30History; text: VipClubText }) {
  const { t } = text;
  return (
    <section className="vipclub-card" aria-labelledby="vipclub-history-title" data-vip30-history="">
      <h2 id="vipclub-history-title" className="vipclub-card__title">
        {t('history.title')}
      </h2>
      <p className="vipclub-muted">{t('history.intro')}</p>
      {history.periods.length === 0 ? (
        <p data-vip30-empty="">{t('history.empty')}</p>
      ) : (
        <div className="vipclub-table-wrap">
          <table className="vipclub-table">
            <thead>
              <tr>
                <th scope="col">{t('history.period')}</th>
                <th scope="col">{t('history.paid')}</th>
                <th scope="col">{t('history.value')}</th>
              </tr>
            </thead>
            <tbody>
              {history.periods.map((period) => (
                <tr key={`${period.subscriptionId}-${period.periodIndex}`}>
                  <th scope="row">
                    {t('history.range', {
                      from: text.date(period.periodStart),
                      to: text.date(period.periodEnd),
                    })}
                  </th>
                  <td>{text.euro(period.charged.value)}</td>
                  <td>{text.euro(period.value.value)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('history.total')}</th>
                <td>{text.euro(history.totalCharged.value)}</td>
                <td>{text.euro(history.totalValue.value)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

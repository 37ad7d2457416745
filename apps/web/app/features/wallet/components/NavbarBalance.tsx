/**
 * The logged-in guest's balance in coins in the navbar (issue 4): one button that shows the
 * balance and opens the top-up (flow moneycharge). Reads the page's balance store, so it follows
 * every balance notification without a reload. Nothing for visitors.
 */
import { Icon } from '../../layout/components/Icon.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useTopUp } from '../hooks/useTopUp.ts';
import { useWalletT } from '../hooks/useWalletT.ts';
import { coinsText } from '../presenters.ts';
import { useBalance } from '../state/BalanceProvider.tsx';
import '../wallet.css';

/** What both balance controls need: the balance (null for visitors), the top-up and the texts. */
function useBalanceControls() {
  const { lang } = useShell();
  const { t, moneyT } = useWalletT(lang);
  return { balance: useBalance(), topUp: useTopUp(), t, moneyT };
}

export function NavbarBalance() {
  const { balance, topUp, t, moneyT } = useBalanceControls();
  if (!balance) return null;
  return (
    <button
      type="button"
      className="navbar-balance"
      data-navbar-balance={balance.coins}
      data-open-dialog="moneycharge"
      aria-label={t('balance.navbar', { coins: coinsText(moneyT, balance.coins) })}
      title={t('balance.topUpLabel')}
      onClick={() => topUp()}
    >
      <Icon name="coin" />
      <span className="navbar-balance__coins">{balance.formatted}</span>
      <span className="navbar-balance__plus" aria-hidden="true">
        +
      </span>
    </button>
  );
}

/** The balance line of the my-account menu with its "Top up" button. */
export function MenuBalance({ onAction }: { onAction: () => void }) {
  const { balance, topUp, t, moneyT } = useBalanceControls();
  if (!balance) return null;
  return (
    <div className="account-menu__balance" data-account-balance={balance.coins}>
      <p>
        {t('balance.label')}: <strong>{coinsText(moneyT, balance.coins)}</strong>
      </p>
      <button
        type="button"
        className="shell-button shell-button--primary"
        data-open-dialog="moneycharge"
        onClick={() => {
          onAction();
          topUp();
        }}
      >
        {t('balance.topUp')}
      </button>
    </div>
  );
}

/**
 * Navbar account controls (spec 2, 6): visitors get "Log in" and "Sign up" (they open the payment
 * dialog; hidden when configuration disables login), and the Get-VIP button follows
 * getVipButtonAction: login for visitors, the VIP dialog (flow vipabo) for non-VIP guests, nothing
 * for VIP guests, and nothing for anyone while the VIP club is not offered (issue 14: it delivers
 * nothing yet, decision 0029). Logged-in guests see their balance in coins (a button that opens the top-up).
 * On a shared page whose viewer is still being read (decision 0033) the area is one neutral
 * placeholder of the buttons' height: neither a visitor's buttons nor a guest's balance flash.
 */
import { getVipButtonAction } from '@vela/domain/restrictions';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { OpenDialogButton } from '../../payment-dialog/OpenDialogButton.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { NavbarBalance } from '../../wallet/components/NavbarBalance.tsx';
import { useViewer } from '../useViewer.tsx';

export function NavbarAccount() {
  const { t } = useShell();
  const { open } = usePaymentDialog();
  const { loggedIn, snapshot, config, pending } = useViewer();
  if (pending) {
    return (
      <div className="navbar-account" data-navbar-account="pending" aria-busy="true">
        <span className="navbar-account__placeholder" aria-hidden="true" />
      </div>
    );
  }
  const vip = getVipButtonAction(snapshot);
  const showVip = vip === 'vip-dialog' || (vip === 'login' && config.loginEnabled);
  return (
    <div className="navbar-account" data-navbar-account={loggedIn ? 'guest' : 'visitor'}>
      {loggedIn ? <NavbarBalance /> : null}
      {showVip ? (
        <button
          type="button"
          className="navbar-account__vip"
          data-get-vip={vip}
          onClick={() => open(vip === 'login' ? 'login' : 'vipabo')}
        >
          {t('getVip')}
        </button>
      ) : null}
      {!loggedIn && config.loginEnabled ? (
        <>
          <OpenDialogButton flow="login" className="shell-button navbar-account__login">
            {t('logIn')}
          </OpenDialogButton>
          <OpenDialogButton
            flow="signup"
            className="shell-button shell-button--primary navbar-account__signup"
          >
            {t('signUp')}
          </OpenDialogButton>
        </>
      ) : null}
    </div>
  );
}

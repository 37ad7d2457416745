/**
 * The account part of the my-account menu. Visitors: Log in / Sign up (or a notice when login is
 * switched off). Logged-in guests: their name, links to the guest area (when built), the AVS status
 * with "Verify age" unless accepted, their balance with "Top up" (flow moneycharge), Get VIP for non-VIP guests (spec 6; none while the VIP club is not offered, issue 14), and "Log out" (vxpay/logout, then reload; failure reloads).
 */
import { getVipButtonAction } from '@vela/domain/restrictions';
import { useState } from 'react';
import { Link } from 'react-router';
import { linkIfBuilt } from '../../i18n/implemented.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { OpenDialogButton } from '../../payment-dialog/OpenDialogButton.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { MenuBalance } from '../../wallet/components/NavbarBalance.tsx';
import { logOut } from '../actions.ts';
import { useViewer } from '../useViewer.tsx';
import { LoginSignupButtons } from './LoginSignupButtons.tsx';

export function AccountMenuSection({ onAction }: { onAction: () => void }) {
  const { t, lang } = useShell();
  const { open } = usePaymentDialog();
  const { viewer, loggedIn, config, snapshot, pending } = useViewer();
  const [loggingOut, setLoggingOut] = useState(false);

  // A shared page still reading its viewer (decision 0033): neither the login nor the guest's part.
  if (pending) return <p className="account-menu__placeholder" aria-busy="true" data-account-pending="" />;
  if (!viewer || !loggedIn) {
    if (!config.loginEnabled) {
      return (
        <p className="account-menu__notice" data-login-disabled="">
          {t('loginDisabled')}
        </p>
      );
    }
    return (
      <LoginSignupButtons
        className="account-menu__actions"
        logInLabel={t('logIn')}
        signUpLabel={t('signUp')}
        onChoose={(flow) => {
          onAction();
          open(flow);
        }}
      />
    );
  }

  const myVela = linkIfBuilt('MyVela', lang);
  const profile = linkIfBuilt('MyVela/Profile', lang);
  const avsHint =
    viewer.avsStatus === 'pending'
      ? t('avsPending')
      : viewer.avsStatus === 'rejected'
        ? viewer.avsRejectMessage
          ? t('avsRejectedWithReason', { reason: viewer.avsRejectMessage })
          : t('avsRejected')
        : viewer.avsStatus === 'accepted'
          ? null
          : t('avsUnknown');

  return (
    <div className="account-menu" data-account-menu="">
      <p className="account-menu__name">{t('loggedInAs', { name: viewer.name })}</p>
      <MenuBalance onAction={onAction} />
      {myVela || profile ? (
        <ul className="menu-list">
          {myVela ? (
            <li>
              <Link to={myVela}>{t('myVela')}</Link>
            </li>
          ) : null}
          {profile ? (
            <li>
              <Link to={profile}>{t('myProfile')}</Link>
            </li>
          ) : null}
        </ul>
      ) : null}
      {avsHint ? (
        <div className="account-menu__avs" data-avs-status={viewer.avsStatus}>
          <p>{avsHint}</p>
          {viewer.avsStatus !== 'pending' ? (
            <OpenDialogButton flow="avs" before={onAction} className="shell-button shell-button--primary">
              {t('verifyAge')}
            </OpenDialogButton>
          ) : null}
        </div>
      ) : null}
      {getVipButtonAction(snapshot) === 'vip-dialog' ? (
        <OpenDialogButton flow="vipabo" before={onAction} className="navbar-account__vip account-menu__vip">
          {t('getVip')}
        </OpenDialogButton>
      ) : null}
      <button
        type="button"
        className="shell-button account-menu__logout"
        data-logout=""
        disabled={loggingOut}
        onClick={() => {
          setLoggingOut(true);
          void logOut();
        }}
      >
        {t('logOut')}
      </button>
    </div>
  );
}

/**
 * `sexole-login` (spec 6): the adult-market variant's login modal for first-time visitors. Explains
 * and offers Log in / Sign up, which open the payment dialog.
 */
import { LoginSignupButtons } from '../../auth/components/LoginSignupButtons.tsx';
import { useAccountT } from '../../auth/useAccountT.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import type { ModalComponentProps } from '../registry.ts';
import { ModalFrame } from './ModalFrame.tsx';

export function AdultMarketLoginModal({ titleId, close }: ModalComponentProps) {
  const t = useAccountT();
  const { brandName } = useShell();
  const { open } = usePaymentDialog();
  return (
    <ModalFrame
      titleId={titleId}
      title={t('adultTitle', { brand: brandName })}
      closeButton={{ label: t('close'), onClose: close }}
    >
      <p>{t('adultBody', { brand: brandName })}</p>
      <LoginSignupButtons
        className="modal__actions account-actions"
        logInLabel={t('logIn')}
        signUpLabel={t('signUp')}
        onChoose={(flow) => {
          close();
          open(flow);
        }}
      />
    </ModalFrame>
  );
}

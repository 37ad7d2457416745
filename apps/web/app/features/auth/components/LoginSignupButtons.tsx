/**
 * The Log in / Sign up button pair for visitors (account menu, adult-market login modal). `onChoose`
 * gets the payment-dialog flow to open; the caller closes its menu or modal first.
 */
export function LoginSignupButtons({
  className,
  logInLabel,
  signUpLabel,
  onChoose,
}: {
  className: string;
  logInLabel: string;
  signUpLabel: string;
  onChoose: (flow: 'login' | 'signup') => void;
}) {
  return (
    <div className={className}>
      <button type="button" className="shell-button" onClick={() => onChoose('login')}>
        {logInLabel}
      </button>
      <button type="button" className="shell-button shell-button--primary" onClick={() => onChoose('signup')}>
        {signUpLabel}
      </button>
    </div>
  );
}

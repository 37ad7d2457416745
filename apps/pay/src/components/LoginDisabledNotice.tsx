import { useDialog } from '../dialog-context.ts';

/** Shown instead of the login and signup forms when configuration disables login. */
export function LoginDisabledNotice() {
  const { t } = useDialog();
  return (
    <p className="notice" role="alert">
      {t('loginDisabled')}
    </p>
  );
}

/**
 * Account actions of the page: log out (spec 7 `vxpay/logout`, then reload; a failure reloads too,
 * spec 8). Resolving a restriction with its dialog (spec 6) lives in ./restriction.ts.
 */
import { postLogout } from '../payment-dialog/api.ts';

export async function logOut(reload: () => void = () => window.location.reload()): Promise<void> {
  await postLogout();
  reload();
}

import { useDialog } from '../dialog-context.ts';
import { MoneyView } from './MoneyView.tsx';
import { SettingsView } from './SettingsView.tsx';

/** View `payment`: the account settings of flows settings/vxsettings, else the charge flows. */
export function PaymentView() {
  const { flow } = useDialog();
  if (flow === 'settings' || flow === 'vxsettings') return <SettingsView />;
  return <MoneyView view="payment" />;
}

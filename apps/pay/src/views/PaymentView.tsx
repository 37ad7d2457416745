import { useDialog } from '../dialog-context.ts';
import { AutoRechargeView } from './AutoRechargeView.tsx';
import { ChangeMethodView } from './ChangeMethodView.tsx';
import { ChargeOneClickView } from './ChargeOneClickView.tsx';
import { ChargeView } from './ChargeView.tsx';
import { LimitView } from './LimitView.tsx';
import { SettingsView } from './SettingsView.tsx';

/**
 * View `payment` (spec 2): the account settings of flows settings/vxsettings, else the charge flows
 * moneycharge (with paytype Voice: a voice charge), trialmoneycharge, oneclick, autorecharge,
 * limit, changecc and changels.
 */
export function PaymentView() {
  const { flow } = useDialog();
  switch (flow) {
    case 'settings':
    case 'vxsettings':
      return <SettingsView />;
    case 'trialmoneycharge':
      return <ChargeView flow="trialmoneycharge" />;
    case 'oneclick':
      return <ChargeOneClickView />;
    case 'autorecharge':
      return <AutoRechargeView />;
    case 'limit':
      return <LimitView />;
    case 'changecc':
    case 'changels':
      return <ChangeMethodView flow={flow} />;
    default:
      return <ChargeView flow="moneycharge" />;
  }
}

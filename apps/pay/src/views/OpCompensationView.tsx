import { usePaymentText } from '../payments/hooks.ts';
import { ChargeView } from './ChargeView.tsx';

/**
 * View opcompensation (spec 5: restricted guests opening a charge get the compensation flow): why
 * the account is restricted, and the compensation charge (flow opcompensation, the one charge a
 * restricted guest may make).
 */
export function OpCompensationView() {
  const pt = usePaymentText();
  return (
    <ChargeView
      flow="opcompensation"
      intro={
        <>
          <p className="notice" role="status" data-opcompensation="">
            {pt('opcompensationIntro')}
          </p>
          <p className="intro">{pt('opcompensationCharge')}</p>
        </>
      }
    />
  );
}

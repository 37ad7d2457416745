import { MoneyView } from './MoneyView.tsx';

/** View `carrier` (spec 2). Until its feature lands it shows that the function is not available yet. */
export function CarrierView() {
  return <MoneyView view={'carrier'} />;
}

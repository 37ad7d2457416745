import { MoneyView } from './MoneyView.tsx';

/** View `opcompensation` (spec 2). Until its feature lands it shows that the function is not available yet. */
export function OpCompensationView() {
  return <MoneyView view={'opcompensation'} />;
}

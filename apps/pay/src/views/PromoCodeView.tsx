import { MoneyView } from './MoneyView.tsx';

/** View `promocode` (spec 2). Until its feature lands it shows that the function is not available yet. */
export function PromoCodeView() {
  return <MoneyView view={'promocode'} />;
}

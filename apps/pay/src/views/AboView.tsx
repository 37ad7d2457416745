import { MoneyView } from './MoneyView.tsx';

/** View `abo` (spec 2). Until its feature lands it shows that the function is not available yet. */
export function AboView({ view }: { view: 'abo' | 'vxabo' }) {
  return <MoneyView view={view} />;
}

import { useDialog } from '../dialog-context.ts';
import { PromoCodeForm } from './promo/PromoCodeForm.tsx';

/** View `promocode` (spec 2) for the flows promocode and scratchcard (a scratch-card styled code field). */
export function PromoCodeView() {
  const { flow } = useDialog();
  return <PromoCodeForm variant={flow === 'scratchcard' ? 'scratchcard' : 'promocode'} />;
}

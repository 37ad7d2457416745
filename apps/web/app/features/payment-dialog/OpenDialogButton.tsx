import type { ReactNode } from 'react';
import { type OpenDialogOptions, usePaymentDialog } from './PaymentDialogProvider.tsx';
import type { DialogFlow } from './urlParams.ts';

/**
 * A button that opens the payment dialog on `flow` (with `options`); `data-open-dialog` names the
 * flow it opens. `before` runs first, for a menu that closes itself. One component so every such
 * button carries the same attribute and opens the same way.
 */
export function OpenDialogButton({
  flow,
  options,
  before,
  className,
  disabled,
  children,
}: {
  flow: DialogFlow;
  options?: OpenDialogOptions;
  before?: () => void;
  className: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { open } = usePaymentDialog();
  return (
    <button
      type="button"
      className={className}
      data-open-dialog={flow}
      disabled={disabled}
      onClick={() => {
        before?.();
        open(flow, options);
      }}
    >
      {children}
    </button>
  );
}

import type { DialogFlow } from '@vela/contracts/payment';
import type { ReactNode } from 'react';
import { useDialog } from '../dialog-context.ts';

/** A link-styled button that switches the dialog to another flow. */
export function FlowLink({ flow, children }: { flow: DialogFlow; children: ReactNode }) {
  const { goToFlow } = useDialog();
  return (
    <button type="button" className="link" onClick={() => goToFlow(flow)}>
      {children}
    </button>
  );
}

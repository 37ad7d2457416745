/**
 * A pin button for a page's first load (the profile's header): until the browser is idle after the
 * page's load it shows the button without the pins store and the socket code (PinButtonFace: not
 * pinned, as the store says before the socket's snapshot, which arrives after idle too); a visitor's
 * press opens the login with the stored pin (spec 3) like PinButton's. Then PinButton takes over
 * (bench/first-load-js.ts, budget 130 KB, decision 0035).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { whenIdleAfterLoad } from '../../realtime/state/whenIdleAfterLoad.ts';
import { PinButtonFace, type PinButtonProps, pinLoginAction } from './PinButtonFace.tsx';

const PinButton = lazy(() => import('./PinButton.tsx').then((module) => ({ default: module.PinButton })));

export function LazyPinButton(props: PinButtonProps) {
  const { target, id } = props;
  const { pending, loggedIn } = useViewer();
  const { open } = usePaymentDialog();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []);
  const still = (
    <PinButtonFace
      {...props}
      state={{
        pending,
        pinned: false,
        busy: false,
        // A logged-in guest's button waits for the socket, as PinButton's does.
        disabled: loggedIn,
        failedId: undefined,
        onPress: () => {
          if (!loggedIn) open('login', { onLoginAction: pinLoginAction(target, id) });
        },
      }}
    />
  );
  if (!idle) return still;
  return (
    <Suspense fallback={still}>
      <PinButton {...props} />
    </Suspense>
  );
}

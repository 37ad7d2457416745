/**
 * Pin / unpin an actor, album, picture or sedcard (spec 4 "Favorites", spec 7 socket pin/unpin
 * messages). The pressed state is the favorites store's (the snapshot, then the pin events of every
 * open tab); while a change is on its way the button is busy, a refused change says so.
 *
 * Favorites are logged-in only (spec 6): a visitor pressing it gets the login dialog with the stored
 * login action (spec 3 onLoginAction pinActor / pinAlbum / pinPicture / pinSedcards, targetId = the
 * item's id); after the login the page comes back and this button sends the pending pin once
 * (pendingPin.ts). A shared page still reading its viewer (decision 0033) keeps the button's room.
 */
import type { ClientSocketRequest, PinTarget } from '@vela/contracts/socket';
import { useEffect, useId, useRef, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useSocketSession } from '../../realtime/hooks/useSocketSession.ts';
import { useSocketClient } from '../../realtime/state/RealtimeProvider.tsx';
import { usePins } from '../hooks/usePins.ts';
import { isPinned } from '../state/pinsStore.ts';
import { PIN_MESSAGES, PinButtonFace, type PinButtonProps, pinLoginAction } from './PinButtonFace.tsx';

export type { PinButtonProps };

/** The socket message that pins (or unpins) the item. */
export function pinRequest(target: PinTarget, id: number, pin: boolean): ClientSocketRequest {
  const [on, off, field] = PIN_MESSAGES[target];
  return { type: pin ? on : off, [field]: id } as ClientSocketRequest;
}

/** Whether the item is pinned, and pin/unpin over the page's socket (busy and failed states). */
export function usePin(target: PinTarget, id: number) {
  const { loggedIn } = useViewer();
  const client = useSocketClient();
  const session = useSocketSession();
  const pinned = isPinned(usePins(), target, id);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const pinnedRef = useRef(pinned);
  pinnedRef.current = pinned;
  const ready = loggedIn && client !== null && session?.snapshot != null;

  const change = async (pin: boolean) => {
    if (!client) return;
    setBusy(true);
    setFailed(false);
    try {
      await client.request(pinRequest(target, id, pin), pin ? 'favoritePinned' : 'favoriteUnpinned');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  // The pin a visitor asked for before logging in (spec 3), once the socket is the guest's. Its
  // code arrives then (after idle, like the socket's), not with the page's first load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the socket becomes ready.
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    void import('../pendingPin.ts').then(({ takePendingPin }) => {
      if (cancelled) return;
      let asked = false;
      try {
        asked = takePendingPin(window.localStorage, target, id);
      } catch {
        // Storage unavailable: nothing was kept.
      }
      if (asked && !pinnedRef.current) void change(true);
    });
    return () => {
      cancelled = true;
    };
  }, [ready, target, id]);

  return { loggedIn, ready, pinned, busy, failed, change };
}

export function PinButton(props: PinButtonProps) {
  const { target, id } = props;
  const { pending } = useViewer();
  const { open } = usePaymentDialog();
  const { loggedIn, ready, pinned, busy, failed, change } = usePin(target, id);
  const errorId = useId();
  const onPress = () => {
    if (!loggedIn) {
      open('login', { onLoginAction: pinLoginAction(target, id) });
      return;
    }
    void change(!pinned);
  };
  return (
    <PinButtonFace
      {...props}
      state={{
        pending,
        pinned,
        busy,
        // A logged-in guest's button waits for the socket; a visitor's opens the login at once.
        disabled: busy || (loggedIn && !ready),
        failedId: failed ? errorId : undefined,
        onPress,
      }}
    />
  );
}

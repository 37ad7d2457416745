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
import type { OnLoginAction } from '@vela/contracts/payment-messages';
import type { ClientSocketRequest, PinTarget } from '@vela/contracts/socket';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useSocketSession } from '../../realtime/hooks/useSocketSession.ts';
import { useSocketClient } from '../../realtime/state/RealtimeProvider.tsx';
import { usePins } from '../hooks/usePins.ts';
import { isPinned } from '../state/pinsStore.ts';
import '../favorites.css';

/**
 * The socket messages that pin and unpin each kind of item (spec 7) and the id's field; the pin's
 * name is also the stored login action's type (spec 3 pinActor, pinAlbum, pinPicture, pinSedcards).
 */
const PIN_MESSAGES = {
  actor: ['pinActor', 'unpinActor', 'actorId'],
  album: ['pinAlbum', 'unpinAlbum', 'albumId'],
  picture: ['pinPicture', 'unpinPicture', 'pictureId'],
  sedcards: ['pinSedcards', 'unpinSedcards', 'actorId'],
} as const satisfies Record<
  PinTarget,
  readonly [OnLoginAction['type'] & ClientSocketRequest['type'], ClientSocketRequest['type'], string]
>;

/** The socket message that pins (or unpins) the item. */
export function pinRequest(target: PinTarget, id: number, pin: boolean): ClientSocketRequest {
  const [on, off, field] = PIN_MESSAGES[target];
  return { type: pin ? on : off, [field]: id } as ClientSocketRequest;
}

export interface PinButtonProps {
  target: PinTarget;
  id: number;
  /** The button's text when not pinned / pinned (with `visibleText`: its accessible name, `pin`). */
  label: { pin: string; unpin: string };
  /** A shorter visible text when not pinned / pinned. */
  visibleText?: { pin: string; unpin: string };
  failedText: string;
  className?: string;
  /** Wrapper element class. */
  wrapperClassName?: string;
  icon?: ReactNode;
  /** Extra attributes for tests and styles (e.g. data-pin-actor). */
  data?: Record<`data-${string}`, string | number>;
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

export function PinButton({
  target,
  id,
  label,
  visibleText,
  failedText,
  className = 'shell-button pin-button',
  wrapperClassName = 'pin',
  icon,
  data,
}: PinButtonProps) {
  const { pending } = useViewer();
  const { open } = usePaymentDialog();
  const { loggedIn, ready, pinned, busy, failed, change } = usePin(target, id);
  const errorId = useId();
  if (pending)
    return <span className={`${wrapperClassName} ${wrapperClassName}--pending`} aria-hidden="true" />;

  const press = () => {
    if (!loggedIn) {
      open('login', {
        onLoginAction: { type: PIN_MESSAGES[target][0], params: { targetId: id } },
      });
      return;
    }
    void change(!pinned);
  };
  // With a short visible text, the name stays the item's ("Pin this album") and aria-pressed says
  // whether it is pinned; without one, the text says what pressing does.
  const name = visibleText ? label.pin : pinned ? label.unpin : label.pin;
  const text = visibleText ? (pinned ? visibleText.unpin : visibleText.pin) : name;
  return (
    <span className={wrapperClassName}>
      <button
        type="button"
        className={className}
        aria-pressed={pinned}
        aria-label={visibleText ? name : undefined}
        aria-describedby={failed ? errorId : undefined}
        aria-busy={busy}
        // A logged-in guest's button waits for the socket; a visitor's opens the login at once.
        disabled={busy || (loggedIn && !ready)}
        onClick={press}
        data-pin={target}
        data-pin-id={id}
        {...data}
      >
        {icon}
        <span>{text}</span>
      </button>
      {failed ? (
        <span id={errorId} className="form-error" role="alert">
          {failedText}
        </span>
      ) : null}
    </span>
  );
}

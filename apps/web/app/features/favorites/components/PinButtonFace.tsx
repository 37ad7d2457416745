/**
 * What a pin button shows (PinButton.tsx), and the socket messages that pin and unpin each kind of
 * item, without the pins store or the socket: the profile's pin button shows this until the browser
 * is idle (LazyPinButton.tsx, bench/first-load-js.ts), PinButton always.
 */
import type { OnLoginAction } from '@vela/contracts/payment-messages';
import type { ClientSocketRequest, PinTarget } from '@vela/contracts/socket';
import type { ReactNode } from 'react';
import '../favorites.css';

/**
 * The socket messages that pin and unpin each kind of item (spec 7) and the id's field; the pin's
 * name is also the stored login action's type (spec 3 pinActor, pinAlbum, pinPicture, pinSedcards).
 */
export const PIN_MESSAGES = {
  actor: ['pinActor', 'unpinActor', 'actorId'],
  album: ['pinAlbum', 'unpinAlbum', 'albumId'],
  picture: ['pinPicture', 'unpinPicture', 'pictureId'],
  sedcards: ['pinSedcards', 'unpinSedcards', 'actorId'],
} as const satisfies Record<
  PinTarget,
  readonly [OnLoginAction['type'] & ClientSocketRequest['type'], ClientSocketRequest['type'], string]
>;

/** The stored login action that pins the item after a visitor logs in (spec 3). */
export function pinLoginAction(target: PinTarget, id: number): OnLoginAction {
  return { type: PIN_MESSAGES[target][0], params: { targetId: id } };
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

export interface PinState {
  pending: boolean;
  pinned: boolean;
  busy: boolean;
  disabled: boolean;
  /** The id of the refusal's text when a change was refused. */
  failedId: string | undefined;
  onPress: () => void;
}

export function PinButtonFace({
  target,
  id,
  label,
  visibleText,
  failedText,
  className = 'shell-button pin-button',
  wrapperClassName = 'pin',
  icon,
  data,
  state: { pending, pinned, busy, disabled, failedId, onPress },
}: PinButtonProps & { state: PinState }) {
  if (pending)
    return <span className={`${wrapperClassName} ${wrapperClassName}--pending`} aria-hidden="true" />;
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
        aria-describedby={failedId}
        aria-busy={busy}
        disabled={disabled}
        onClick={onPress}
        data-pin={target}
        data-pin-id={id}
        {...data}
      >
        {icon}
        <span>{text}</span>
      </button>
      {failedId ? (
        <span id={failedId} className="form-error" role="alert">
          {failedText}
        </span>
      ) : null}
    </span>
  );
}

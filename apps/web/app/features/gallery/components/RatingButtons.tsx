import type { Language } from '@vela/contracts/common';
import type { GuestRatingValue, RatingFieldsData } from '@vela/contracts/gallery';
import type { OnLoginAction } from '@vela/contracts/payment-messages';
import { formatCount } from '@vela/domain/money-format';
import { DISLIKE, LIKE, ownRatingOf, ratingAfterPress } from '@vela/domain/ratings';
import { useId, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { galleryErrorMessage } from '../errorMessage.ts';
import { useGalleryT } from '../hooks/useGalleryT.ts';

interface RatingButtonsProps {
  lang: Language;
  /** Accessible name of the group ("Rate this album"). */
  label: string;
  initial: RatingFieldsData;
  /** Sends the new rating; answers the four fields (spec 3). */
  rate(guestRating: GuestRatingValue): Promise<RatingFieldsData>;
  compact?: boolean;
  testId?: string;
  /** For visitors: the stored login action (spec 3 onLoginAction) that rates once logged in. */
  loginAction?: (pressed: typeof LIKE | typeof DISLIKE) => OnLoginAction;
}

/** The two buttons, like first: what each sends, and the answer's fields it shows. */
const BUTTONS = [
  { kind: 'like', value: LIKE, pressedField: 'isLiked', count: 'likes', countField: 'guestRatingLikes' },
  {
    kind: 'dislike',
    value: DISLIKE,
    pressedField: 'isDisliked',
    count: 'dislikes',
    countField: 'guestRatingDislikes',
  },
] as const;

/**
 * Like / dislike of an album, picture or sedcard (spec 3). Pressing the pressed button takes the
 * rating back; the answer's counts and flags overwrite the shown ones (spec 4). Visitors get the
 * login dialog (rating is logged-in only).
 */
export function RatingButtons({
  lang,
  label,
  initial,
  rate,
  compact = false,
  testId,
  loginAction,
}: RatingButtonsProps) {
  const t = useGalleryT(lang);
  const { loggedIn } = useViewer();
  const { open } = usePaymentDialog();
  const [fields, setFields] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const press = async (pressed: typeof LIKE | typeof DISLIKE) => {
    if (!loggedIn) {
      open('login', loginAction ? { onLoginAction: loginAction(pressed) } : undefined);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const next = ratingAfterPress(ownRatingOf(fields), pressed);
      setFields(await rate(next));
    } catch (caught) {
      setError(galleryErrorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={compact ? 'rating rating--compact' : 'rating'} data-testid={testId}>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of two toggle buttons */}
      <div
        role="group"
        aria-label={label}
        className="rating__buttons"
        aria-describedby={error ? errorId : undefined}
      >
        {BUTTONS.map((button) => (
          <button
            key={button.kind}
            type="button"
            className={`rating__button rating__button--${button.kind}`}
            aria-pressed={fields[button.pressedField]}
            aria-busy={busy}
            disabled={busy}
            onClick={() => press(button.value)}
            data-rating={button.kind}
          >
            <ThumbIcon down={button.value === DISLIKE} />
            <span className={compact ? 'visually-hidden' : undefined}>{t(button.kind)}</span>
            <span className="rating__count" data-count={button.count}>
              {formatCount(fields[button.countField])}
            </span>
          </button>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="rating__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A thumb (up, or down when `down`), drawn inline so it needs no icon font. */
export function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      className="rating__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      style={down ? { transform: 'rotate(180deg)' } : undefined}
    >
      <path
        fill="currentColor"
        d="M2 21h4V9H2v12zm20-11c0-1.1-.9-2-2-2h-6.3l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L13.17 1 6.59 7.59C6.22 7.95 6 8.45 6 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z"
      />
    </svg>
  );
}

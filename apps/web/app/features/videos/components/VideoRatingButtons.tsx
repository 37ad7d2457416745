/**
 * Like / dislike of a video (spec 7 mutations likeVideo / dislikeVideo, spec 3 rating fields) for the
 * `video-with-player` modal. Props API:
 *
 *   <VideoRatingButtons lang="en" videoId={42} initial={{ guestRatingLikes, guestRatingDislikes,
 *     isLiked, isDisliked }} onRated={(rating) => ...} />
 *
 * - `initial` absent: the buttons load the counts (and a guest's own flags) themselves.
 * - A press shows its result at once (optimistic); the answer's counts and flags then overwrite the
 *   shown ones (spec 4 "rating responses overwrite counts and flags"); a failure rolls back to what
 *   was shown before and says why. Pressing the pressed button takes the rating back.
 * - A visitor's press opens the login dialog (rating is for logged-in guests only).
 */
import type { Language } from '@vela/contracts/common';
import type { RatingFieldsData } from '@vela/contracts/gallery';
import type { VideoRating } from '@vela/contracts/video-actions';
import { formatCount } from '@vela/domain/money-format';
import {
  DISLIKE,
  type GuestRating,
  LIKE,
  ownRatingOf,
  ratingAfterPress,
  ratingDelta,
  ratingFields,
} from '@vela/domain/ratings';
import { useEffect, useId, useRef, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { ThumbIcon } from '../../gallery/components/RatingButtons.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { loadVideoRating, rateVideo } from '../api/videoActionsApi.ts';
import { useVideoActionsT } from '../useVideoActionsT.ts';
import { videoActionErrorKey } from '../videoActionError.ts';
import '../video-actions.css';

export interface VideoRatingButtonsProps {
  lang: Language;
  videoId: number;
  /** The rating as the page has it; absent: loaded on mount. */
  initial?: RatingFieldsData;
  /** The server's confirmed rating after a press. */
  onRated?: (rating: VideoRating) => void;
  /** Smaller buttons with the words visually hidden. */
  compact?: boolean;
}

/** What the buttons show right after a press, before the server answers. */
export function optimisticRating(fields: RatingFieldsData, next: GuestRating): RatingFieldsData {
  const delta = ratingDelta(ownRatingOf(fields), next);
  return ratingFields(
    Math.max(0, fields.guestRatingLikes + delta.likes),
    Math.max(0, fields.guestRatingDislikes + delta.dislikes),
    next,
  );
}

const EMPTY: RatingFieldsData = ratingFields(0, 0, 0);

const BUTTONS = [
  { kind: 'like', value: LIKE, pressed: 'isLiked', count: 'guestRatingLikes' },
  { kind: 'dislike', value: DISLIKE, pressed: 'isDisliked', count: 'guestRatingDislikes' },
] as const;

export function VideoRatingButtons({
  lang,
  videoId,
  initial,
  onRated,
  compact = false,
}: VideoRatingButtonsProps) {
  const t = useVideoActionsT(lang);
  const { loggedIn } = useViewer();
  const { open } = usePaymentDialog();
  const [fields, setFields] = useState<RatingFieldsData>(initial ?? EMPTY);
  const [loaded, setLoaded] = useState(initial !== undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const pressSerial = useRef(0);
  // `initial` is read once per video: a new object with the same values must not reload.
  const initialRef = useRef(initial);
  initialRef.current = initial;

  useEffect(() => {
    const given = initialRef.current;
    if (given !== undefined) {
      setFields(given);
      setLoaded(true);
      return;
    }
    let cancelled = false;
    setLoaded(false);
    loadVideoRating(videoId, loggedIn)
      .then((rating) => {
        if (!cancelled) setFields(rating);
      })
      .catch((caught: unknown) => {
        if (!cancelled) setError(t(videoActionErrorKey(caught)));
      })
      .finally(() => {
        if (!cancelled) setLoaded(true);
      });
    return () => {
      cancelled = true;
    };
  }, [videoId, loggedIn, t]);

  const press = async (pressed: typeof LIKE | typeof DISLIKE) => {
    if (!loggedIn) {
      open('login');
      return;
    }
    const before = fields;
    const next = ratingAfterPress(ownRatingOf(before), pressed);
    const serial = ++pressSerial.current;
    setFields(optimisticRating(before, next));
    setBusy(true);
    setError(null);
    try {
      const answer = await rateVideo(videoId, next);
      if (serial !== pressSerial.current) return;
      setFields(answer);
      onRated?.(answer);
    } catch (caught) {
      if (serial !== pressSerial.current) return;
      setFields(before);
      setError(t(videoActionErrorKey(caught)));
    } finally {
      if (serial === pressSerial.current) setBusy(false);
    }
  };

  return (
    <div className={compact ? 'video-rating video-rating--compact' : 'video-rating'}>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of two toggle buttons */}
      <div
        role="group"
        aria-label={t('rating.label')}
        aria-describedby={error ? errorId : undefined}
        aria-busy={!loaded || busy}
        className="video-rating__buttons"
      >
        {BUTTONS.map((button) => (
          <button
            key={button.kind}
            type="button"
            className={`shell-button video-rating__button video-rating__button--${button.kind}`}
            aria-pressed={fields[button.pressed]}
            disabled={busy || !loaded}
            onClick={() => press(button.value)}
            title={loggedIn ? undefined : t('rating.loginHint')}
          >
            <ThumbIcon down={button.value === DISLIKE} />
            <span className={compact ? 'visually-hidden' : undefined}>
              {t(button.kind === 'like' ? 'rating.like' : 'rating.dislike')}
            </span>
            <span className="video-rating__count" data-count={button.kind}>
              {formatCount(fields[button.count])}
            </span>
          </button>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="video-rating__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

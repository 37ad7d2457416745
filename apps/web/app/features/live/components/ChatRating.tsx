import { useState } from 'react';
import type { LiveChatT } from '../hooks/useLiveChatT.ts';

/** Spec 8 survey ratings. */
export type ChatRatingValue = 'BAD' | 'GREAT';

/**
 * The chat rating after a chat (spec 7 `survey/chatexit`, spec 8 BAD / GREAT). `rate` sends it; a
 * failure says so and the buttons stay for another try; a success thanks the guest.
 */
export function ChatRating({ rate, t }: { rate: (rating: ChatRatingValue) => Promise<void>; t: LiveChatT }) {
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');
  const [chosen, setChosen] = useState<ChatRatingValue | null>(null);
  const send = async (rating: ChatRatingValue) => {
    setChosen(rating);
    setState('sending');
    try {
      await rate(rating);
      setState('done');
    } catch {
      setState('failed');
    }
  };
  return (
    <fieldset className="live-rating" aria-busy={state === 'sending'}>
      <legend>{t('ratingTitle')}</legend>
      {state === 'done' ? (
        <p role="status">{t('ratingThanks')}</p>
      ) : (
        <div className="live-rating__buttons">
          {(['BAD', 'GREAT'] as const).map((rating) => (
            <button
              key={rating}
              type="button"
              className="button live-button--quiet"
              aria-pressed={chosen === rating}
              disabled={state === 'sending'}
              data-rating={rating}
              onClick={() => void send(rating)}
            >
              {rating === 'BAD' ? t('ratingBad') : t('ratingGreat')}
            </button>
          ))}
        </div>
      )}
      {state === 'failed' ? <p role="alert">{t('ratingFailed')}</p> : null}
    </fieldset>
  );
}

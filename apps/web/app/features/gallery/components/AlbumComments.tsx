import type { Language } from '@vela/contracts/common';
import type { AlbumComment, AlbumComments as AlbumCommentsData } from '@vela/contracts/gallery';
import { ALBUM_COMMENTS_LIMIT, COMMENT_TEXT_MAX } from '@vela/contracts/gallery';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { formatDate } from '../../catalog/format.ts';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { getComments, postComment, RestError } from '../api/galleryApi.ts';
import { galleryErrorMessage } from '../errorMessage.ts';
import { useGalleryT } from '../hooks/useGalleryT.ts';

interface AlbumCommentsProps {
  lang: Language;
  albumId: number;
  initial: AlbumCommentsData;
}

/** Code points, as the server counts them. */
const lengthOf = (text: string) => [...text].length;

/**
 * Album comments (spec 3/4/5): newest first, 500 per load (spec 9); a logged-in guest may comment
 * once: the new comment is prepended, the total rises by one and the form goes away. Comment text
 * is rendered as text. Visitors see a login prompt.
 */
export function AlbumComments({ lang, albumId, initial }: AlbumCommentsProps) {
  const t = useGalleryT(lang);
  const { loggedIn, config } = useViewer();
  const { open } = usePaymentDialog();
  const [list, setList] = useState<AlbumComment[]>(initial.list);
  const [total, setTotal] = useState(initial.total);
  const [allowed, setAllowed] = useState(initial.isGuestAllowedToCommentAlbum);
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [posted, setPosted] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const field = useRef<HTMLTextAreaElement>(null);

  const left = COMMENT_TEXT_MAX - lengthOf(text.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length === 0) {
      setError(t('comments.emptyText'));
      field.current?.focus();
      return;
    }
    if (lengthOf(trimmed) > COMMENT_TEXT_MAX) {
      setError(t('comments.tooLong'));
      field.current?.focus();
      return;
    }
    setPosting(true);
    setError(null);
    try {
      const answer = await postComment(albumId, trimmed);
      // Spec 4: new comment prepended, total +1, the guest may no longer comment.
      setList((current) => [answer.comment, ...current]);
      setTotal((current) => Math.max(current + 1, answer.total));
      setAllowed(false);
      setText('');
      setPosted(true);
    } catch (caught) {
      setError(galleryErrorMessage(caught, t));
      // Spec 5: commented already (another tab): the form goes, the message stays.
      if (caught instanceof RestError && caught.code === 'ALREADY_COMMENTED') {
        setAllowed(false);
        // Show the comment the guest wrote elsewhere (the list of this tab is older).
        getComments(albumId, 0, ALBUM_COMMENTS_LIMIT)
          .then((fresh) => {
            setList(fresh.list);
            setTotal(fresh.total);
          })
          .catch(() => {
            // The refusal message stays; the list stays as loaded.
          });
      } else field.current?.focus();
    } finally {
      setPosting(false);
    }
  };

  const loadMore = async () => {
    setLoadingMore(true);
    setLoadError(null);
    try {
      const next = await getComments(albumId, list.length, ALBUM_COMMENTS_LIMIT);
      setList((current) => {
        const known = new Set(current.map((c) => c.id));
        return [...current, ...next.list.filter((c) => !known.has(c.id))];
      });
      setTotal(next.total);
    } catch (caught) {
      setLoadError(galleryErrorMessage(caught, t));
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section className="gallery-comments profile__section" aria-labelledby="comments-title" id="comments">
      <h2 id="comments-title">
        {t('comments.title')}{' '}
        <span className="gallery-comments__total" data-testid="comments-total">
          ({t('comments.total', { count: total })})
        </span>
      </h2>

      {loggedIn ? (
        allowed ? (
          <form className="gallery-comments__form" onSubmit={submit} noValidate>
            <label htmlFor={fieldId}>{t('comments.label')}</label>
            <textarea
              id={fieldId}
              ref={field}
              name="commentText"
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              disabled={posting}
            />
            <p id={hintId} className="gallery-comments__hint muted">
              {t('comments.hint')} {t('comments.charsLeft', { count: Math.max(left, 0) })}
            </p>
            {error ? (
              <p id={errorId} className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="shell-button shell-button--primary" disabled={posting}>
              {posting ? t('comments.posting') : t('comments.submit')}
            </button>
          </form>
        ) : (
          <div className="gallery-comments__done">
            {posted ? (
              <p role="status" className="notice">
                {t('comments.posted')}
              </p>
            ) : null}
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            {!posted && !error ? <p className="muted">{t('comments.already')}</p> : null}
          </div>
        )
      ) : (
        <div className="gallery-comments__login" data-testid="comments-login">
          {config.loginEnabled ? (
            <>
              <p>{t('comments.loginPrompt')}</p>
              <div className="gallery-comments__actions">
                <button
                  type="button"
                  className="shell-button shell-button--primary"
                  onClick={() => open('login')}
                >
                  {t('login')}
                </button>
                <button type="button" className="shell-button" onClick={() => open('signup')}>
                  {t('signup')}
                </button>
              </div>
            </>
          ) : (
            <p>{t('comments.loginDisabled')}</p>
          )}
        </div>
      )}

      {list.length === 0 ? (
        <p className="muted" data-testid="comments-empty">
          {t('comments.empty')}
        </p>
      ) : (
        <ol className="gallery-comments__list" data-testid="comments-list">
          {list.map((comment) => (
            <li key={comment.id} className="gallery-comment" data-own={comment.isOwn || undefined}>
              <p className="gallery-comment__meta">
                <strong>{comment.isOwn ? t('comments.you') : comment.guestName}</strong>{' '}
                <time dateTime={comment.createdAt} className="muted">
                  {formatDate(comment.createdAt, lang)}
                </time>
              </p>
              {/* Text, never HTML: React escapes it. */}
              <p className="gallery-comment__text">{comment.text}</p>
            </li>
          ))}
        </ol>
      )}
      {list.length < total ? (
        <div className="gallery-comments__more">
          <button type="button" className="shell-button" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? t('comments.loading') : t('comments.more')}
          </button>
          {loadError ? (
            <p className="form-error" role="alert">
              {loadError}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * One playlist (spec 2 media library; issue 17 deliverable 6): rename it, change the order of its
 * videos with Up/Down buttons or Alt+Arrow up/down on a focused video (focus stays on the moved
 * video, the new place is announced), save name and order in one call, remove a video, delete the
 * playlist through spec 2 modal `playlist-delete`. Leaving with unsaved changes (back, another link,
 * another playlist) asks through spec 2 modal `playlist-cancel-changes`; closing the tab asks the
 * browser's own question.
 */
import type { Language } from '@vela/contracts/common';
import { PLAYLIST_NAME_MAX_LENGTH, type Playlist } from '@vela/contracts/mediathek';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { useModals } from '../../modals/state/ModalProvider.tsx';
import { videoPlayerHref } from '../../purchase/videoLink.ts';
import { mediathekApi } from '../api.ts';
import { mediathekErrorText, useMediathekT } from '../hooks/useMediathekT.ts';
import { setPlaylistRequest } from '../state/playlistModals.ts';
import { changesOf, moveItem, type PlaylistEdit } from '../state/playlistOrder.ts';
import { SectionFailed, SectionLoading } from './SectionState.tsx';

const playlistOf = (search: string) => new URLSearchParams(search).get('playlist');
const editOf = (playlist: Playlist): PlaylistEdit => ({
  name: playlist.name,
  order: playlist.items.map((item) => item.video.id),
});

type Status = { kind: 'success' | 'error' | 'info'; text: string } | null;

export function PlaylistEditor({
  lang,
  playlistId,
  onDeleted,
}: {
  lang: Language;
  playlistId: number;
  onDeleted: (name: string) => void;
}) {
  const t = useMediathekT(lang);
  const modals = useModals();
  const navigate = useNavigate();
  const nameId = useId();
  const [saved, setSaved] = useState<Playlist | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [edit, setEdit] = useState<PlaylistEdit>({ name: '', order: [] });
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [announcement, setAnnouncement] = useState('');
  const rows = useRef(new Map<number, HTMLLIElement>());
  /** After a move: the moved video and the control to keep focused (its title link if the button is now disabled). */
  const focusAfterMove = useRef<{ id: number; control: 'up' | 'down' | 'title' } | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const leaving = useRef(false);

  const load = useCallback(() => {
    setLoadError(null);
    mediathekApi.playlist(playlistId).then(
      (playlist) => {
        setSaved(playlist);
        setEdit(editOf(playlist));
      },
      (error: unknown) => setLoadError(error),
    );
  }, [playlistId]);
  useEffect(load, [load]);

  const changes = saved ? changesOf(editOf(saved), edit) : null;
  const dirty = changes !== null;
  const nameError = edit.name.trim() === '' ? t('name.empty') : null;

  // Leaving with unsaved changes: another page, or another (or no) playlist on this one.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      (nextLocation.pathname !== currentLocation.pathname ||
        playlistOf(nextLocation.search) !== playlistOf(currentLocation.search)),
  );
  // Ask once per blocked navigation (closing the modal changes the modal stack before the blocker resets).
  const asked = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asked.current = false;
      return;
    }
    if (asked.current) return;
    asked.current = true;
    setPlaylistRequest('playlist-cancel-changes', {
      name: saved?.name ?? '',
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    modals.open('playlist-cancel-changes', { lockScroll: true });
  }, [blocker, saved, modals]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (target === null) return;
    focusAfterMove.current = null;
    const row = rows.current.get(target.id);
    const control = row?.querySelector<HTMLElement>(`[data-control="${target.control}"]:not(:disabled)`);
    (control ?? row?.querySelector<HTMLElement>('[data-control="title"]'))?.focus();
  });

  if (loadError) return <SectionFailed t={t} text={mediathekErrorText(t, loadError)} onRetry={load} />;
  if (!saved) return <SectionLoading t={t} />;

  const videos = new Map(saved.items.map((item) => [item.video.id, item.video]));

  const move = (index: number, delta: -1 | 1, control: 'up' | 'down' | 'title') => {
    const next = moveItem(edit.order, index, delta);
    const id = edit.order[index];
    if (id === undefined || next[index] === edit.order[index]) return;
    focusAfterMove.current = { id, control };
    setEdit({ ...edit, order: next });
    setStatus(null);
    setAnnouncement(
      t('editor.moved', {
        title: videos.get(id)?.title ?? '',
        position: index + delta + 1,
        count: next.length,
      }),
    );
  };

  const onRowKey = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const control = (event.target as HTMLElement).dataset.control;
    move(index, event.key === 'ArrowUp' ? -1 : 1, control === 'up' || control === 'down' ? control : 'title');
  };

  const save = async () => {
    if (!changes || nameError) return;
    setSaving(true);
    setStatus(null);
    try {
      const next = await mediathekApi.savePlaylist(playlistId, changes);
      setSaved(next);
      setEdit(editOf(next));
      setStatus({ kind: 'success', text: t('editor.saved') });
    } catch (error) {
      setStatus({ kind: 'error', text: mediathekErrorText(t, error) });
    } finally {
      setSaving(false);
    }
  };

  const remove = async (videoId: number) => {
    setStatus(null);
    try {
      await mediathekApi.removeFromPlaylist(playlistId, videoId);
      // The server's playlist lost the video; the local order keeps the guest's other changes.
      setSaved({ ...saved, items: saved.items.filter((item) => item.video.id !== videoId) });
      setEdit({ ...edit, order: edit.order.filter((id) => id !== videoId) });
    } catch (error) {
      setStatus({ kind: 'error', text: mediathekErrorText(t, error) });
    }
  };

  const askDelete = () => {
    setPlaylistRequest('playlist-delete', {
      name: saved.name,
      onConfirm: async () => {
        try {
          await mediathekApi.deletePlaylist(playlistId);
          leaving.current = true;
          onDeleted(saved.name);
          navigate({ search: '' });
        } catch (error) {
          setStatus({ kind: 'error', text: mediathekErrorText(t, error) });
        }
      },
      onCancel: () => deleteButton.current?.focus(),
    });
    modals.open('playlist-delete', { lockScroll: true });
  };

  return (
    <div className="mediathek-editor" data-playlist-editor={playlistId}>
      <p className="myvela-back">
        <Link to={{ search: '' }}>{t('editor.back')}</Link>
      </p>
      <h2 className="myvela-card__title">
        {saved.name}
        {dirty ? <span className="badge mediathek-unsaved">{t('editor.unsaved')}</span> : null}
      </h2>
      <div className="myvela-field">
        <label htmlFor={nameId}>{t('editor.name')}</label>
        <input
          id={nameId}
          value={edit.name}
          maxLength={PLAYLIST_NAME_MAX_LENGTH}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          onChange={(event) => setEdit({ ...edit, name: event.target.value })}
        />
        {nameError ? <p className="myvela-field-error">{nameError}</p> : null}
      </div>
      {edit.order.length === 0 ? (
        <p className="empty-state">{t('editor.empty')}</p>
      ) : (
        <>
          <p className="muted" id={`${nameId}-hint`}>
            {t('editor.hint')}
          </p>
          <ol className="mediathek-order" aria-describedby={`${nameId}-hint`}>
            {edit.order.map((id, index) => {
              const video = videos.get(id);
              if (!video) return null;
              return (
                <li
                  key={id}
                  ref={(element) => {
                    if (element) rows.current.set(id, element);
                    else rows.current.delete(id);
                  }}
                  className="mediathek-order__item"
                  data-video-id={id}
                  onKeyDown={(event) => onRowKey(event, index)}
                >
                  <span className="mediathek-order__position" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="mediathek-order__thumb">
                    <Picture image={video.preview} alt="" sizes="96px" />
                  </span>
                  <Link
                    className="mediathek-order__title"
                    data-control="title"
                    to={videoPlayerHref('', `?playlist=${playlistId}`, id)}
                  >
                    {video.title}
                  </Link>
                  <span className="mediathek-order__actions">
                    <button
                      type="button"
                      className="shell-button"
                      data-control="up"
                      disabled={index === 0}
                      aria-label={t('editor.up', { title: video.title })}
                      onClick={() => move(index, -1, 'up')}
                    >
                      {t('editor.upShort')}
                    </button>
                    <button
                      type="button"
                      className="shell-button"
                      data-control="down"
                      disabled={index === edit.order.length - 1}
                      aria-label={t('editor.down', { title: video.title })}
                      onClick={() => move(index, 1, 'down')}
                    >
                      {t('editor.downShort')}
                    </button>
                    <button
                      type="button"
                      className="shell-button"
                      aria-label={t('editor.remove', { title: video.title })}
                      onClick={() => remove(id)}
                    >
                      {t('editor.removeShort')}
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="myvela-form__footer">
        <button
          type="button"
          className="shell-button shell-button--primary"
          disabled={!dirty || saving || nameError !== null}
          onClick={save}
        >
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
        <button ref={deleteButton} type="button" className="shell-button" onClick={askDelete}>
          {t('editor.delete')}
        </button>
        <p className={`myvela-status myvela-status--${status?.kind ?? 'info'}`} role="status">
          {status?.text ?? ''}
        </p>
      </div>
    </div>
  );
}

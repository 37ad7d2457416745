/**
 * The guest's playlists (spec 2 media library "playlist"): the list with each one's number of
 * videos, a form to create one (a name of 1 to 80 characters), and the editor of the playlist the
 * URL names (`?playlist=<id>`, so a reload comes back to it).
 */
import type { Language } from '@vela/contracts/common';
import { PLAYLIST_NAME_MAX_LENGTH, type PlaylistSummary } from '@vela/contracts/mediathek';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { mediathekApi } from '../api.ts';
import { mediathekErrorText, useMediathekT } from '../hooks/useMediathekT.ts';
import { PlaylistEditor } from './PlaylistEditor.tsx';
import { SectionEmpty, SectionFailed, SectionLoading } from './SectionState.tsx';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; playlists: PlaylistSummary[]; max: number };

export function PlaylistsView({ lang }: { lang: Language }) {
  const t = useMediathekT(lang);
  const [params] = useSearchParams();
  const openId = Number(params.get('playlist')) || null;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [status, setStatus] = useState('');

  const load = useCallback(() => {
    setLoaded({ state: 'loading' });
    mediathekApi.playlists().then(
      (answer) => setLoaded({ state: 'ready', playlists: answer.playlists, max: answer.max }),
      (error: unknown) => setLoaded({ state: 'failed', error }),
    );
  }, []);
  // The list again whenever the editor closes (names, counts or a deletion changed).
  useEffect(() => {
    if (openId === null) load();
  }, [openId, load]);

  if (openId !== null)
    return (
      <PlaylistEditor
        key={openId}
        lang={lang}
        playlistId={openId}
        onDeleted={(name) => setStatus(t('delete.done', { name }))}
      />
    );

  return (
    <div className="mediathek-playlists">
      <h2 className="myvela-card__title">{t('playlists.title')}</h2>
      <p className="myvela-status myvela-status--success" role="status">
        {status}
      </p>
      {loaded.state === 'loading' ? <SectionLoading t={t} /> : null}
      {loaded.state === 'failed' ? (
        <SectionFailed t={t} text={mediathekErrorText(t, loaded.error)} onRetry={load} />
      ) : null}
      {loaded.state === 'ready' ? (
        <>
          <CreatePlaylist
            lang={lang}
            onCreated={(created) => {
              setStatus(t('create.done', { name: created.name }));
              setLoaded({ ...loaded, playlists: [...loaded.playlists, created] });
            }}
          />
          <p className="muted">{t('playlists.count', { count: loaded.playlists.length, max: loaded.max })}</p>
          {loaded.playlists.length === 0 ? (
            <SectionEmpty>
              <p>{t('playlists.empty')}</p>
            </SectionEmpty>
          ) : (
            <ul className="mediathek-playlist-list">
              {loaded.playlists.map((playlist) => (
                <li key={playlist.id} className="myvela-card" data-playlist-id={playlist.id}>
                  <span className="mediathek-playlist-list__name">{playlist.name}</span>
                  <span className="muted">{t('playlist.items', { count: playlist.itemCount })}</span>
                  <Link
                    className="shell-button"
                    to={{ search: `?playlist=${playlist.id}` }}
                    aria-label={t('playlist.edit', { name: playlist.name })}
                  >
                    {t('playlist.editShort')}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}

function CreatePlaylist({
  lang,
  onCreated,
}: {
  lang: Language;
  onCreated: (playlist: PlaylistSummary) => void;
}) {
  const t = useMediathekT(lang);
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('name.empty'));
    if (trimmed.length > PLAYLIST_NAME_MAX_LENGTH)
      return setError(t('name.tooLong', { max: PLAYLIST_NAME_MAX_LENGTH }));
    setBusy(true);
    setError(null);
    try {
      const created = await mediathekApi.createPlaylist(trimmed);
      setName('');
      onCreated(created);
    } catch (failure) {
      setError(mediathekErrorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mediathek-create" onSubmit={submit} noValidate>
      <div className="myvela-field">
        <label htmlFor={inputId}>{t('create.label')}</label>
        <input
          id={inputId}
          value={name}
          maxLength={PLAYLIST_NAME_MAX_LENGTH}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className="shell-button shell-button--primary" disabled={busy}>
        {busy ? t('create.busy') : t('create.button')}
      </button>
      {error ? (
        <p id={errorId} className="myvela-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

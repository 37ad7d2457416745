/** Adds a video the guest may watch in full to one of the guest's playlists (a select and "Add"). */
import type { Language } from '@vela/contracts/common';
import type { PlaylistSummary } from '@vela/contracts/mediathek';
import { useId, useState } from 'react';
import { mediathekApi } from '../api.ts';
import { mediathekErrorText, useMediathekT } from '../hooks/useMediathekT.ts';

export function AddToPlaylist({
  lang,
  videoId,
  title,
  playlists,
  onAdded,
}: {
  lang: Language;
  videoId: number;
  title: string;
  playlists: readonly PlaylistSummary[];
  onAdded: (playlist: PlaylistSummary) => void;
}) {
  const t = useMediathekT(lang);
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  if (playlists.length === 0) return <p className="muted mediathek-hint">{t('addTo.none')}</p>;
  const selected = playlists.find((p) => String(p.id) === chosen) ?? null;

  const add = async () => {
    if (!selected) return;
    setBusy(true);
    setMessage(null);
    try {
      const updated = await mediathekApi.addToPlaylist(selected.id, videoId);
      setMessage({ kind: 'success', text: t('addTo.done', { name: updated.name }) });
      onAdded(updated);
    } catch (error) {
      setMessage({ kind: 'error', text: mediathekErrorText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mediathek-add">
      <label htmlFor={selectId} className="visually-hidden">
        {t('addTo.label', { title })}
      </label>
      <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value="">{t('addTo.choose')}</option>
        {playlists.map((playlist) => (
          <option key={playlist.id} value={playlist.id}>
            {playlist.name}
          </option>
        ))}
      </select>
      <button type="button" className="shell-button" disabled={!selected || busy} onClick={add}>
        {t('addTo.button')}
      </button>
      <p className={`myvela-status myvela-status--${message?.kind ?? 'info'}`} role="status">
        {message?.text ?? ''}
      </p>
    </div>
  );
}

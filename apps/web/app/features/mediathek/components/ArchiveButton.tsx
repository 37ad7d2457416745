/** Archive (spec 3 source "archived") or Restore one item of the media library; the list removes it on success. */
import type { Language } from '@vela/contracts/common';
import type { MediaType } from '@vela/contracts/mediathek';
import { useState } from 'react';
import { mediathekApi } from '../api.ts';
import { mediathekErrorText, useMediathekT } from '../hooks/useMediathekT.ts';

export function ArchiveButton({
  lang,
  mediaType,
  itemId,
  title,
  archived,
  onDone,
}: {
  lang: Language;
  mediaType: MediaType;
  itemId: number;
  title: string;
  /** The item is in the archive: the button restores it. */
  archived: boolean;
  /** Done: what to announce. */
  onDone: (announcement: string) => void;
}) {
  const t = useMediathekT(lang);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      if (archived) await mediathekApi.restore(mediaType, itemId);
      else await mediathekApi.archive(mediaType, itemId);
      onDone(t(archived ? 'restore.done' : 'archive.done', { title }));
    } catch (failure) {
      setError(mediathekErrorText(t, failure));
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="shell-button"
        disabled={busy}
        aria-label={t(archived ? 'restore.label' : 'archive.label', { title })}
        onClick={run}
      >
        {t(archived ? 'restore' : 'archive')}
      </button>
      {error ? (
        <p className="myvela-status myvela-status--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

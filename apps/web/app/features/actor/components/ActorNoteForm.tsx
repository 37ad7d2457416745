/**
 * The logged-in guest's note form of a profile (ActorNote.tsx): it loads with the first logged-in
 * profile, not with a visitor's (bench/first-load-js.ts, decision 0035). Until the note is read it
 * says so, as its lazy slot's placeholder does.
 */
import { ACTOR_NOTE_MAX_LENGTH } from '@vela/contracts/actor-note';
import type { ActorNote as ActorNoteData } from '@vela/contracts/actors';
import type { Language } from '@vela/contracts/common';
import { actorNoteMessages } from '@vela/i18n/messages/actor-note';
import { translator } from '@vela/i18n/translate';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { endpointData } from '../../api/rest.ts';
import { useActorT } from '../useActorT.ts';

/** The note's declarations (with zod) load with the first note call, not with the profile (decision 0035). */
const noteEndpoints = () =>
  import('@vela/contracts/actors').then(({ actorEndpoints }) => ({
    note: actorEndpoints.note,
    storeNote: actorEndpoints.storeNote,
  }));

type Status =
  | { kind: 'loading' }
  | { kind: 'load-error' }
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; deleted: boolean }
  | { kind: 'error' };

export default function NoteForm({
  actorId,
  actorName,
  lang,
}: {
  actorId: number;
  actorName: string;
  lang: Language;
}) {
  const t = useActorT(lang);
  // The form's own texts: their catalogue loads with this lazy chunk (decision 0035).
  const tn = useMemo(() => translator(actorNoteMessages, lang), [lang]);
  const fieldId = useId();
  const hintId = useId();
  const [comment, setComment] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    setStatus({ kind: 'loading' });
    noteEndpoints()
      .then(({ note }) => endpointData(note, { params: { actorId } }))
      .then((note: ActorNoteData) => {
        if (!live) return;
        setComment(note.comment ?? '');
        setStatus({ kind: 'idle' });
      })
      .catch(() => {
        if (live) setStatus({ kind: 'load-error' });
      });
    return () => {
      live = false;
    };
  }, [actorId]);

  const tooLong = comment.length > ACTOR_NOTE_MAX_LENGTH;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (tooLong || status.kind === 'saving') return;
    setStatus({ kind: 'saving' });
    try {
      const { storeNote } = await noteEndpoints();
      const note = await endpointData(storeNote, { body: { actorId, comment } });
      setComment(note.comment ?? '');
      setStatus({ kind: 'saved', deleted: note.comment === null });
    } catch {
      setStatus({ kind: 'error' });
    }
  }

  if (status.kind === 'loading') return <p aria-live="polite">{t('note.loading')}</p>;
  if (status.kind === 'load-error')
    return (
      <p role="alert" className="actor-note__error">
        {tn('note.loadError')}
      </p>
    );
  return (
    <form onSubmit={save} className="actor-note__form" noValidate>
      <label htmlFor={fieldId}>{tn('note.label', { name: actorName })}</label>
      <textarea
        id={fieldId}
        name="comment"
        rows={4}
        value={comment}
        aria-describedby={hintId}
        aria-invalid={tooLong || undefined}
        onChange={(e) => {
          setComment(e.target.value);
          if (status.kind === 'saved' || status.kind === 'error') setStatus({ kind: 'idle' });
        }}
      />
      <p id={hintId} className="page__meta">
        {tooLong
          ? tn('note.tooLong', { length: comment.length, max: ACTOR_NOTE_MAX_LENGTH })
          : tn('note.hint', { max: ACTOR_NOTE_MAX_LENGTH })}
      </p>
      <div className="actor-note__actions">
        <button
          type="submit"
          className="shell-button shell-button--primary"
          disabled={tooLong || status.kind === 'saving'}
        >
          {status.kind === 'saving' ? tn('note.saving') : tn('note.save')}
        </button>
        <span aria-live="polite" className="actor-note__status">
          {status.kind === 'saved' ? (status.deleted ? tn('note.deleted') : tn('note.saved')) : null}
        </span>
      </div>
      {status.kind === 'error' ? (
        <p role="alert" className="actor-note__error">
          {tn('note.error')}
        </p>
      ) : null}
    </form>
  );
}

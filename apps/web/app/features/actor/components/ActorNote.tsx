import type { Language } from '@vela/contracts/common';
import type { OnLoginAction } from '@vela/contracts/payment-messages';
import { lazy, Suspense } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useActorT } from '../useActorT.ts';

/** A logged-in guest's form: its code loads with the first logged-in profile, not with a visitor's. */
const NoteForm = lazy(() => import('./ActorNoteForm.tsx'));

interface ActorNoteProps {
  actorId: number;
  actorName: string;
  actorSlug: string;
  lang: Language;
}

/**
 * The guest's private note on the actor (spec 6: logged-in only; getActorNoteById / storeActorNote).
 * Visitors see a prompt whose button opens the login dialog; after the login the stored action
 * (spec 3 onLoginAction "load actor note") brings them back to this profile.
 */
export function ActorNote({ actorId, actorName, actorSlug, lang }: ActorNoteProps) {
  const t = useActorT(lang);
  const { loggedIn, config, pending } = useViewer();
  return (
    <section aria-labelledby="note-title" className="profile__section actor-note">
      <h2 id="note-title">{t('note.title')}</h2>
      {pending ? (
        // A shared profile still reading its viewer (decision 0033): neither the prompt nor the form.
        <p className="actor-note__placeholder" aria-busy="true" data-note-pending="" />
      ) : loggedIn ? (
        // The form's own first state until its code is there (the same markup, so hydration matches).
        <Suspense fallback={<p aria-live="polite">{t('note.loading')}</p>}>
          <NoteForm actorId={actorId} actorName={actorName} lang={lang} />
        </Suspense>
      ) : (
        <VisitorNotePrompt
          actorId={actorId}
          actorName={actorName}
          actorSlug={actorSlug}
          lang={lang}
          loginEnabled={config.loginEnabled}
        />
      )}
    </section>
  );
}

function VisitorNotePrompt({
  actorId,
  actorName,
  actorSlug,
  lang,
  loginEnabled,
}: ActorNoteProps & { loginEnabled: boolean }) {
  const t = useActorT(lang);
  const dialog = usePaymentDialog();
  const onLoginAction: OnLoginAction = {
    type: 'loadActorNote',
    params: { targetId: actorId, options: { actorName: actorSlug } },
  };
  return (
    <>
      <p>{t('note.visitor', { name: actorName })}</p>
      {loginEnabled ? (
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={() => dialog.open('login', { onLoginAction })}
        >
          {t('note.login')}
        </button>
      ) : null}
    </>
  );
}

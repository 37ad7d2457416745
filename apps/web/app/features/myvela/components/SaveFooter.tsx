import type { MyVelaT } from '../hooks/useMyVelaT.ts';
import { FormStatus, type StatusMessage } from './FormStatus.tsx';
import { SaveButton } from './SaveButton.tsx';

/** The foot of a settings form: the save button and the form's status line (`statusId`). */
export function SaveFooter({
  t,
  saving,
  status,
  statusId,
}: {
  t: MyVelaT;
  saving: boolean;
  status: StatusMessage;
  statusId: string;
}) {
  return (
    <div className="myvela-form__footer">
      <SaveButton saving={saving} label={t('form.save')} savingLabel={t('form.saving')} />
      <FormStatus id={statusId} status={status} />
    </div>
  );
}

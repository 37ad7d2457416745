import { AVS_DOCUMENT_TYPES, type AvsState } from '@vela/contracts/guest-api';
import { useCallback, useEffect, useState } from 'react';
import { checkAvsForm } from '../avs-check.ts';
import { DialogForm } from '../components/DialogForm.tsx';
import { SelectField, TextField } from '../components/Field.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { useForm } from '../components/useForm.ts';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { errorText } from '../errors.ts';
import { WaitView } from './WaitView.tsx';

/** While the request is pending, the status is asked for again every 3 s (only while the dialog is open). */
export const AVS_POLL_MS = 3000;

type DocumentType = (typeof AVS_DOCUMENT_TYPES)[number];

/**
 * View `avs` (spec 4): unknown or rejected (with the server's message, spec 8) -> the form; pending
 * -> "being checked", polling; accepted -> success, Continue posts `success` flow avs.
 */
export function AvsView() {
  const { t, api, guest, setGuest } = useDialog();
  const [state, setState] = useState<AvsState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const next = await api.avsStatus();
    setState(next);
    return next;
  }, [api]);

  useEffect(() => {
    refresh().catch((error) => setLoadError(errorText(t, error)));
  }, [refresh, t]);

  useEffect(() => {
    if (state?.avsStatus !== 'pending') return;
    let inFlight = false;
    const timer = setInterval(() => {
      if (inFlight) return;
      inFlight = true;
      refresh()
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
        });
    }, AVS_POLL_MS);
    return () => clearInterval(timer);
  }, [state?.avsStatus, refresh]);

  useEffect(() => {
    if (state && guest && guest.avsStatus !== state.avsStatus) {
      setGuest({
        ...guest,
        avsStatus: state.avsStatus,
        avsRejectMessage: state.avsRejectMessage,
        hasAvs: state.avsStatus === 'accepted',
      });
    }
  }, [state, guest, setGuest]);

  if (loadError) {
    return (
      <ViewRoot view="avs" title={t('avsTitle')}>
        <FormAlert message={loadError} />
      </ViewRoot>
    );
  }
  if (!state) return <WaitView label={t('loading')} />;
  if (state.avsStatus === 'pending') return <AvsPending />;
  if (state.avsStatus === 'accepted') return <AvsAccepted />;
  return <AvsForm state={state} onSubmitted={setState} refresh={refresh} />;
}

function AvsPending() {
  const { t } = useDialog();
  return (
    <ViewRoot view="avs" screen="pending" title={t('avsPendingTitle')}>
      <div className="spinner small" aria-hidden="true" />
      <p role="status">{t('avsPending')}</p>
    </ViewRoot>
  );
}

function AvsAccepted() {
  const { t, succeed } = useDialog();
  return (
    <ViewRoot view="avs" screen="accepted" title={t('avsAcceptedTitle')}>
      <p role="status">{t('avsAccepted')}</p>
      <button type="button" className="primary" onClick={() => succeed('avs')}>
        {t('continue')}
      </button>
    </ViewRoot>
  );
}

function AvsForm({
  state,
  onSubmitted,
  refresh,
}: {
  state: AvsState;
  onSubmitted: (state: AvsState) => void;
  refresh: () => Promise<AvsState>;
}) {
  const { t, api } = useDialog();
  const [fullName, setFullName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [documentType, setDocumentType] = useState<DocumentType>('id-card');
  const [documentNumber, setDocumentNumber] = useState('');
  const form = useForm(['fullName', 'birthDate', 'documentNumber'] as const);

  const onSubmit = form.submit(
    () => {
      const problems = checkAvsForm({ fullName, birthDate, documentNumber }, new Date());
      return {
        fullName: problems.fullName && t(problems.fullName),
        birthDate: problems.birthDate && t(problems.birthDate),
        documentNumber: problems.documentNumber && t(problems.documentNumber),
      };
    },
    async () => {
      await api.avsRequest({
        fullName: fullName.trim(),
        birthDate,
        documentType,
        documentNumber: documentNumber.trim(),
      });
      const next = await refresh().catch(() => ({ avsStatus: 'pending' as const, avsRejectMessage: null }));
      onSubmitted(next);
    },
  );

  const docLabel: Record<DocumentType, string> = {
    'id-card': t('docIdCard'),
    passport: t('docPassport'),
    'driving-licence': t('docDrivingLicence'),
  };
  return (
    <ViewRoot view="avs" screen="form" title={t('avsTitle')}>
      {state.avsStatus === 'rejected' ? (
        <p className="notice" role="alert" data-avs-rejected="">
          {state.avsRejectMessage
            ? t('avsRejected', { message: state.avsRejectMessage })
            : t('avsRejectedNoReason')}
        </p>
      ) : null}
      <p className="intro">{t('avsIntro')}</p>
      <DialogForm form={form} onSubmit={onSubmit} submitLabel={t('avsSubmit')}>
        <TextField
          name="fullName"
          label={t('fullName')}
          value={fullName}
          onChange={setFullName}
          error={form.errors.fullName}
          autoComplete="name"
          maxLength={120}
        />
        <TextField
          name="birthDate"
          type="date"
          label={t('birthDate')}
          value={birthDate}
          onChange={setBirthDate}
          error={form.errors.birthDate}
          autoComplete="bday"
        />
        <SelectField
          name="documentType"
          label={t('documentType')}
          value={documentType}
          onChange={(value) => setDocumentType(value as DocumentType)}
          options={AVS_DOCUMENT_TYPES.map((value) => ({ value, label: docLabel[value] }))}
        />
        <TextField
          name="documentNumber"
          label={t('documentNumber')}
          value={documentNumber}
          onChange={setDocumentNumber}
          error={form.errors.documentNumber}
          hint={t('documentNumberHint')}
          autoComplete="off"
          maxLength={30}
        />
      </DialogForm>
    </ViewRoot>
  );
}

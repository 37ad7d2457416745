import { AVS_DOCUMENT_TYPES, type AvsState } from '@vela/contracts/guest-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkAvsForm } from '../avs-check.ts';
import { DialogForm } from '../components/DialogForm.tsx';
import { SelectField, TextField } from '../components/Field.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { ProviderFrame, withLanguage } from '../components/ProviderFrame.tsx';
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
  if (state.avsStatus === 'pending') return <AvsPending refresh={refresh} />;
  if (state.avsStatus === 'accepted') return <AvsAccepted />;
  return <AvsForm state={state} onSubmitted={setState} refresh={refresh} />;
}

/**
 * Pending. With the sandbox provider its decision page opens here (issue 14: the demo's newcomer
 * decides their own request, as with the sandbox bank's 3-D Secure page); its "done" message
 * (postMessage from that page, in this frame) reads the status at once, the poll does it anyway.
 */
function AvsPending({ refresh }: { refresh: () => Promise<AvsState> }) {
  const { t, lang, api } = useDialog();
  const [sandboxUrl, setSandboxUrl] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    let live = true;
    api
      .avsSandboxLink()
      .then((url) => {
        if (live) setSandboxUrl(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  const src = sandboxUrl ? withLanguage(sandboxUrl, lang) : null;
  useEffect(() => {
    if (!src) return;
    const origin = new URL(src).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type !== 'sandboxAvsDone') return;
      void refresh().catch(() => undefined);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src, refresh]);

  return (
    <ViewRoot view="avs" screen="pending" title={t('avsPendingTitle')}>
      {src ? (
        <>
          <p className="intro">{t('avsSandboxIntro')}</p>
          <ProviderFrame
            src={src}
            title={t('avsSandboxFrame')}
            waiting={t('avsPending')}
            newWindow={t('avsSandboxNewWindow')}
            className="bank-frame avs-frame"
            frameRef={frame}
            frameData={{ 'data-avs-sandbox-frame': '' }}
          />
        </>
      ) : (
        <>
          <div className="spinner small" aria-hidden="true" />
          <p role="status">{t('avsPending')}</p>
        </>
      )}
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
          {...form.field('fullName', fullName, setFullName)}
          label={t('fullName')}
          autoComplete="name"
          maxLength={120}
        />
        <TextField
          {...form.field('birthDate', birthDate, setBirthDate)}
          type="date"
          label={t('birthDate')}
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
          {...form.field('documentNumber', documentNumber, setDocumentNumber)}
          label={t('documentNumber')}
          hint={t('documentNumberHint')}
          autoComplete="off"
          maxLength={30}
        />
      </DialogForm>
    </ViewRoot>
  );
}

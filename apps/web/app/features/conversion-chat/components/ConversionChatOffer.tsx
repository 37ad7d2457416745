/**
 * The conversion chat offer on /free-chat/ (decision 0047): "Start my free trial" enables the guest's
 * countdown (spec 7 `guest/conversionChat` enable) and opens the `conversion-chat` modal; while a
 * countdown runs, the button opens the modal again. A refusal (trial used, paid meanwhile) is said in
 * words.
 */
import { CONVERSION_CHAT_COUNTDOWN_MS, isCountdownRunning } from '@vela/domain/conversion-chat';
import { useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useModals } from '../../modals/state/ModalProvider.tsx';
import { codeOf, setConversionChat } from '../api/conversionChatApi.ts';
import { pageCountdownEndsOr, setPageCountdownEnds } from '../state/conversionChatState.ts';
import { errorText, useConversionChatT } from '../useConversionChatT.ts';
import '../conversion-chat.css';

export default function ConversionChatOffer() {
  const { lang } = useShell();
  const t = useConversionChatT(lang);
  const { viewer } = useViewer();
  const { open } = useModals();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    if (isCountdownRunning(pageCountdownEndsOr(viewer?.conversionChatCountdownEnds), Date.now())) {
      open('conversion-chat', { lockScroll: true });
      return;
    }
    setBusy(true);
    try {
      setPageCountdownEnds(await setConversionChat('enable'));
      open('conversion-chat', { lockScroll: true });
    } catch (failure) {
      setError(errorText(t, codeOf(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="conversion-offer" aria-labelledby="conversion-offer-title" data-conversion-offer="">
      <h2 id="conversion-offer-title" className="conversion-offer__title">
        {t('offerTitle')}
      </h2>
      <p>{t('offerText', { minutes: CONVERSION_CHAT_COUNTDOWN_MS / 60_000 })}</p>
      <button type="button" className="shell-button shell-button--primary" disabled={busy} onClick={start}>
        {busy ? t('offerBusy') : t('offerStart')}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}

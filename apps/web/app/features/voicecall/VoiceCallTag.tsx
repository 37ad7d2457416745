/**
 * The price line of a voice call's video (issue 18, decision 0051): no price per minute and no cost
 * meter — the phone bill pays (a `voice-call` session is priced 0 per minute in the live engine).
 */
import type { Language } from '@vela/contracts/common';
import { voiceCallMessages } from '@vela/i18n/messages/voicecall';
import { translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export function VoiceCallTag({ lang }: { lang: Language }) {
  const t = useMemo(() => translator(voiceCallMessages, lang), [lang]);
  return (
    <p className="live-price" data-live-voice-call="">
      {t('paidByPhone')}
    </p>
  );
}

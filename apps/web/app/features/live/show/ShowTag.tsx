/**
 * The price line of a running ticket show (issue 18): no price per minute and no cost meter, the
 * ticket paid for it (a `ticket-show` session is priced 0 per minute).
 */
import type { Language } from '@vela/contracts/common';
import { ticketShowMessages } from '@vela/i18n/messages/ticket-show';
import { translator } from '@vela/i18n/translate';
import { useMemo } from 'react';

export function ShowTag({ lang }: { lang: Language }) {
  const t = useMemo(() => translator(ticketShowMessages, lang), [lang]);
  return (
    <p className="live-price" data-live-ticket-show="">
      {t('tag')}
    </p>
  );
}

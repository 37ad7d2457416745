import type { Language } from '@vela/contracts/common';
import { localeOf } from '@vela/i18n/translate';

const formats = new Map<Language, Intl.DateTimeFormat>();

/** A date and time in Europe/Berlin (cam show start/end), e.g. "22 Nov 2026, 20:00". */
export function formatBerlinDateTime(iso: string, lang: Language): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    });
    formats.set(lang, format);
  }
  return format.format(new Date(iso));
}

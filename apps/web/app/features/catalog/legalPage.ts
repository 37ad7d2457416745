import type { LegalTextType, WebLoadContext } from '@vela/contracts/pages';
import { pagesMessages } from '@vela/i18n/messages/pages';
import { translator } from '@vela/i18n/translate';
import { data } from 'react-router';
import { alternatesFor } from '../i18n/alternates.ts';
import { requireLanguage } from '../i18n/requireLanguage.ts';
import { pageHead } from '../seo/pageHead.ts';

const PAGES = {
  GTC: { route: 'TermsOfService', title: 'legal.terms' },
  PP: { route: 'DataProtection', title: 'legal.dataProtection' },
} as const;

/** Loader of a legal text page (spec 3 legal text GTC / PP); 404 when no text exists at all. */
export async function loadLegalPage(request: Request, context: WebLoadContext, type: 'GTC' | 'PP') {
  const lang = requireLanguage(request);
  const text = await context.services.legalText(lang, type satisfies LegalTextType);
  if (!text) throw data(null, { status: 404 });
  const t = translator(pagesMessages, lang);
  const { route, title: titleKey } = PAGES[type];
  const title = t(titleKey);
  const alternates = alternatesFor(route);
  const head = pageHead(context.config, {
    lang,
    fallbackTitle: title,
    fallbackDescription: `${title}, ${t('legal.version', { version: text.version })}`,
    alternates,
  });
  return { lang, alternates, head, title, text };
}

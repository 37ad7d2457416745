/**
 * The page the unsubscribe link of a newsletter mail opens (newsletter.routes.ts): plain
 * server-rendered HTML in one language, every value escaped, no script, no external resource, not
 * indexed. Its links go to the home page and the profile page (where the newsletters are chosen)
 * of the same language; the page sends no Referer (privateResponses), so the token never leaves.
 */
import type { Language } from '@vela/contracts/common';
import { newsletterMessages } from '@vela/i18n/messages/newsletter';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { escapeHtml } from '../mail/mail.templates.ts';
import { newsletterNames, type UnsubscribeOutcome } from './newsletter.service.ts';
import { UNSUBSCRIBE_TOKEN_TTL_SECONDS } from './newsletter-token.ts';

const DAY_SECONDS = 24 * 60 * 60;

export function renderUnsubscribePage(lang: Language, brand: string, outcome: UnsubscribeOutcome): string {
  const t = translator(newsletterMessages, lang);
  const profilePath = pathFor('MyVela/Profile', lang);
  const profile = `<a href="${escapeHtml(profilePath)}">${escapeHtml(profilePath)}</a>`;
  // Texts are escaped, then the one link is put in (a brand or name never becomes markup).
  const withProfile = (text: string) => escapeHtml(text).replace('\u0000profile\u0000', profile);
  const values = { brand, profile: '\u0000profile\u0000' };
  let title: string;
  let paragraphs: string[];
  if (outcome.ok) {
    title = t('unsubscribedTitle');
    paragraphs = [
      escapeHtml(
        t('unsubscribed', {
          count: outcome.unsubscribed.length,
          names: newsletterNames(outcome.unsubscribed, lang),
          brand,
        }),
      ),
      withProfile(t('resubscribe', values)),
    ];
  } else if (outcome.reason === 'expired') {
    title = t('expiredTitle');
    paragraphs = [
      withProfile(t('expired', { ...values, days: UNSUBSCRIBE_TOKEN_TTL_SECONDS / DAY_SECONDS })),
    ];
  } else {
    title = t('invalidTitle');
    paragraphs = [withProfile(t('invalid', values))];
  }
  const home = pathFor('Home', lang);
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(`${title} – ${brand}`)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:0 auto;padding:24px;line-height:1.5">
<main data-outcome="${outcome.ok ? 'unsubscribed' : outcome.reason}">
<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>
${paragraphs.map((text) => `<p>${text}</p>`).join('\n')}
<p><a href="${escapeHtml(home)}">${escapeHtml(t('home', { brand }))}</a></p>
</main>
</body>
</html>
`;
}

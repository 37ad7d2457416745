/**
 * Loader data of the /<lang>/vipclub/ page: language, alternates, head (public and indexable; the
 * guest's own data is read client side with the cookie) and the viewer of this request.
 */
import type { WebLoadContext } from '@vela/contracts/pages';
import { vipclubMessages } from '@vela/i18n/messages/vipclub';
import { translator } from '@vela/i18n/translate';
import { alternatesFor } from '../i18n/alternates.ts';
import { requireLanguage } from '../i18n/requireLanguage.ts';
import { pageHead } from '../seo/pageHead.ts';

export function loadVipClubPage(request: Request, context: WebLoadContext) {
  const lang = requireLanguage(request);
  const t = translator(vipclubMessages, lang);
  const brand = context.config.brandName;
  const alternates = alternatesFor('VipClub');
  const head = pageHead(context.config, {
    lang,
    fallbackTitle: t('meta.title'),
    fallbackDescription: t('meta.description', { brand }),
    alternates,
  });
  return {
    lang,
    alternates,
    head,
    viewer: context.viewer,
    loginEnabled: context.config.loginEnabled,
  };
}

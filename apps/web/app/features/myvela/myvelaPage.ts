/**
 * Loader data of the guest-area pages: language, alternates, a noindex head (private pages) and
 * the viewer of this request (null for a visitor, who gets the login prompt with status 200).
 */
import type { Language } from '@vela/contracts/common';
import type { WebLoadContext } from '@vela/contracts/pages';
import { myvelaMessages } from '@vela/i18n/messages/myvela';
import { translator } from '@vela/i18n/translate';
import { type Alternates, alternatesFor } from '../i18n/alternates.ts';
import { requireLanguage } from '../i18n/requireLanguage.ts';
import { pageHead } from '../seo/pageHead.ts';

const PAGES = {
  MyVela: { title: 'meta.rootTitle', description: 'meta.rootDescription' },
  'MyVela/Profile': { title: 'meta.profileTitle', description: 'meta.profileDescription' },
  'MyVela/FavoriteCams': { title: 'root.favoriteCams', description: 'meta.favoriteCamsDescription' },
} as const;

export type MyVelaRoute = keyof typeof PAGES;

export function loadMyVelaPage(request: Request, context: WebLoadContext, route: MyVelaRoute) {
  const lang = requireLanguage(request);
  const t = translator(myvelaMessages, lang);
  const brand = context.config.brandName;
  return guestAreaPage(context, lang, alternatesFor(route), {
    title: t(PAGES[route].title, { brand }),
    description: t(PAGES[route].description),
  });
}

/**
 * The loader data every guest-area page shares (the media library's pages too): a noindex head with
 * the page's own title and description, its alternates and this request's viewer.
 */
export function guestAreaPage(
  context: WebLoadContext,
  lang: Language,
  alternates: Alternates,
  texts: { title: string; description: string },
) {
  const head = pageHead(context.config, {
    lang,
    fallbackTitle: texts.title,
    fallbackDescription: texts.description,
    alternates,
    noindex: true,
  });
  return {
    lang,
    alternates,
    head,
    brand: context.config.brandName,
    path: alternates[lang],
    viewer: context.viewer,
    loginEnabled: context.config.loginEnabled,
  };
}

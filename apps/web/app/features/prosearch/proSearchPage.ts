/**
 * Loader data of /<lang>/cams/pro-search/ (issue 5 deliverable 5): the filter options, the viewer's
 * saved filter (defaults for visitors) and the first page of results, so the list renders on the
 * server; the map is drawn in the browser only.
 */
import type { WebLoadContext } from '@vela/contracts/pages';
import type { ActorSearchResult } from '@vela/contracts/prosearch';
import { prosearchMessages } from '@vela/i18n/messages/prosearch';
import { translator } from '@vela/i18n/translate';
import { alternatesFor } from '../i18n/alternates.ts';
import { requireLanguage } from '../i18n/requireLanguage.ts';
import { pageHead } from '../seo/pageHead.ts';

export async function loadProSearchPage(request: Request, context: WebLoadContext) {
  const lang = requireLanguage(request);
  const t = translator(prosearchMessages, lang);
  const alternates = alternatesFor('Cams/ProSearch');
  const head = pageHead(context.config, {
    lang,
    fallbackTitle: t('meta.title'),
    fallbackDescription: t('meta.description', { brand: context.config.brandName }),
    alternates,
  });
  const guestId = context.viewer ? Number(context.viewer.id) : null;
  const init = await context.services.proSearchInit(lang, guestId);
  let result: ActorSearchResult | null = null;
  try {
    result = await context.services.proSearch(lang, init.filter, 0);
  } catch {
    // A saved filter that no longer answers (e.g. a removed category): the form shows it, no list yet.
    result = null;
  }
  return {
    lang,
    alternates,
    head,
    init,
    result,
    loggedIn: guestId !== null,
    map: { tileUrl: context.config.mapTileUrl, attribution: context.config.mapTileAttribution },
  };
}

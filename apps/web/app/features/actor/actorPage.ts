/**
 * The loader part every actor profile tab shares: language, the lower-cased name (spec 5: a
 * mixed-case name 301-redirects to the same tab lower-cased), 404 for an unknown actor (or tag
 * group), 451 for a guest from one of the actor's banned countries (spec 6; the country comes
 * from the edge header via the load context), and the page head from the SEO text.
 */
import type { ActorHeader, ActorPageResult } from '@vela/contracts/actors';
import type { Language } from '@vela/contracts/common';
import type { SeoText, WebLoadContext } from '@vela/contracts/pages';
import { actorMessages } from '@vela/i18n/messages/actor';
import { pathFor, type RouteParams } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { data, redirect } from 'react-router';
import { alternatesFor } from '../i18n/alternates.ts';
import { requireLanguage } from '../i18n/requireLanguage.ts';
import { pageHead } from '../seo/pageHead.ts';
import type { ActorT } from './useActorT.ts';

/** The status a blocked guest gets (451 Unavailable For Legal Reasons). */
export const BLOCKED_STATUS = 451;

export type ActorRouteName =
  | 'Actor'
  | 'Actor/AboutMe'
  | 'Actor/Videos'
  | 'Actor/Videos/Classic'
  | 'Actor/Videos/Tag'
  | 'Actor/LiveShow'
  | 'Actor/TopCams';

interface LoadArgs {
  request: Request;
  params: { actorName?: string };
  context: WebLoadContext;
}

export interface ActorTabInput<T> {
  route: ActorRouteName;
  /** Route params besides the actor name (the tag group). */
  extraParams?: RouteParams;
  /** Query string kept on redirects and alternates (e.g. `?page=2`). */
  search?: string;
  load(lang: Language, actorName: string, country: string | null): Promise<ActorPageResult<T>>;
  /** The document title when the SEO text has none. */
  fallbackTitle(t: ActorT, header: ActorHeader): string;
}

export async function loadActorTab<T>({ request, params, context }: LoadArgs, input: ActorTabInput<T>) {
  const lang = requireLanguage(request);
  const url = new URL(request.url);
  const name = params.actorName ?? '';
  const lower = name.toLowerCase();
  if (name !== lower) {
    throw redirect(
      `${pathFor(input.route, lang, { ...input.extraParams, actorName: lower })}${url.search}`,
      301,
    );
  }
  const result = await input.load(lang, lower, context.country ?? null);
  if (!result) throw data(null, { status: 404 });
  if (result.status === 'blocked') throw data({ blocked: true }, { status: BLOCKED_STATUS });
  const { header, seo } = result;
  const t = translator(actorMessages, lang);
  const alternates = alternatesFor(
    input.route,
    () => ({ ...input.extraParams, actorName: header.slug }),
    input.search ?? '',
  );
  const head = pageHead(context.config, {
    lang,
    seoTitle: seo.seoTitle,
    fallbackTitle: input.fallbackTitle(t, header),
    seoDescription: seo.seoDescription,
    fallbackDescription: seo.freeText || header.name,
    alternates,
    ogType: 'profile',
    image: header.avatar,
  });
  return { lang, alternates, head, header, seo: seo as SeoText, data: result.data };
}

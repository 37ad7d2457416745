/**
 * Loader data of the media library pages (spec 2 /my{product}/mediathek/ ...): language, alternates,
 * a noindex head (a private page), the viewer (null for a visitor, who gets the login prompt), and
 * the section of the URL. An unknown section is a 404.
 */
import type { Language } from '@vela/contracts/common';
import {
  MEDIATHEK_PHOTO_SECTIONS,
  MEDIATHEK_VIDEO_SECTIONS,
  type MediathekPhotoSection,
  type MediathekVideoSection,
} from '@vela/contracts/mediathek';
import type { WebLoadContext } from '@vela/contracts/pages';
import { mediathekMessages } from '@vela/i18n/messages/mediathek';
import type { RouteName } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { alternatesFor } from '../i18n/alternates.ts';
import { requireLanguage } from '../i18n/requireLanguage.ts';
import { guestAreaPage } from '../myvela/myvelaPage.ts';

export type MediathekArea =
  | { kind: 'videos'; section: MediathekVideoSection }
  | { kind: 'photos'; section: MediathekPhotoSection }
  | { kind: 'audio' };

/** The route of an area (the videos' shop is the media library's root). */
export function routeOfArea(area: MediathekArea): { name: RouteName; params: Record<string, string> } {
  if (area.kind === 'audio') return { name: 'MyVela/Mediathek/Audio', params: {} };
  if (area.kind === 'photos')
    return area.section === 'shop'
      ? { name: 'MyVela/Mediathek/Photos', params: {} }
      : { name: 'MyVela/Mediathek/Photos/Section', params: { section: area.section } };
  return area.section === 'shop'
    ? { name: 'MyVela/Mediathek', params: {} }
    : { name: 'MyVela/Mediathek/Videos', params: { section: area.section } };
}

function notFound(): never {
  throw new Response('Not Found', { status: 404 });
}

/** The area a URL names: `kind` from the route module, the section from its parameter (default shop). */
export function areaOf(kind: MediathekArea['kind'], section: string | undefined): MediathekArea {
  if (kind === 'audio') return { kind };
  const value = section ?? 'shop';
  if (kind === 'videos') {
    if (!(MEDIATHEK_VIDEO_SECTIONS as readonly string[]).includes(value)) notFound();
    return { kind, section: value as MediathekVideoSection };
  }
  if (!(MEDIATHEK_PHOTO_SECTIONS as readonly string[]).includes(value)) notFound();
  return { kind, section: value as MediathekPhotoSection };
}

export function loadMediathekPage(
  request: Request,
  context: WebLoadContext,
  kind: MediathekArea['kind'],
  section: string | undefined,
) {
  const lang: Language = requireLanguage(request);
  const area = areaOf(kind, section);
  const t = translator(mediathekMessages, lang);
  const route = routeOfArea(area);
  const texts = {
    title: t('meta.title', { brand: context.config.brandName }),
    description: t('meta.description'),
  };
  return {
    ...guestAreaPage(
      context,
      lang,
      alternatesFor(route.name, () => route.params),
      texts,
    ),
    area,
  };
}

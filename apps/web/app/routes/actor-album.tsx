import { galleryMessages } from '@vela/i18n/messages/gallery';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { data, redirect } from 'react-router';
import { actorErrorMeta } from '../features/actor/actorMeta.ts';
import { BLOCKED_STATUS } from '../features/actor/actorPage.ts';
import { ActorErrorBoundary } from '../features/actor/components/ActorErrorBoundary.tsx';
import { AlbumPage } from '../features/gallery/components/AlbumPage.tsx';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import '../features/gallery/gallery.css';
import type { Route } from './+types/actor-album';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const url = new URL(request.url);
  const name = params.actorName;
  const rawId = params.albumId;
  if (!/^[1-9]\d{0,9}$/.test(rawId) || Number(rawId) > 2_147_483_647) throw data(null, { status: 404 });
  const albumId = Number(rawId);
  // Spec 5: the actor name is lower-cased in URLs.
  const lower = name.toLowerCase();
  if (name !== lower)
    throw redirect(
      `${pathFor('Actor/Pictures', lang, { actorName: lower, albumId: rawId })}${url.search}`,
      301,
    );
  const guestId = context.viewer ? Number(context.viewer.id) : null;
  const page = await context.services.albumPage(lang, name, albumId, guestId, context.country ?? null);
  // Unknown album, or an album of another actor.
  if (!page) throw data(null, { status: 404 });
  // A guest from one of the actor's banned countries (spec 6): the profile's 451 page.
  if ('blocked' in page) throw data(null, { status: BLOCKED_STATUS });
  const t = translator(galleryMessages, lang);
  const alternates = alternatesFor('Actor/Pictures', () => ({ actorName: page.actor.slug, albumId: rawId }));
  const head = pageHead(context.config, {
    lang,
    fallbackTitle: t('meta.title', { title: page.album.title, name: page.actor.name }),
    fallbackDescription: t('meta.description', {
      title: page.album.title,
      name: page.actor.name,
      count: page.album.pictureCount,
    }),
    alternates,
    image: page.actor.avatar,
  });
  return { lang, alternates, head, page };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : actorErrorMeta(matches, error);
}

export function ErrorBoundary() {
  return <ActorErrorBoundary />;
}

/** /<lang>/amateur/:actorName/pictures/:albumId/ (spec 2): one photo album of an actor. */
export default function ActorAlbumRoute({ loaderData }: Route.ComponentProps) {
  const { lang, page } = loaderData;
  // Keyed by album: moving to another album starts with fresh state.
  return <AlbumPage key={page.album.id} lang={lang} data={page} />;
}

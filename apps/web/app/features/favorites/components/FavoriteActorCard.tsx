import type { Language } from '@vela/contracts/common';
import type { FavoriteActor } from '@vela/contracts/socket';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import type { FavoritesT } from '../hooks/useFavoritesT.ts';

/** A favorite performer's picture, name and online state, linking to her profile. */
export function FavoriteActorCard({
  actor,
  lang,
  t,
}: {
  actor: FavoriteActor;
  lang: Language;
  t: FavoritesT;
}) {
  return (
    <Link
      to={pathFor('Actor', lang, { actorName: actor.name.toLowerCase() })}
      className="favorite-cams__link"
      aria-label={`${t('profile', { name: actor.name })}, ${actor.isOnline ? t('statusOnline') : t('statusOffline')}`}
    >
      <span className="favorite-cams__picture">
        <Picture image={actor.avatar} alt="" sizes="(min-width: 768px) 200px, 50vw" />
      </span>
      <span className="favorite-cams__name">{actor.name}</span>
      <span className={actor.isOnline ? 'status status--online' : 'status'} aria-hidden="true">
        {actor.isOnline ? t('statusOnline') : t('statusOffline')}
      </span>
    </Link>
  );
}

/**
 * The favorite models block (spec 4 "Favorites", spec 9: 50): asked over the socket when shown and
 * again after a pin elsewhere or a reconnect; online/offline events move a model and update the
 * online count at once, without a reload.
 */
import type { Language } from '@vela/contracts/common';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { useLiveT } from '../../notifications/hooks/useLiveT.ts';
import { useFavoriteActorsList } from '../hooks/useFavoriteActorsList.ts';

export function FavoriteActorsBlock({ lang }: { lang: Language }) {
  const t = useLiveT(lang);
  const { actors, online, total, offline } = useFavoriteActorsList();
  return (
    <section className="myvela-card favorites" aria-labelledby="favorites-title" data-favorites>
      <h2 id="favorites-title" className="myvela-card__title">
        {t('favoritesTitle')}{' '}
        {actors && actors.length > 0 ? (
          <span className="badge badge--online" data-favorites-online={online}>
            {t('favoritesOnline', { online, total })}
          </span>
        ) : null}
      </h2>
      {actors === null ? (
        <p className="muted" role="status">
          {offline ? t('notificationsOffline') : t('favoritesLoading')}
        </p>
      ) : actors.length === 0 ? (
        <p className="muted">{t('favoritesEmpty')}</p>
      ) : (
        <ul className="favorites__list">
          {actors.map((actor) => (
            <li
              key={actor.id}
              className="favorites__item"
              data-favorite-actor={actor.id}
              data-online={actor.isOnline}
            >
              <Link
                to={pathFor('Actor', lang, { actorName: actor.name.toLowerCase() })}
                className="favorites__link"
              >
                <span className="favorites__avatar">
                  <Picture image={actor.avatar} alt="" sizes="64px" />
                </span>
                <span className="favorites__name">{actor.name}</span>
                <span className={actor.isOnline ? 'status status--online' : 'status'}>
                  {actor.isOnline ? t('online') : t('offline')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The guest's favorite cams (spec 2 /my{product}/favorite-cams/, spec 4 "Favorites"): the pinned
 * performers (50, online first, spec 9) with their online state, how many of them are online, and a
 * button to remove each; online/offline events and pins of other tabs update the page at once
 * (favoritesStore). On a phone the list shows 10 at a time (spec 9 mobile favorite actors per page).
 */
import type { Language } from '@vela/contracts/common';
import type { FavoriteActor } from '@vela/contracts/socket';
import { pathFor } from '@vela/i18n/routes';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useFavoriteActorsList } from '../hooks/useFavoriteActorsList.ts';
import { type FavoritesT, useFavoritesT } from '../hooks/useFavoritesT.ts';
import { FavoriteActorCard } from './FavoriteActorCard.tsx';
import { usePin } from './PinButton.tsx';

/** Spec 9: mobile favorite actors per page. */
export const MOBILE_FAVORITES_PER_PAGE = 10;
const MOBILE_QUERY = '(max-width: 767px)';

function useIsPhone(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.(MOBILE_QUERY);
    if (!query) return;
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return phone;
}

function FavoriteCam({ actor, lang, t }: { actor: FavoriteActor; lang: Language; t: FavoritesT }) {
  const { busy, failed, change } = usePin('actor', actor.id);
  return (
    <li className="favorite-cams__item" data-favorite-cam={actor.id} data-online={actor.isOnline}>
      <FavoriteActorCard actor={actor} lang={lang} t={t} />
      <button
        type="button"
        className="shell-button favorite-cams__remove"
        aria-label={t('remove', { name: actor.name })}
        aria-busy={busy}
        disabled={busy}
        onClick={() => void change(false)}
        data-unpin-actor={actor.id}
      >
        {t('removeShort')}
      </button>
      {failed ? (
        <span className="form-error" role="alert">
          {t('pinFailed')}
        </span>
      ) : null}
    </li>
  );
}

export function FavoriteCams({ lang }: { lang: Language }) {
  const t = useFavoritesT(lang);
  const { actors, online, total, offline } = useFavoriteActorsList();
  const phone = useIsPhone();
  const [pages, setPages] = useState(1);

  if (actors === null) {
    return (
      <p className="muted" role="status" data-favorite-cams="loading">
        {offline ? t('offline') : t('loading')}
      </p>
    );
  }
  if (actors.length === 0) {
    const cams = pathFor('Cams', lang);
    return (
      <section className="myvela-card favorite-cams__empty" data-favorite-cams="empty">
        <p>{t('empty')}</p>
        <p>
          <Link to={cams} className="button">
            {t('emptyLink')}
          </Link>
        </p>
      </section>
    );
  }
  const shown = phone ? actors.slice(0, pages * MOBILE_FAVORITES_PER_PAGE) : actors;
  return (
    <section aria-labelledby="favorite-cams-list-title" data-favorite-cams="list">
      <div className="favorite-cams__summary">
        <h2 id="favorite-cams-list-title" className="visually-hidden">
          {t('h1')}
        </h2>
        <span className="badge badge--online" role="status" data-favorites-online={online}>
          {t('online', { online, total })}
        </span>
        {total > actors.length ? (
          <span className="muted">{t('listCapped', { shown: actors.length })}</span>
        ) : null}
      </div>
      <ul className="favorite-cams__list">
        {shown.map((actor) => (
          <FavoriteCam key={actor.id} actor={actor} lang={lang} t={t} />
        ))}
      </ul>
      {shown.length < actors.length ? (
        <p className="favorite-cams__more">
          <button type="button" className="button" onClick={() => setPages((n) => n + 1)}>
            {t('showMore')}
          </button>
        </p>
      ) : null}
    </section>
  );
}

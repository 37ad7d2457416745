/**
 * The home timeline's "favorite" block (spec 2): a logged-in guest's favorite performers, online
 * first, at the top of home. Home is one render shared by every guest (decision 0033): this block is
 * the guest's part, loaded after hydration only for a logged-in guest (home.tsx imports it lazily)
 * and filled over the socket (favoriteRequestActors; presence events keep it current). Nothing shows
 * for a guest without pins, nor while the list is on its way. Home shows the first
 * HOME_FAVORITES of them (spec 2 names no number; the block's heading and "All favorites" lead to
 * the favorite cams page with all 50).
 */
import type { Language } from '@vela/contracts/common';
import { Link } from 'react-router';
import { HomeBlock } from '../../catalog/components/HomeBlock.tsx';
import { TileGrid } from '../../catalog/components/TileGrid.tsx';
import { linkIfBuilt } from '../../i18n/implemented.ts';
import { useFavoriteActorsList } from '../hooks/useFavoriteActorsList.ts';
import { useFavoritesT } from '../hooks/useFavoritesT.ts';
import { FavoriteActorCard } from './FavoriteActorCard.tsx';
import '../favorites.css';

export const HOME_FAVORITES = 10;

export function FavoriteHomeBlock({ lang }: { lang: Language }) {
  const t = useFavoritesT(lang);
  const { actors, online, total } = useFavoriteActorsList();
  if (!actors || actors.length === 0) return null;
  const all = linkIfBuilt('MyVela/FavoriteCams', lang);
  return (
    <HomeBlock id="favorite" title={t('home.title')} href={all}>
      <p className="favorite-cams__summary">
        <span className="badge badge--online" data-favorites-online={online}>
          {t('online', { online, total })}
        </span>
      </p>
      <TileGrid
        items={actors.slice(0, HOME_FAVORITES)}
        keyOf={(actor) => actor.id}
        labelledBy="favorite-title"
        render={(actor) => (
          <div className="favorite-cams__item" data-favorite-home={actor.id} data-online={actor.isOnline}>
            <FavoriteActorCard actor={actor} lang={lang} t={t} />
          </div>
        )}
      />
      {all && actors.length > HOME_FAVORITES ? (
        <p className="favorite-cams__more">
          <Link to={all}>{t('home.all')}</Link>
        </p>
      ) : null}
    </HomeBlock>
  );
}

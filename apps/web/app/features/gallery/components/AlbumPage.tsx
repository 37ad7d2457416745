import type { Language } from '@vela/contracts/common';
import type { AlbumPageData } from '@vela/contracts/gallery';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { useViewer } from '../../auth/useViewer.tsx';
import { Picture } from '../../catalog/components/Picture.tsx';
import { formatCount, formatDate, formatPriceInCoins } from '../../catalog/format.ts';
import {
  PinAlbumButton,
  PinPictureButton,
  PinSedcardsButton,
} from '../../favorites/components/ItemPinButtons.tsx';
import { linkIfBuilt } from '../../i18n/implemented.ts';
import { BuyButton } from '../../purchase/components/BuyButton.tsx';
import { rateAlbum, ratePicture, rateSedcard } from '../api/galleryApi.ts';
import { useAlbumPictures } from '../hooks/useAlbumPictures.ts';
import { useGalleryT } from '../hooks/useGalleryT.ts';
import { AlbumComments } from './AlbumComments.tsx';
import { LockedPictureTile } from './LockedPictureTile.tsx';
import { RatingButtons } from './RatingButtons.tsx';

const PICTURE_SIZES = '(min-width: 1200px) 25vw, (min-width: 768px) 33vw, 50vw';

/**
 * The album page (spec 2 `/amateur/:actorName/pictures/:albumId/`, spec 3 gallery album): a small
 * header with the actor's sedcard (avatar, name, link to the profile, sedcard rating), the album's
 * facts and rating, the pictures grid with a rating per picture (FSK-18 pictures only for
 * age-verified guests: others see the placeholder and a hint), and the comments. An album not bought
 * shows its preview pictures and the rest as locked tiles with the buy button; buying reloads the
 * album and the locked pictures open at once (issue 17).
 */
export function AlbumPage({ lang, data }: { lang: Language; data: AlbumPageData }) {
  const t = useGalleryT(lang);
  const { loggedIn, avsAccepted } = useViewer();
  const { album, actor } = data;
  const { pictures, views, isBought, unlock, onBought, lockedCount } = useAlbumPictures(data, loggedIn);

  const profilePath =
    linkIfBuilt('Actor', lang, { actorName: actor.slug }) ??
    pathFor('Actor', lang, { actorName: actor.slug });
  const hasFsk18 = data.ageRating === 18 && !avsAccepted;

  return (
    <article className="page gallery-album" aria-labelledby="page-title">
      <header className="gallery-album__header">
        <div className="gallery-sedcard">
          <Link to={profilePath} className="gallery-sedcard__avatar">
            <Picture image={actor.avatar} alt={t('avatarAlt', { name: actor.name })} sizes="96px" eager />
          </Link>
          <div className="gallery-sedcard__body">
            <p className="gallery-sedcard__name">
              <Link to={profilePath}>{actor.name}</Link>
            </p>
            <p className={actor.isOnline ? 'status status--online' : 'status'}>
              {actor.isOnline ? t('online') : t('offline')}
            </p>
            <RatingButtons
              lang={lang}
              compact
              label={t('rating.sedcard', { name: actor.name })}
              initial={data.sedcard}
              rate={(rating) => rateSedcard(actor.id, rating)}
              loginAction={(pressed) => ({
                type: 'setSedcardsGuestRating',
                params: { targetId: actor.id, value: pressed === 1 ? 'like' : 'dislike' },
              })}
              testId="sedcard-rating"
            />
            <PinSedcardsButton lang={lang} actorId={actor.id} name={actor.name} />
            <p>
              <Link to={profilePath} className="gallery-album__back">
                ← {t('backToProfile', { name: actor.name })}
              </Link>
            </p>
          </div>
        </div>

        <div className="gallery-album__intro">
          <h1 id="page-title">{album.title}</h1>
          <dl className="facts gallery-album__facts" aria-label={t('facts')}>
            <dt>{t('type')}</dt>
            <dd>{album.type === 'video' ? t('type.video') : t('type.image')}</dd>
            <dt>{t('price')}</dt>
            <dd data-testid="album-price">{formatPriceInCoins(album.price, lang)}</dd>
            <dt>{t('views')}</dt>
            <dd data-testid="album-views">{formatCount(views)}</dd>
            <dt>{t('pictureCount')}</dt>
            <dd>{formatCount(album.pictureCount)}</dd>
            <dt>{t('published')}</dt>
            <dd>
              <time dateTime={album.createdAt}>{formatDate(album.createdAt, lang)}</time>
            </dd>
          </dl>
          {/* Bought: the page's own sentence, not the buy button's "Bought" as well. */}
          {isBought ? <p className="notice">{t('bought')}</p> : null}
          {album.price.value > 0 && !isBought ? (
            <BuyButton
              itemType="album"
              itemId={album.id}
              actorId={actor.id}
              price={album.price}
              ageRating={data.ageRating}
              bought={isBought}
              onBought={onBought}
            />
          ) : null}
          <RatingButtons
            lang={lang}
            label={t('rating.album')}
            initial={album}
            rate={(rating) => rateAlbum(album.id, rating)}
            testId="album-rating"
          />
          <PinAlbumButton lang={lang} albumId={album.id} />
          {!loggedIn ? <p className="muted gallery-album__login-hint">{t('loginToRate')}</p> : null}
        </div>
      </header>

      <section aria-labelledby="pictures-title" className="gallery-album__pictures">
        <h2 id="pictures-title">{t('pictures')}</h2>
        {hasFsk18 ? (
          <p className="notice gallery-album__fsk" data-testid="fsk-hint">
            {loggedIn ? t('fskHintGuest') : t('fskHintVisitor')}
          </p>
        ) : null}
        {lockedCount > 0 ? (
          <div className="notice gallery-album__locked" data-testid="locked-notice">
            <p>{t('locked.notice', { locked: lockedCount, count: pictures.length })}</p>
          </div>
        ) : null}
        <p className="visually-hidden" aria-live="polite" data-testid="unlock-status">
          {unlock === 'loading'
            ? t('locked.unlocking')
            : unlock === 'opened'
              ? t('locked.opened', { count: pictures.length })
              : ''}
        </p>
        {unlock === 'error' ? (
          <p className="notice" role="alert">
            {t('locked.reloadError')}
          </p>
        ) : null}
        {pictures.length === 0 ? (
          <p className="muted">{t('noPictures')}</p>
        ) : (
          <ul className="gallery-grid">
            {pictures.map((picture) => (
              <li key={picture.id} className="gallery-grid__item" data-picture-id={picture.id}>
                {picture.locked ? (
                  <LockedPictureTile picture={picture} t={t} />
                ) : (
                  <>
                    <Picture
                      image={picture.image}
                      urls={picture.urls}
                      alt={t('pictureAlt', { position: picture.position, title: album.title })}
                      sizes={PICTURE_SIZES}
                      className="gallery-grid__image"
                    />
                    <RatingButtons
                      lang={lang}
                      compact
                      label={t('rating.picture', { position: picture.position })}
                      initial={picture}
                      rate={(rating) => ratePicture(picture.id, rating)}
                    />
                    <PinPictureButton lang={lang} pictureId={picture.id} position={picture.position} />
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <AlbumComments lang={lang} albumId={album.id} initial={data.comments} />
    </article>
  );
}

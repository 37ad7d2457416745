/**
 * Photos of the media library by section (spec 2): bought albums (shop), pinned albums and pinned
 * pictures, the archive, the photos bought in the messenger (MessengerPhotosView); the feed is not
 * filled by any feature yet and says so. An album tile leads to the album page; archive and restore
 * move albums between the lists.
 */
import type { Language } from '@vela/contracts/common';
import type { MediathekAlbum, MediathekPhotoSection, PinnedPicture } from '@vela/contracts/mediathek';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { formatDate } from '../../catalog/format.ts';
import { linkIfBuilt } from '../../i18n/implemented.ts';
import { mediathekApi } from '../api.ts';
import { type MediathekT, useMediathekT } from '../hooks/useMediathekT.ts';
import { usePagedList } from '../hooks/usePagedList.ts';
import { ArchiveButton } from './ArchiveButton.tsx';
import { MessengerPhotosView } from './MessengerPhotosView.tsx';
import { PagedGrid } from './PagedGrid.tsx';

const EMPTY = {
  shop: 'empty.photos.shop',
  pinned: 'empty.photos.pinned',
  archive: 'empty.photos.archive',
  feed: 'notBuilt.feed',
} as const;

export function PhotoSectionView({ lang, section }: { lang: Language; section: MediathekPhotoSection }) {
  return section === 'messenger' ? (
    <MessengerPhotosView lang={lang} />
  ) : (
    <AlbumSectionView lang={lang} section={section} />
  );
}

function AlbumSectionView({
  lang,
  section,
}: {
  lang: Language;
  section: Exclude<MediathekPhotoSection, 'messenger'>;
}) {
  const t = useMediathekT(lang);
  const [pictures, setPictures] = useState<PinnedPicture[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const load = useCallback(
    async (offset: number) => {
      const page = await mediathekApi.photoSection(section, offset);
      if (offset === 0) setPictures(page.pictures);
      return { ...page, items: page.albums };
    },
    [section],
  );
  const list = usePagedList<MediathekAlbum>(load, section);
  const pinnedPictures =
    section === 'pinned' && pictures.length > 0 ? <PinnedPictures t={t} pictures={pictures} /> : null;
  return (
    <>
      {pinnedPictures ? <h2 className="mediathek-subtitle">{t('albums.title')}</h2> : null}
      <PagedGrid
        t={t}
        list={list}
        empty={<p>{t(EMPTY[section])}</p>}
        announcement={announcement}
        keyOf={(item) => item.album.id}
        render={(item) => (
          <AlbumTile
            item={item}
            lang={lang}
            t={t}
            archived={section === 'archive'}
            onDone={(text) => {
              setAnnouncement(text);
              if (list.state === 'ready') list.remove((other) => other.album.id === item.album.id);
            }}
          />
        )}
      />
      {pinnedPictures}
    </>
  );
}

function AlbumTile({
  item,
  lang,
  t,
  archived,
  onDone,
}: {
  item: MediathekAlbum;
  lang: Language;
  t: MediathekT;
  archived: boolean;
  onDone: (text: string) => void;
}) {
  const { album } = item;
  const href = linkIfBuilt('Actor/Pictures', lang, { actorName: album.actor.slug, albumId: album.id });
  const media = (
    <>
      <span className="tile__media">
        <Picture image={album.cover} alt="" />
      </span>
      <span className="tile__body">
        <span className="tile__title">{album.title}</span>
      </span>
    </>
  );
  const dateKey = archived ? 'tile.archived' : item.source === 'pinned' ? 'tile.pinned' : 'tile.bought';
  return (
    <article className="tile mediathek-tile" data-album-id={album.id}>
      {href ? (
        <Link className="tile__link" to={href} aria-label={t('album.open', { title: album.title })}>
          {media}
        </Link>
      ) : (
        <div className="tile__link">{media}</div>
      )}
      <div className="tile__body tile__body--after">
        <span className="tile__meta">{t('tile.by', { name: album.actor.name })}</span>
        <span className="tile__meta">{t('album.pictures', { count: album.pictureCount })}</span>
        <span className="tile__meta">{t(dateKey, { date: formatDate(item.at, lang) })}</span>
        <div className="mediathek-tile__actions">
          <ArchiveButton
            lang={lang}
            mediaType="photo"
            itemId={album.id}
            title={album.title}
            archived={archived}
            onDone={onDone}
          />
        </div>
      </div>
    </article>
  );
}

function PinnedPictures({ t, pictures }: { t: MediathekT; pictures: readonly PinnedPicture[] }) {
  return (
    <section aria-labelledby="mediathek-pictures-title" className="mediathek-pictures">
      <h2 id="mediathek-pictures-title" className="mediathek-subtitle">
        {t('pictures.title')}
      </h2>
      <ul className="mediathek-picture-grid">
        {pictures.map((picture) =>
          picture.locked ? (
            <li key={picture.id} className="mediathek-picture mediathek-picture--locked">
              <span role="img" aria-label={t('picture.locked')}>
                🔒
              </span>
            </li>
          ) : (
            <li key={picture.id} className="mediathek-picture">
              <Picture
                image={picture.image}
                urls={picture.urls}
                alt={t('picture.alt', { position: picture.position })}
                sizes="160px"
              />
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

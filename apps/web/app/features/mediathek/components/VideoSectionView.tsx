/**
 * Videos of the media library by section (spec 2): bought (shop) and archive list the guest's
 * videos, playlists has its own view, messenger the clips bought in the messenger
 * (MessengerClipsView); pinned, feed and chat clips are not filled by any feature yet and say so (the
 * server answers them empty with `available: false`).
 */
import type { Language } from '@vela/contracts/common';
import type { MediathekVideo, MediathekVideoSection, PlaylistSummary } from '@vela/contracts/mediathek';
import { pathFor } from '@vela/i18n/routes';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { mediathekApi } from '../api.ts';
import { useMediathekT } from '../hooks/useMediathekT.ts';
import { usePagedList } from '../hooks/usePagedList.ts';
import { AddToPlaylist } from './AddToPlaylist.tsx';
import { ArchiveButton } from './ArchiveButton.tsx';
import { MediathekVideoTile } from './MediathekVideoTile.tsx';
import { MessengerClipsView } from './MessengerClipsView.tsx';
import { PagedGrid } from './PagedGrid.tsx';
import { PlaylistsView } from './PlaylistsView.tsx';

const NOT_FILLED = {
  pinned: 'notBuilt.videos.pinned',
  feed: 'notBuilt.feed',
  clips: 'notBuilt.clips',
} as const;

export function VideoSectionView({ lang, section }: { lang: Language; section: MediathekVideoSection }) {
  if (section === 'playlist') return <PlaylistsView lang={lang} />;
  if (section === 'messenger') return <MessengerClipsView lang={lang} />;
  return <VideoList key={section} lang={lang} section={section} />;
}

function VideoList({
  lang,
  section,
}: {
  lang: Language;
  section: Exclude<MediathekVideoSection, 'playlist' | 'messenger'>;
}) {
  const t = useMediathekT(lang);
  const load = useCallback((offset: number) => mediathekApi.videoSection(section, offset), [section]);
  const list = usePagedList<MediathekVideo>(load, section);
  const [announcement, setAnnouncement] = useState('');
  const [playlists, setPlaylists] = useState<PlaylistSummary[]>([]);
  useEffect(() => {
    if (section !== 'shop') return;
    let live = true;
    // Without the playlists the tiles simply offer no picker; the list itself still shows.
    mediathekApi.playlists().then(
      (answer) => live && setPlaylists(answer.playlists),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [section]);

  const empty =
    section === 'shop' ? (
      <>
        <p>{t('empty.videos.shop')}</p>
        <Link to={pathFor('Videos', lang)}>{t('empty.browseVideos')}</Link>
      </>
    ) : section === 'archive' ? (
      <p>{t('empty.videos.archive')}</p>
    ) : (
      <p>{t(NOT_FILLED[section])}</p>
    );

  return (
    <PagedGrid
      t={t}
      list={list}
      empty={empty}
      announcement={announcement}
      keyOf={(item) => item.video.id}
      render={(item) => (
        <MediathekVideoTile
          item={item}
          lang={lang}
          actions={
            <>
              <ArchiveButton
                lang={lang}
                mediaType="video"
                itemId={item.video.id}
                title={item.video.title}
                archived={section === 'archive'}
                onDone={(text) => {
                  setAnnouncement(text);
                  if (list.state === 'ready') list.remove((other) => other.video.id === item.video.id);
                }}
              />
              {section === 'shop' && item.watchable ? (
                <AddToPlaylist
                  lang={lang}
                  videoId={item.video.id}
                  title={item.video.title}
                  playlists={playlists}
                  onAdded={(updated) =>
                    setPlaylists((current) => current.map((p) => (p.id === updated.id ? updated : p)))
                  }
                />
              ) : null}
            </>
          }
        />
      )}
    />
  );
}

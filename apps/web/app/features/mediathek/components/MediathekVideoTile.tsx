/**
 * A video of the media library: the picture opens the player on this page (`?video=<id>`,
 * issue 17 contract 2), the performer's name leads to the profile; below, when it was bought or
 * archived, Archive or Restore, and (bought list) adding it to a playlist.
 */
import type { Language } from '@vela/contracts/common';
import type { MediathekVideo } from '@vela/contracts/mediathek';
import { pathFor } from '@vela/i18n/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { formatDate, formatDurationLabel } from '../../catalog/format.ts';
import { useVideoPlayerHref } from '../../purchase/videoLink.ts';
import { useMediathekT } from '../hooks/useMediathekT.ts';

export function MediathekVideoTile({
  item,
  lang,
  actions,
}: {
  item: MediathekVideo;
  lang: Language;
  /** Archive / Restore and the playlist picker. */
  actions: ReactNode;
}) {
  const t = useMediathekT(lang);
  const { video } = item;
  const playerHref = useVideoPlayerHref(video.id);
  return (
    <article className="tile tile--video mediathek-tile" data-video-id={video.id}>
      {/* The picture is the play button; the title below is its name (one link, not two). */}
      <Link
        className="tile__link tile__media tile__media--wide"
        to={playerHref}
        preventScrollReset
        aria-label={t('tile.play', { title: video.title })}
      >
        <Picture image={video.preview} alt="" />
        <span className="badge badge--duration">{formatDurationLabel(video.duration, lang)}</span>
      </Link>
      <div className="tile__body">
        <h3 className="tile__title mediathek-tile__title">{video.title}</h3>
        <Link className="tile__meta tile__actor" to={pathFor('Actor', lang, { actorName: video.actor.slug })}>
          {t('tile.by', { name: video.actor.name })}
        </Link>
        <span className="tile__meta">
          {t(item.source === 'archived' ? 'tile.archived' : 'tile.bought', {
            date: formatDate(item.at, lang),
          })}
        </span>
        <div className="mediathek-tile__actions">{actions}</div>
      </div>
    </article>
  );
}

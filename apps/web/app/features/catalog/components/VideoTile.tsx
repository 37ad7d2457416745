import type { Language } from '@vela/contracts/common';
import type { VideoTile as VideoTileData } from '@vela/contracts/pages';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { VideoBuyButton } from '../../purchase/components/VideoBuyButton.tsx';
import { useVideoPlayerHref } from '../../purchase/videoLink.ts';
import { formatDate, formatDurationLabel } from '../format.ts';
import { Picture } from './Picture.tsx';

interface VideoTileProps {
  video: VideoTileData;
  lang: Language;
  eager?: boolean;
  /** The caller's spec 3 guestInfo when the listing carries it (bought, VIP flatrate). */
  guestInfo?: { bought: boolean; flatrate?: boolean };
}

/**
 * A video tile: the picture and title open the player on this page (`?video=<id>`, issue 17 contract
 * 2), the performer's name leads to the profile, and the buy button (price in coins, discount, voucher,
 * VIP, bought) sits beside the links, never inside one.
 */
export function VideoTile({ video, lang, eager, guestInfo }: VideoTileProps) {
  const t = usePagesT(lang);
  const playerHref = useVideoPlayerHref(video.id);
  return (
    <article className="tile tile--video" data-video-id={video.id}>
      <Link className="tile__link" to={playerHref} preventScrollReset>
        <span className="tile__media tile__media--wide">
          <Picture image={video.preview} alt={t('tile.videoAlt', { title: video.title })} eager={eager} />
          <span className="badge badge--duration">{formatDurationLabel(video.duration, lang)}</span>
          <span className="tile__badges">
            {video.isNew ? <span className="badge">{t('tile.new')}</span> : null}
            {video.vip ? <span className="badge badge--vip">{t('tile.vip')}</span> : null}
          </span>
        </span>
        <span className="tile__body">
          <span className="tile__title">{video.title}</span>
        </span>
      </Link>
      <div className="tile__body tile__body--after">
        <Link className="tile__meta tile__actor" to={pathFor('Actor', lang, { actorName: video.actor.slug })}>
          {t('tile.byActor', { name: video.actor.name })}
        </Link>
        <span className="tile__meta">{t('tile.released', { date: formatDate(video.releasedAt, lang) })}</span>
        {video.free ? (
          <span className="tile__price">{t('tile.free')}</span>
        ) : (
          <VideoBuyButton video={video} guestInfo={guestInfo} />
        )}
      </div>
    </article>
  );
}

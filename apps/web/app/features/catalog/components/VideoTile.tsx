import type { Language } from '@vela/contracts/common';
import type { VideoTile as VideoTileData } from '@vela/contracts/pages';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { formatCoins, formatDate, formatDurationLabel, priceInCoins } from '../format.ts';
import { Picture } from './Picture.tsx';

interface VideoTileProps {
  video: VideoTileData;
  lang: Language;
  eager?: boolean;
}

/** A video tile. Videos have no page yet, so the tile links to the performer's profile. */
export function VideoTile({ video, lang, eager }: VideoTileProps) {
  const t = usePagesT(lang);
  const coins = priceInCoins(video.price);
  const baseCoins = priceInCoins(video.basePrice);
  return (
    <Link className="tile tile--link" to={pathFor('Actor', lang, { actorName: video.actor.slug })}>
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
        <span className="tile__meta">{t('tile.byActor', { name: video.actor.name })}</span>
        <span className="tile__price">
          {video.free ? (
            t('tile.free')
          ) : (
            <>
              {baseCoins > coins ? <s className="tile__old-price">{formatCoins(baseCoins, lang)}</s> : null}{' '}
              {formatCoins(coins, lang)}
            </>
          )}
        </span>
        <span className="tile__meta">{t('tile.released', { date: formatDate(video.releasedAt, lang) })}</span>
      </span>
    </Link>
  );
}

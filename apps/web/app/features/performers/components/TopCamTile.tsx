import type { Language } from '@vela/contracts/common';
import type { TopCam } from '@vela/contracts/performers';
import { Link } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { formatChatPrice, formatPriceInCoins, perMinute } from '../../catalog/format.ts';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { useActorOnline } from '../../realtime/hooks/useActorOnline.ts';
import { usePerformersT } from '../usePerformersT.ts';

/** A top cam of spec 3: picture, online and videocall state, age, chat price, chat rating (with 10+ ratings), videocall price, fans. */
export function TopCamTile({ cam, lang, eager }: { cam: TopCam; lang: Language; eager?: boolean }) {
  const t = usePerformersT(lang);
  const pages = usePagesT(lang);
  const online = useActorOnline(cam.id, cam.online);
  return (
    <Link className="tile tile--link top-cam" to={cam.profileLink}>
      <span className="tile__media">
        <Picture image={cam.previewPicture} alt={pages('tile.avatarAlt', { name: cam.name })} eager={eager} />
        <span className="tile__badges">
          {online ? <span className="badge badge--online">{pages('tile.online')}</span> : null}
          {cam.onlineVideocall ? (
            <span className="badge top-cam__videocall">{t('top.videocall')}</span>
          ) : null}
        </span>
      </span>
      <span className="tile__body">
        <span className="tile__title">{cam.name}</span>
        <span className="tile__meta">{pages('tile.age', { age: cam.age })}</span>
        <span className="tile__price">{formatChatPrice(cam.chatPrice, lang)}</span>
        {cam.satisfactionRate !== null ? (
          <span className="top-cam__note top-cam__rating">
            {t('top.rating', { rate: cam.satisfactionRate, count: cam.ratingCount })}
          </span>
        ) : null}
        {cam.videocallPrice.value > 0 ? (
          <span className="top-cam__note">
            {t('top.videocallPrice', {
              price: perMinute(formatPriceInCoins(cam.videocallPrice, lang), lang),
            })}
          </span>
        ) : null}
        {cam.pinnedCount > 0 ? (
          <span className="top-cam__note">{t('top.pinned', { count: cam.pinnedCount })}</span>
        ) : null}
      </span>
    </Link>
  );
}

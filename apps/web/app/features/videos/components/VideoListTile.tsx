import type { Language } from '@vela/contracts/common';
import type { VideoListItem } from '@vela/contracts/videos';
import { VideoTile } from '../../catalog/components/VideoTile.tsx';
import { useVideosT } from '../useVideosT.ts';

/**
 * A listing tile: the catalogue's video tile with the caller's spec 3 guestInfo (bought and the VIP
 * flatrate, for logged-in guests): its buy button shows "Bought" or "Included in your VIP membership".
 */
export function VideoListTile({
  video,
  lang,
  eager,
}: {
  video: VideoListItem;
  lang: Language;
  eager?: boolean;
}) {
  const t = useVideosT(lang);
  return (
    <div className="video-list-tile">
      <VideoTile video={video} lang={lang} eager={eager} guestInfo={video.guestInfo} />
      {video.guestInfo.bought ? (
        <span className="badge video-list-tile__bought">{t('grid.bought')}</span>
      ) : null}
    </div>
  );
}

import type { Language } from '@vela/contracts/common';
import type { VideoListItem } from '@vela/contracts/videos';
import { VideoTile } from '../../catalog/components/VideoTile.tsx';

/**
 * A listing tile: the catalogue's video tile with the caller's spec 3 guestInfo (bought and the VIP
 * flatrate, for logged-in guests): its buy area says "Bought" (with Play) or "Included in your VIP
 * membership" instead of offering the purchase.
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
  return (
    <div className="video-list-tile" data-bought={video.guestInfo.bought || undefined}>
      <VideoTile video={video} lang={lang} eager={eager} guestInfo={video.guestInfo} />
    </div>
  );
}

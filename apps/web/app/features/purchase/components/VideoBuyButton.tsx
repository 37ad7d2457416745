import type { VideoTile } from '@vela/contracts/pages';
import type { BuyResult } from '@vela/contracts/promotions-api';
import { BuyButton } from './BuyButton.tsx';

/**
 * The buy button of a video as the catalogue describes it (a tile, the player modal): its price, base
 * price, performer, age rating and VIP flag, with the caller's spec 3 guestInfo when known.
 */
export function VideoBuyButton({
  video,
  guestInfo,
  onBought,
}: {
  video: Pick<VideoTile, 'id' | 'actor' | 'price' | 'basePrice' | 'ageRating' | 'vip'>;
  guestInfo?: { bought: boolean; flatrate?: boolean } | undefined;
  onBought?: (result: BuyResult) => void;
}) {
  return (
    <BuyButton
      itemType="video"
      itemId={video.id}
      actorId={video.actor.id}
      price={video.price}
      basePrice={video.basePrice}
      ageRating={video.ageRating}
      vip={video.vip}
      {...(guestInfo ? { bought: guestInfo.bought } : {})}
      {...(guestInfo?.flatrate !== undefined ? { flatrate: guestInfo.flatrate } : {})}
      {...(onBought ? { onBought } : {})}
    />
  );
}

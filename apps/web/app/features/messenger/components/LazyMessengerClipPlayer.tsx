/**
 * The messenger clip player, loaded when a guest opens a bought clip (the player library, media-chrome
 * and hls.js, stays out of the messenger's and the media library's first load).
 */
import { lazy, Suspense } from 'react';
import type { MessengerClipPlayerProps } from './MessengerClipPlayer.tsx';

const Player = lazy(() => import('./MessengerClipPlayer.tsx'));

export function LazyMessengerClipPlayer(props: MessengerClipPlayerProps & { loadingLabel: string }) {
  const { loadingLabel, ...player } = props;
  return (
    <Suspense
      fallback={
        <div className="messenger-clip-player" aria-busy="true">
          <img src={player.clip.posterUrl} alt={loadingLabel} />
        </div>
      }
    >
      <Player {...player} />
    </Suspense>
  );
}
